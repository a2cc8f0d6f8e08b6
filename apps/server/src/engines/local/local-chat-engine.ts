import { type ChatLanguage, type ElementType, swatchNamesByLanguage } from '@facelift/shared';
import { AppError } from '../../lib/app-error.ts';
import type { ChatEngine, ChatReply, ChatReplyRequest } from '../chat-engine.ts';
import { LocalImageEngine, type Paint, planPaints } from './local-image-engine.ts';

type AreaName = ElementType | 'mask';

/** The order replies list the parts in: large surfaces first. */
const listedOrder: readonly ElementType[] = ['walls', 'roof', 'windowFrames', 'doorFrames'];

/**
 * How each reply names things, per interface language. French writes its apostrophe as the
 * typographic ’, as the web app's locale files do (decision 294).
 */
export const replyWording: Record<
  ChatLanguage,
  {
    areas: Record<AreaName, string>;
    /** "the walls sage": one item after the verb "painted". */
    paintedItem: (area: string, colour: string) => string;
    painted: string;
    darker: (area: string) => string;
    lighter: (area: string) => string;
    and: string;
    unchanged: string;
    /** An example request, in the language's own words. */
    tryThis: string;
    marked: (areas: string) => string;
    noneMarked: string;
    help: Record<string, (area: string) => string>;
  }
> = {
  en: {
    areas: {
      walls: 'the walls',
      roof: 'the roof',
      windowFrames: 'the window frames',
      doorFrames: 'the door frames',
      mask: 'the painted area',
    },
    paintedItem: (area, colour) => `${area} ${colour}`,
    painted: 'painted',
    darker: (area) => `made ${area} darker`,
    lighter: (area) => `made ${area} lighter`,
    and: 'and',
    unchanged: 'Everything else is unchanged.',
    tryThis: 'Try "paint the walls sage and the door frames white" or "the roof darker".',
    marked: (areas) => `Marked areas: ${areas}.`,
    noneMarked: 'No part of the facade is marked yet: use "Mark areas" under the photo.',
    help: {
      structural_change: () =>
        'Offline I can only repaint: I cannot add, remove, move or reshape parts of the house.',
      no_colour: () =>
        'Offline I can repaint the walls, the roof, the window frames, the door frames or the painted area, but I did not find a colour in your message.',
      no_area: () =>
        'Which part should I paint? Name the walls, the roof, the window frames or the door frames, or paint the area with "Mark areas".',
      missing_region: (area) => `No area is marked for ${area}. Mark it with "Mark areas", then ask again.`,
      empty_area: (area) => `The area marked for ${area} is empty. Mark it again with "Mark areas".`,
      several_colours_one_area: () =>
        'The painted area can take only one colour. Name one colour, or mark each part with "Mark areas".',
    },
  },
  es: {
    areas: {
      walls: 'las paredes',
      roof: 'el tejado',
      windowFrames: 'los marcos de las ventanas',
      doorFrames: 'los marcos de las puertas',
      mask: 'la zona pintada',
    },
    paintedItem: (area, colour) => `${area} de ${colour}`,
    painted: 'he pintado',
    darker: (area) => `he oscurecido ${area}`,
    lighter: (area) => `he aclarado ${area}`,
    and: 'y',
    unchanged: 'El resto no ha cambiado.',
    tryThis:
      'Prueba con "pinta las paredes de verde salvia y los marcos de las puertas de blanco" o "el tejado más oscuro".',
    marked: (areas) => `Zonas marcadas: ${areas}.`,
    noneMarked: 'Todavía no hay ninguna parte de la fachada marcada: usa "Marcar zonas" bajo la foto.',
    help: {
      structural_change: () =>
        'Sin conexión solo puedo repintar: no puedo añadir, quitar, mover ni cambiar la forma de partes de la casa.',
      no_colour: () =>
        'Sin conexión puedo repintar las paredes, el tejado, los marcos de las ventanas, los de las puertas o la zona pintada, pero no he encontrado ningún color en tu mensaje.',
      no_area: () =>
        '¿Qué parte debo pintar? Nombra las paredes, el tejado, los marcos de las ventanas o de las puertas, o pinta la zona con "Marcar zonas".',
      missing_region: (area) =>
        `No hay ninguna zona marcada para ${area}. Márcala con "Marcar zonas" y vuelve a pedirlo.`,
      empty_area: (area) => `La zona marcada para ${area} está vacía. Vuelve a marcarla con "Marcar zonas".`,
      several_colours_one_area: () =>
        'La zona pintada solo puede tener un color. Nombra un solo color o marca cada parte con "Marcar zonas".',
    },
  },
  fr: {
    areas: {
      walls: 'les murs',
      roof: 'le toit',
      windowFrames: 'les cadres des fenêtres',
      doorFrames: 'les cadres des portes',
      mask: 'la zone peinte',
    },
    paintedItem: (area, colour) => `${area} en ${colour}`,
    painted: 'j’ai peint',
    darker: (area) => `j’ai assombri ${area}`,
    lighter: (area) => `j’ai éclairci ${area}`,
    and: 'et',
    unchanged: 'Le reste est inchangé.',
    tryThis:
      'Essayez « peins les murs en vert sauge et les cadres des portes en blanc » ou « le toit plus foncé ».',
    marked: (areas) => `Zones marquées : ${areas}.`,
    noneMarked:
      'Aucune partie de la façade n’est encore marquée : utilisez « Marquer les zones » sous la photo.',
    help: {
      structural_change: () =>
        'Hors ligne, je peux seulement repeindre : je ne peux pas ajouter, enlever, déplacer ni transformer des parties de la maison.',
      no_colour: () =>
        'Hors ligne, je peux repeindre les murs, le toit, les cadres des fenêtres, ceux des portes ou la zone peinte, mais je n’ai trouvé aucune couleur dans votre message.',
      no_area: () =>
        'Quelle partie dois-je peindre ? Nommez les murs, le toit, les cadres des fenêtres ou des portes, ou peignez la zone avec « Marquer les zones ».',
      missing_region: (area) =>
        `Aucune zone n’est marquée pour ${area}. Marquez-la avec « Marquer les zones », puis redemandez.`,
      empty_area: (area) =>
        `La zone marquée pour ${area} est vide. Marquez-la de nouveau avec « Marquer les zones ».`,
      several_colours_one_area: () =>
        'La zone peinte ne peut prendre qu’une couleur. Nommez une seule couleur, ou marquez chaque partie avec « Marquer les zones ».',
    },
  },
};

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function joinList(items: string[], and: string): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${and} ${items.at(-1)}`;
}

/**
 * The offline chat (docs/product.md, Chat and Image engines): it reads colour requests in
 * English, Spanish or French, paints them with the local visualizer onto the marked element
 * regions or the painted mask, and says what it did. What it cannot do gets a text reply
 * that says what it can do and which parts are marked; such a reply has no image and so
 * costs nothing.
 */
export class LocalChatEngine implements ChatEngine {
  readonly name = 'local' as const;

  constructor(private readonly images = new LocalImageEngine()) {}

  async reply(request: ChatReplyRequest): Promise<ChatReply> {
    const directives = { mode: 'inpainting', freeText: request.text } as const;
    try {
      const paints = planPaints(directives, request.mask !== undefined);
      const result = await this.images.edit({
        image: request.image,
        mask: request.mask,
        elementRegions: request.elementRegions,
        prompt: request.text,
        directives,
        // The visualizer paints at the source's own size; the provider size does not apply.
        outputSize: '1024x1024',
        signal: request.signal,
      });
      return { text: this.describe(paints, request), image: result.image, engine: this.name };
    } catch (error) {
      // What the visualizer cannot do, or an area not yet marked, is answered in words.
      if (
        error instanceof AppError &&
        (error.code === 'ENGINE_UNSUPPORTED' || error.code === 'AREA_NOT_MARKED')
      ) {
        return { text: this.explain(error, request), image: null, engine: this.name };
      }
      throw error;
    }
  }

  /** "Painted the walls sage and made the roof darker. Everything else is unchanged." */
  private describe(paints: Paint[], request: ChatReplyRequest): string {
    const words = replyWording[request.language];
    const areaOf = (paint: Paint) => {
      // An element without a marked region was painted through the mask (see planPaints).
      const element = paint.area.kind === 'element' ? paint.area.element : null;
      return words.areas[element && request.elementRegions?.[element] ? element : 'mask'];
    };
    const painted: string[] = [];
    const shifted: string[] = [];
    for (const paint of paints) {
      if (paint.colour.kind === 'shift') {
        shifted.push(words[paint.colour.direction](areaOf(paint)));
        continue;
      }
      // Chat requests name swatches; a custom colour (from directives) is spoken by its hex.
      if (paint.colour.kind === 'custom') {
        painted.push(words.paintedItem(areaOf(paint), paint.colour.hex));
        continue;
      }
      const { swatch } = paint.colour;
      const colour =
        request.language === 'en' ? swatch.name : swatchNamesByLanguage[request.language][swatch.key];
      painted.push(words.paintedItem(areaOf(paint), colour.toLowerCase()));
    }
    const phrases = [
      ...(painted.length > 0 ? [`${words.painted} ${joinList(painted, words.and)}`] : []),
      ...shifted,
    ];
    return `${capitalise(joinList(phrases, words.and))}. ${words.unchanged}`;
  }

  /** What went wrong in the user's language, what to ask instead, and which parts are marked. */
  private explain(error: AppError, request: ChatReplyRequest): string {
    const words = replyWording[request.language];
    const details = (error.details ?? {}) as { reason?: string; element?: ElementType };
    const reason = details.reason && details.reason in words.help ? details.reason : 'no_colour';
    const area = details.element ? words.areas[details.element] : words.areas.mask;
    const help = (words.help[reason] as (area: string) => string)(area);
    const marked = listedOrder.filter((element) => request.elementRegions?.[element]);
    const markedText =
      marked.length > 0
        ? words.marked(
            joinList(
              marked.map((element) => words.areas[element]),
              words.and,
            ),
          )
        : words.noneMarked;
    return [help, words.tryThis, markedText].join(' ');
  }
}
