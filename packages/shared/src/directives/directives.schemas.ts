import { z } from 'zod';
import type { RegionElement } from '../mask/element-regions.ts';
import { type CustomColour, isCustomColour } from './custom-colours.ts';
import { type SwatchTitleKey, swatchTitleKeys } from './swatches.ts';

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
export const elementTypeSchema = z.enum(elementTypes);

/** Elements that are windows or doors, for the exclusive-editing rule (docs/product.md, Offers). */
export const windowElementTypes = ['windowFrames'] as const satisfies readonly ElementType[];
export const doorElementTypes = ['doorFrames'] as const satisfies readonly ElementType[];

export const doorGlassStyles = ['noGlass', 'halfGlass', 'threeQuarterGlass', 'fullGlass'] as const;
export type DoorGlassStyle = (typeof doorGlassStyles)[number];
export const doorGlassStyleSchema = z.enum(doorGlassStyles);

/** How far the AI may go; strict is the default and what a reset returns to. */
export const scopes = ['strict', 'moderate', 'creative'] as const;
export type Scope = (typeof scopes)[number];
export const scopeSchema = z.enum(scopes);
export const defaultScope: Scope = 'strict';

/**
 * What a swatch click colours: the element chosen with the element buttons
 * ("selectedItems"), every window frame, or every door frame.
 */
export const applyTargets = ['selectedItems', 'allWindows', 'allDoors'] as const;
export type ApplyTarget = (typeof applyTargets)[number];
export const applyTargetSchema = z.enum(applyTargets);

export const swatchTitleKeySchema = z.enum(swatchTitleKeys as [SwatchTitleKey, ...SwatchTitleKey[]], {
  error: 'Unknown colour',
});

const swatchTitleKeySet = new Set<string>(swatchTitleKeys);

/** A swatch's title key or a custom colour in the strict "#rrggbb" form (custom-colours.ts). */
export const itemColourSchema = z.custom<SwatchTitleKey | CustomColour>(
  (value) => typeof value === 'string' && (swatchTitleKeySet.has(value) || isCustomColour(value)),
  { error: 'Unknown colour' },
);

export const selectedItemSchema = z.object({
  type: elementTypeSchema,
  value: itemColourSchema,
});
export type SelectedItem = z.infer<typeof selectedItemSchema>;

/** Longest custom instruction or free-text prompt; the provider accepts 32,000 characters in all. */
export const maxInstructionLength = 2000;

const instructionSchema = z.string().trim().max(maxInstructionLength);

export const customInstructionsSchema = z
  .object({
    windowFrames: instructionSchema.optional(),
    doorFrames: instructionSchema.optional(),
    walls: instructionSchema.optional(),
    roof: instructionSchema.optional(),
  })
  .strict();
export type CustomInstructions = z.infer<typeof customInstructionsSchema>;

export const optionsDirectivesSchema = z
  .object({
    mode: z.literal('options'),
    selectedItems: z
      .array(selectedItemSchema)
      .max(elementTypes.length)
      .refine((items) => new Set(items.map((item) => item.type)).size === items.length, {
        message: 'Each element can have only one colour',
      }),
    customInstructions: customInstructionsSchema.default({}),
    doorGlassStyle: doorGlassStyleSchema.nullable().default(null),
    scope: scopeSchema.default(defaultScope),
    applyTo: applyTargetSchema.default('selectedItems'),
  })
  .strict();
export type OptionsDirectives = z.infer<typeof optionsDirectivesSchema>;

export const inpaintingDirectivesSchema = z
  .object({
    mode: z.literal('inpainting'),
    freeText: instructionSchema.min(1, 'Describe the change for the painted area'),
  })
  .strict();
export type InpaintingDirectives = z.infer<typeof inpaintingDirectivesSchema>;

/**
 * Everything the directives panel produces. A request with nothing to do is refused here,
 * so that no credit is reserved for it.
 */
export const directivesSchema = z
  .discriminatedUnion('mode', [optionsDirectivesSchema, inpaintingDirectivesSchema])
  .refine(hasDirectiveContent, {
    message: 'Please select an item',
    path: ['selectedItems'],
  });
export type Directives = z.infer<typeof directivesSchema>;
export type DirectivesInput = z.input<typeof directivesSchema>;

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
