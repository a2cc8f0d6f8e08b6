import {
  type CustomColour,
  type Directives,
  type ElementType,
  elementTypes,
  type RgbBytes,
  resolveItemColour,
  type Swatch,
  swatchRgb,
} from '@facelift/shared';
import { AppError } from '../../lib/app-error.ts';
import type { ImageEditRequest, ImageEditResult, ImageEngine, MaskPng } from '../image-engine.ts';
import {
  decodeMaskWeights,
  decodeRaster,
  type EditWeights,
  encodeResult,
  isWeightsEmpty,
  type RasterImage,
} from '../raster-image.ts';
import { type ParsedInstruction, parseColourInstruction } from './colour-requests.ts';
import { type LightnessDirection, shiftRegionLightness } from './lightness-shift.ts';
import { recolourRegion } from './oklab-recolour.ts';

const elementLabels: Record<ElementType, string> = {
  windowFrames: 'window frames',
  doorFrames: 'door frames',
  walls: 'walls',
  roof: 'roof',
};

// Large surfaces first, so that frames painted inside a wall region stay on top of it.
const paintOrder: readonly ElementType[] = ['walls', 'roof', 'doorFrames', 'windowFrames'];

/** Where one colour goes: an element's marked region or the painted mask. */
export type PaintArea = { kind: 'element'; element: ElementType } | { kind: 'mask' };

/** A swatch, or the same colour as now only darker or lighter. */
export type PaintColour =
  | { kind: 'swatch'; swatch: Swatch }
  /** Any colour picked beside the swatches (docs/product.md, Studio and preview). */
  | { kind: 'custom'; hex: CustomColour; rgb: RgbBytes }
  | { kind: 'shift'; direction: LightnessDirection };

/** One change the visualizer makes: a colour on an area. */
export interface Paint {
  area: PaintArea;
  colour: PaintColour;
}

function colourKey(colour: PaintColour): string {
  if (colour.kind === 'swatch') return colour.swatch.key;
  if (colour.kind === 'custom') return colour.hex;
  return `shift:${colour.direction}`;
}

function unsupported(reason: string, message: string, details: Record<string, unknown> = {}): AppError {
  return new AppError('ENGINE_UNSUPPORTED', message, { engine: 'local', reason, ...details });
}

function quote(text: string): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  return folded.length > 80 ? `"${folded.slice(0, 77)}…"` : `"${folded}"`;
}

/** Refuses an instruction the visualizer cannot follow, saying why and what to do instead. */
function assertPaintable(parsed: ParsedInstruction, text: string): void {
  if (parsed.structuralWords.length > 0) {
    throw unsupported(
      'structural_change',
      `The offline paint visualizer only recolours; it cannot add, remove, move or reshape parts of the building (${quote(text)}). Ask for a colour instead, such as "paint the walls sage".`,
      { words: parsed.structuralWords },
    );
  }
  if (parsed.requests.length === 0 && parsed.lightnessRequests.length === 0) {
    throw unsupported(
      'no_colour',
      `No colour was understood in ${quote(text)}. Name a colour from the palette, such as "paint the door burgundy" or "pinta la pared de verde salvia".`,
    );
  }
}

/**
 * Decides what to paint where, before any pixel is touched, so that a request the engine
 * cannot serve fails fast and whole.
 */
export function planPaints(directives: Directives, hasMask: boolean): Paint[] {
  if (directives.mode === 'inpainting') {
    const parsed = parseColourInstruction(directives.freeText);
    assertPaintable(parsed, directives.freeText);
    const wanted: { elements: ElementType[]; colour: PaintColour }[] = [
      ...parsed.requests.map((request) => ({
        elements: request.elements,
        colour: { kind: 'swatch', swatch: request.swatch } as const,
      })),
      ...parsed.lightnessRequests.map((request) => ({
        elements: request.elements,
        colour: { kind: 'shift', direction: request.direction } as const,
      })),
    ];
    return wanted.flatMap(({ elements, colour }): Paint[] => {
      if (elements.length === 0) {
        if (!hasMask) {
          throw unsupported(
            'no_area',
            'Say which part to paint (walls, roof, window frames or door frames), or paint the area in the mask editor.',
          );
        }
        return [{ area: { kind: 'mask' }, colour }];
      }
      return elements.map((element) => ({ area: { kind: 'element', element }, colour }));
    });
  }
  if (directives.doorGlassStyle) {
    throw unsupported(
      'door_glass',
      'The offline paint visualizer cannot change door glass, which changes the shape of the door. Clear the door glass style to repaint only.',
    );
  }
  const chosen = new Map<ElementType, PaintColour>();
  for (const item of directives.selectedItems) {
    const colour = resolveItemColour(item.value);
    if (!colour) throw new AppError('VALIDATION_FAILED', `Unknown colour ${item.value}`);
    chosen.set(
      item.type,
      colour.custom
        ? { kind: 'custom', hex: colour.custom, rgb: colour.rgb }
        : { kind: 'swatch', swatch: colour.swatch },
    );
  }
  // A custom instruction is read as a colour request for its own element unless it names
  // another. It comes after the swatch: typed words are the user's latest, most specific say.
  for (const type of elementTypes) {
    const text = directives.customInstructions?.[type]?.trim();
    if (!text) continue;
    const parsed = parseColourInstruction(text);
    assertPaintable(parsed, text);
    for (const request of parsed.requests) {
      for (const element of request.elements.length > 0 ? request.elements : [type]) {
        chosen.set(element, { kind: 'swatch', swatch: request.swatch });
      }
    }
    for (const request of parsed.lightnessRequests) {
      for (const element of request.elements.length > 0 ? request.elements : [type]) {
        chosen.set(element, { kind: 'shift', direction: request.direction });
      }
    }
  }
  return paintOrder.flatMap((element): Paint[] => {
    const colour = chosen.get(element);
    return colour ? [{ area: { kind: 'element', element }, colour }] : [];
  });
}

/**
 * The offline engine (docs/product.md, Image engines): a deterministic paint visualizer. It recolours each marked
 * element region, or the inpainting mask, to a swatch in OKLab and leaves every other pixel
 * exactly as it was. It needs no network and no key; what it cannot do it refuses with
 * ENGINE_UNSUPPORTED so that the job is refunded.
 */
export class LocalImageEngine implements ImageEngine {
  readonly name = 'local' as const;

  async edit(request: ImageEditRequest): Promise<ImageEditResult> {
    const paints = planPaints(request.directives, request.mask !== undefined);
    const source = await decodeRaster(request.image);
    const areas = await this.resolveAreas(paints, request, source);
    request.signal?.throwIfAborted();

    // Every paint reads lightness from the original. One paint reads all of it before it
    // writes, so it can paint in place; several need the original kept aside.
    const output: RasterImage = paints.length === 1 ? source : { ...source, data: Buffer.from(source.data) };
    for (const [index, paint] of paints.entries()) {
      const area = areas[index] as EditWeights;
      if (paint.colour.kind === 'swatch' || paint.colour.kind === 'custom') {
        const rgb = paint.colour.kind === 'swatch' ? swatchRgb(paint.colour.swatch) : paint.colour.rgb;
        await recolourRegion(source, output, area, rgb, request.signal);
      } else {
        await shiftRegionLightness(source, output, area, paint.colour.direction, request.signal);
      }
    }
    request.signal?.throwIfAborted();
    const { png, thumbnail } = await encodeResult(output);
    return { image: png, thumbnail, width: source.width, height: source.height, engine: this.name };
  }

  /**
   * Decodes the area of every paint. In inpainting mode the painted mask bounds everything:
   * an element named in the text is painted where its region and the mask overlap. An
   * element without a marked region falls back to the mask, and the mask alone can take
   * only one colour.
   */
  private async resolveAreas(paints: Paint[], request: ImageEditRequest, source: RasterImage) {
    const decoded = new Map<MaskPng, Promise<EditWeights>>();
    const weightsOf = (mask: MaskPng) => {
      let weights = decoded.get(mask);
      if (!weights) {
        weights = decodeMaskWeights(mask, source.width, source.height);
        decoded.set(mask, weights);
      }
      return weights;
    };
    const mask = request.mask ? await weightsOf(request.mask) : null;
    const isBoundedByMask = request.directives.mode === 'inpainting' && mask !== null;
    const bareMaskColours = new Set<string>();
    const areas: EditWeights[] = [];
    for (const paint of paints) {
      const element = paint.area.kind === 'element' ? paint.area.element : null;
      const region = element ? request.elementRegions?.[element] : undefined;
      let weights: EditWeights;
      let label: string;
      if (element && region) {
        weights = await weightsOf(region);
        label = `The ${elementLabels[element]} area`;
        if (isBoundedByMask && mask) {
          weights = intersect(weights, mask);
          label = `The part of the ${elementLabels[element]} area inside the painted area`;
        }
      } else if (mask) {
        weights = mask;
        label = 'The painted area';
        bareMaskColours.add(colourKey(paint.colour));
      } else if (element) {
        // The code carries the hint (mark it, then transform again): docs/decisions/082-hints-by-cause.md.
        throw new AppError('AREA_NOT_MARKED', `No area is marked for the ${elementLabels[element]}.`, {
          engine: 'local',
          reason: 'missing_region',
          element,
        });
      } else {
        throw new Error('A paint of the painted area was planned without a mask');
      }
      if (isWeightsEmpty(weights)) {
        throw new AppError('AREA_NOT_MARKED', `${label} is empty.`, {
          engine: 'local',
          reason: 'empty_area',
          ...(element ? { element } : {}),
        });
      }
      areas.push(weights);
    }
    if (bareMaskColours.size > 1) {
      throw unsupported(
        'several_colours_one_area',
        'One painted area can take only one colour. Name one colour, or mark each element with the region tools.',
      );
    }
    return areas;
  }
}

/** Where both masks are marked: the smaller weight of the two. */
function intersect(first: EditWeights, second: EditWeights): EditWeights {
  const data = new Uint8Array(first.data.length);
  for (let index = 0; index < data.length; index++) {
    data[index] = Math.min(first.data[index] as number, second.data[index] as number);
  }
  return { data, width: first.width, height: first.height };
}
