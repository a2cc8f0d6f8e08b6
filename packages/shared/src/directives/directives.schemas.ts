import { z } from '../zod.ts';
import { type CustomColour, isCustomColour } from './custom-colours.ts';
import {
  applyTargets,
  defaultScope,
  doorGlassStyles,
  elementTypes,
  hasDirectiveContent,
  maxInstructionLength,
  scopes,
} from './directive-options.ts';
import { type SwatchTitleKey, swatchTitleKeys } from './swatches.ts';

// The zod schemas of the directives; their plain values are in directive-options.ts.

export const elementTypeSchema = z.enum(elementTypes);

export const doorGlassStyleSchema = z.enum(doorGlassStyles);

export const scopeSchema = z.enum(scopes);

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
