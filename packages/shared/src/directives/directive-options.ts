import type { RegionElement } from '../mask/element-regions.ts';
import type { InpaintingDirectives, OptionsDirectives } from './directives.schemas.ts';

// The directives' plain values and helpers, apart from their zod schemas (directives.schemas.ts)
// so that the web app's first screen uses them without loading zod
// (docs/decisions/108-app-shell-split.md).

/**
 * The four building elements a colour can be given to (docs/product.md, Offers), in the order
 * the element buttons show them. The same names key the regions marked for them in the mask
 * editor (regionElements), the custom instructions and the engines' element regions.
 */
export const elementTypes = [
  'windowFrames',
  'doorFrames',
  'walls',
  'roof',
] as const satisfies readonly RegionElement[];
export type ElementType = RegionElement;

/** Elements that are windows or doors, for the exclusive-editing rule (docs/product.md, Offers). */
export const windowElementTypes = ['windowFrames'] as const satisfies readonly ElementType[];
export const doorElementTypes = ['doorFrames'] as const satisfies readonly ElementType[];

export const doorGlassStyles = ['noGlass', 'halfGlass', 'threeQuarterGlass', 'fullGlass'] as const;
export type DoorGlassStyle = (typeof doorGlassStyles)[number];

/** How far the AI may go; strict is the default and what a reset returns to. */
export const scopes = ['strict', 'moderate', 'creative'] as const;
export type Scope = (typeof scopes)[number];
export const defaultScope: Scope = 'strict';

/**
 * What a swatch click colours: the element chosen with the element buttons
 * ("selectedItems"), every window frame, or every door frame.
 */
export const applyTargets = ['selectedItems', 'allWindows', 'allDoors'] as const;
export type ApplyTarget = (typeof applyTargets)[number];

/** Longest custom instruction or free-text prompt; the provider accepts 32,000 characters in all. */
export const maxInstructionLength = 2000;

/** True when the directives ask for at least one change. */
export function hasDirectiveContent(directives: OptionsDirectives | InpaintingDirectives): boolean {
  if (directives.mode === 'inpainting') return directives.freeText.trim() !== '';
  const hasInstruction = Object.values(directives.customInstructions ?? {}).some(
    (text) => (text ?? '').trim() !== '',
  );
  return directives.selectedItems.length > 0 || directives.doorGlassStyle != null || hasInstruction;
}

/** The directives of a fresh or reset panel: options mode, nothing chosen, strict scope. */
export function createEmptyDirectives(): OptionsDirectives {
  return {
    mode: 'options',
    selectedItems: [],
    customInstructions: {},
    doorGlassStyle: null,
    scope: defaultScope,
    applyTo: 'selectedItems',
  };
}
