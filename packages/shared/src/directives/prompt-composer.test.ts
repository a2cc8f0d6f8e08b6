import { describe, expect, it } from 'vitest';
import { createEmptyDirectives } from './directive-options.ts';
import { directivesSchema, type OptionsDirectives } from './directives.schemas.ts';
import { composePrompt } from './prompt-composer.ts';

const preservation =
  'Do not change any other part of the building or image. ' +
  'Preserve the original architectural details, colours, textures, lighting and environment. ' +
  'Make no other changes. Leave the rest of the image unchanged.';

function options(overrides: Partial<OptionsDirectives>): OptionsDirectives {
  return { ...createEmptyDirectives(), ...overrides };
}

describe('composePrompt', () => {
  it('writes the window frame sentence with the reflection and layout rules', () => {
    expect(
      composePrompt(options({ selectedItems: [{ type: 'windowFrames', value: 'itemColor-anthracite' }] })),
    ).toBe(
      'Change only the window frames to anthracite (rgba(56, 62, 66, 1)). ' +
        'Add a light neutral white reflection on the window panes. ' +
        'Keep the same number, size and position of windows and doors. ' +
        `Make no structural or geometric changes. ${preservation}`,
    );
  });

  it('writes door frame, wall and roof sentences in the fixed element order', () => {
    const prompt = composePrompt(
      options({
        selectedItems: [
          { type: 'roof', value: 'itemColor-slate' },
          { type: 'walls', value: 'itemColor-sage' },
          { type: 'doorFrames', value: 'itemColor-burgundy' },
        ],
      }),
    );
    expect(prompt).toBe(
      'Change only the door frames to burgundy (rgba(110, 28, 44, 1)). Do not touch the other elements. ' +
        'Change only the walls to sage (rgba(156, 171, 134, 1)). Do not touch the other elements. ' +
        'Change only the roof to slate (rgba(96, 108, 118, 1)). Do not touch the other elements. ' +
        `Make no structural or geometric changes. ${preservation}`,
    );
  });

  it('adds door glass, custom instructions and the chosen scope before the preservation sentences', () => {
    const prompt = composePrompt(
      options({
        selectedItems: [{ type: 'walls', value: 'itemColor-forestGreen' }],
        doorGlassStyle: 'threeQuarterGlass',
        customInstructions: { walls: '  keep the\nplaster texture ', roof: 'Clean the gutters!' },
        scope: 'moderate',
      }),
    );
    expect(prompt).toBe(
      'Change only the walls to forest green (rgba(34, 85, 51, 1)). Do not touch the other elements. ' +
        'Make the door glass three-quarter glass. ' +
        'keep the plaster texture. Clean the gutters! ' +
        'Only light updates to material textures are allowed; no structural or geometric changes. ' +
        preservation,
    );
  });

  it('writes every door glass style and the creative scope', () => {
    const glass = (style: OptionsDirectives['doorGlassStyle']) =>
      composePrompt(options({ doorGlassStyle: style, scope: 'creative' }));
    expect(glass('noGlass')).toBe(
      `Make the door glass no glass. Creative redesign of windows and doors is allowed. ${preservation}`,
    );
    expect(glass('halfGlass')).toContain('Make the door glass half glass. ');
    expect(glass('fullGlass')).toContain('Make the door glass full glass. ');
  });

  it('uses only the free text and the preservation sentences for inpainting', () => {
    expect(composePrompt({ mode: 'inpainting', freeText: 'Paint the door burgundy' })).toBe(
      `Paint the door burgundy. ${preservation}`,
    );
    expect(composePrompt({ mode: 'inpainting', freeText: 'Add a balcony.' })).toBe(
      `Add a balcony. ${preservation}`,
    );
  });

  it('ends every prompt with the four preservation sentences', () => {
    expect(composePrompt(createEmptyDirectives())).toBe(
      `Make no structural or geometric changes. ${preservation}`,
    );
  });
});

describe('directivesSchema', () => {
  it('fills defaults: strict scope, no glass style, selected items as target', () => {
    const parsed = directivesSchema.parse({
      mode: 'options',
      selectedItems: [{ type: 'walls', value: 'itemColor-sage' }],
    });
    expect(parsed).toEqual({
      mode: 'options',
      selectedItems: [{ type: 'walls', value: 'itemColor-sage' }],
      customInstructions: {},
      doorGlassStyle: null,
      scope: 'strict',
      applyTo: 'selectedItems',
    });
  });

  it('refuses unknown colours, two colours for one element and empty requests', () => {
    expect(
      directivesSchema.safeParse({ mode: 'options', selectedItems: [{ type: 'walls', value: 'sage' }] })
        .success,
    ).toBe(false);
    expect(
      directivesSchema.safeParse({
        mode: 'options',
        selectedItems: [
          { type: 'walls', value: 'itemColor-sage' },
          { type: 'walls', value: 'itemColor-tan' },
        ],
      }).success,
    ).toBe(false);
    const empty = directivesSchema.safeParse({ mode: 'options', selectedItems: [] });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe('Please select an item');
    expect(directivesSchema.safeParse({ mode: 'inpainting', freeText: '   ' }).success).toBe(false);
  });

  it('accepts a request made only of a custom instruction or a door glass style', () => {
    expect(
      directivesSchema.safeParse({
        mode: 'options',
        selectedItems: [],
        customInstructions: { roof: 'x' },
      }).success,
    ).toBe(true);
    expect(
      directivesSchema.safeParse({ mode: 'options', selectedItems: [], doorGlassStyle: 'halfGlass' }).success,
    ).toBe(true);
  });

  it('refuses unknown fields so that typos do not pass silently', () => {
    expect(
      directivesSchema.safeParse({ mode: 'inpainting', freeText: 'Paint it', prompt: 'something else' })
        .success,
    ).toBe(false);
  });
});
