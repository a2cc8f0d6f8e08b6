import { resolveItemColour } from './custom-colours.ts';
import { type DoorGlassStyle, type ElementType, elementTypes, type Scope } from './directive-options.ts';
import type { CustomInstructions, InpaintingDirectives, OptionsDirectives } from './directives.schemas.ts';

// Every sentence below is product text (docs/product.md, Offers, Prompt text): tests compare exact strings, so a
// change here is a product change.

const elementNouns: Record<Exclude<ElementType, 'windowFrames'>, string> = {
  doorFrames: 'door frames',
  walls: 'walls',
  roof: 'roof',
};

const doorGlassWords: Record<DoorGlassStyle, string> = {
  noGlass: 'no glass',
  halfGlass: 'half glass',
  threeQuarterGlass: 'three-quarter glass',
  fullGlass: 'full glass',
};

export const scopeSentences: Record<Scope, string> = {
  strict: 'Make no structural or geometric changes.',
  moderate: 'Only light updates to material textures are allowed; no structural or geometric changes.',
  creative: 'Creative redesign of windows and doors is allowed.',
};

/** The four sentences every prompt ends with. */
export const preservationSentences = [
  'Do not change any other part of the building or image.',
  'Preserve the original architectural details, colours, textures, lighting and environment.',
  'Make no other changes.',
  'Leave the rest of the image unchanged.',
] as const;

/** The sentence for one element given one swatch, e.g. "Change only the walls to sage (rgba(…))." */
export function composeElementSentence(type: ElementType, colourName: string, rgba: string): string {
  if (type === 'windowFrames') {
    return (
      `Change only the window frames to ${colourName} (${rgba}). ` +
      'Add a light neutral white reflection on the window panes. ' +
      'Keep the same number, size and position of windows and doors.'
    );
  }
  return `Change only the ${elementNouns[type]} to ${colourName} (${rgba}). Do not touch the other elements.`;
}

export function composeDoorGlassSentence(style: DoorGlassStyle): string {
  return `Make the door glass ${doorGlassWords[style]}.`;
}

/**
 * User text joins the prompt as a sentence of its own: trimmed, inner line breaks folded
 * to spaces, and a full stop added when it ends without punctuation, so that it cannot
 * run into the sentence after it.
 */
export function asSentence(text: string): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  if (folded === '') return '';
  return /[.!?…]$/.test(folded) ? folded : `${folded}.`;
}

function customInstructionSentences(instructions: CustomInstructions | undefined): string[] {
  return elementTypes.map((type) => asSentence(instructions?.[type] ?? '')).filter((text) => text !== '');
}

/**
 * The English prompt for a set of directives (docs/product.md, Offers, Prompt text). Element sentences follow the
 * fixed element order (window frames, door frames, walls, roof) whatever order they were
 * chosen in, so the same choices always give the same prompt.
 */
export function composePrompt(directives: OptionsDirectives | InpaintingDirectives): string {
  if (directives.mode === 'inpainting') {
    return [asSentence(directives.freeText), ...preservationSentences].filter(Boolean).join(' ');
  }
  const sentences: string[] = [];
  for (const type of elementTypes) {
    const item = directives.selectedItems.find((candidate) => candidate.type === type);
    if (!item) continue;
    const colour = resolveItemColour(item.value);
    if (!colour) throw new Error(`Unknown colour ${item.value}`);
    sentences.push(composeElementSentence(type, colour.name, colour.color));
  }
  if (directives.doorGlassStyle) sentences.push(composeDoorGlassSentence(directives.doorGlassStyle));
  sentences.push(...customInstructionSentences(directives.customInstructions));
  sentences.push(scopeSentences[directives.scope]);
  sentences.push(...preservationSentences);
  return sentences.join(' ');
}
