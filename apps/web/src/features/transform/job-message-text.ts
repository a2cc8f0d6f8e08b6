import type { TFunction } from 'i18next';

/**
 * A failed job's message in the interface's language (docs/decisions/173-job-messages-translated.md).
 * The server writes its job errors in English (engines, timeouts; decision 113 translates four codes
 * whose message is fixed); the ones below are fixed sentences too, some with a value (an element,
 * a number, the user's quoted request), so the browser recognises each and shows its translation.
 * A message it does not know is shown as the server wrote it. `saysWhatToDo`: the text already
 * names the next step, so the code's generic hint would only repeat it.
 */
export interface JobMessageText {
  text: string;
  saysWhatToDo: boolean;
}

type Element = 'windowFrames' | 'doorFrames' | 'walls' | 'roof';

const elementsByEnglishName: Record<string, Element> = {
  'window frames': 'windowFrames',
  'door frames': 'doorFrames',
  walls: 'walls',
  roof: 'roof',
};
const elementGroup = `(${Object.keys(elementsByEnglishName).join('|')})`;

interface KnownMessage {
  pattern: RegExp;
  text(t: TFunction<'transform'>, match: RegExpExecArray): string;
  saysWhatToDo?: boolean;
}

function element(match: RegExpExecArray): Element {
  return elementsByEnglishName[match[1] as string] as Element;
}

function exact(message: string): RegExp {
  return new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

const knownMessages: KnownMessage[] = [
  {
    pattern: exact('The transformation took too long and was stopped. Your credits were refunded.'),
    text: (t) => t('jobMessages.timeout'),
  },
  {
    pattern: /^No image data returned from (.+)$/,
    text: (t, match) => t('jobMessages.noImageData', { provider: match[1] }),
  },
  {
    // The catalogue's text (docs/product.md, Messages): it says where to paint, so no other hint.
    pattern: exact('The painted area is empty.'),
    text: (t) => t('jobMessages.paintedAreaEmpty'),
    saysWhatToDo: true,
  },
  {
    pattern: new RegExp(`^No area is marked for the ${elementGroup}\\.$`),
    text: (t, match) => t(`jobMessages.noAreaMarked.${element(match)}`),
  },
  {
    pattern: new RegExp(`^The ${elementGroup} area is empty\\.$`),
    text: (t, match) => t(`jobMessages.areaEmpty.${element(match)}`),
  },
  {
    pattern: new RegExp(`^The part of the ${elementGroup} area inside the painted area is empty\\.$`),
    text: (t, match) => t(`jobMessages.areaInsidePaintedEmpty.${element(match)}`),
  },
  {
    pattern: exact(
      'The offline paint visualizer cannot change door glass, which changes the shape of the door. Clear the door glass style to repaint only.',
    ),
    text: (t) => t('jobMessages.doorGlass'),
    saysWhatToDo: true,
  },
  {
    pattern: exact(
      'One painted area can take only one colour. Name one colour, or mark each element with the region tools.',
    ),
    text: (t) => t('jobMessages.severalColours'),
    saysWhatToDo: true,
  },
  {
    pattern: exact(
      'Say which part to paint (walls, roof, window frames or door frames), or paint the area in the mask editor.',
    ),
    text: (t) => t('jobMessages.noArea'),
    saysWhatToDo: true,
  },
  {
    pattern:
      /^The offline paint visualizer only recolours; it cannot add, remove, move or reshape parts of the building \((".*")\)\. Ask for a colour instead, such as "paint the walls sage"\.$/,
    text: (t, match) => t('jobMessages.structural', { request: match[1] }),
    saysWhatToDo: true,
  },
  {
    pattern:
      /^No colour was understood in (".*")\. Name a colour from the palette, such as "paint the door burgundy" or "pinta la pared de verde salvia"\.$/,
    text: (t, match) => t('jobMessages.noColour', { request: match[1] }),
    saysWhatToDo: true,
  },
  { pattern: exact('The image service could not be reached.'), text: (t) => t('jobMessages.unreachable') },
  {
    pattern: /^The image service did not answer within (\d+) seconds\.$/,
    text: (t, match) => t('jobMessages.noAnswer', { seconds: match[1] }),
  },
  {
    pattern: /^The image service did not answer within (\d+) seconds, (\d+) times in a row\.$/,
    text: (t, match) => t('jobMessages.noAnswerRepeated', { seconds: match[1], attempts: match[2] }),
  },
  {
    pattern: exact("The image service's safety system refused this request."),
    text: (t) => t('jobMessages.safety'),
  },
  {
    pattern: exact("The image service rejected the server's API key."),
    text: (t) => t('jobMessages.keyRejected'),
  },
  {
    pattern: exact(
      'The image service refused access for this API key (the organisation may need verification for gpt-image-1).',
    ),
    text: (t) => t('jobMessages.permission'),
  },
  { pattern: exact('The image service account has run out of quota.'), text: (t) => t('jobMessages.quota') },
  {
    pattern: exact('The image service is busy (rate limit reached).'),
    text: (t) => t('jobMessages.rateLimited'),
  },
  {
    pattern: exact('The image service had an internal error.'),
    text: (t) => t('jobMessages.providerError'),
  },
  { pattern: exact('The image edit failed unexpectedly.'), text: (t) => t('jobMessages.unexpected') },
  {
    pattern: exact('The image edit was cancelled before the image service answered.'),
    text: (t) => t('jobMessages.cancelled'),
  },
  {
    pattern: exact('The image service returned an image that could not be read.'),
    text: (t) => t('jobMessages.unreadableResult'),
  },
  { pattern: exact('The chat service could not answer.'), text: (t) => t('jobMessages.chatFailed') },
  {
    pattern: /^The image service refused the request: (.+)$/s,
    text: (t, match) => t('jobMessages.refused', { detail: match[1] }),
  },
  { pattern: exact('The source image could not be read.'), text: (t) => t('jobMessages.sourceUnreadable') },
  { pattern: exact('The mask image could not be read.'), text: (t) => t('jobMessages.maskUnreadable') },
];

/** The message in the interface's language, or null when it is not one the browser knows. */
export function jobMessageText(message: string, t: TFunction<'transform'>): JobMessageText | null {
  for (const known of knownMessages) {
    const match = known.pattern.exec(message);
    if (match) return { text: known.text(t, match), saysWhatToDo: known.saysWhatToDo ?? false };
  }
  return null;
}
