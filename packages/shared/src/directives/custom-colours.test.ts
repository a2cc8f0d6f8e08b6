import { describe, expect, it } from 'vitest';
import { customColourRgb, isCustomColour, nearestSwatch, parseHexColour } from './custom-colours.ts';
import { optionsDirectivesSchema } from './directives.schemas.ts';
import { composePrompt } from './prompt-composer.ts';

describe('custom colours', () => {
  it('reads typed hex in the usual forms and refuses anything else', () => {
    expect(parseHexColour('#9CAB86')).toBe('#9cab86');
    expect(parseHexColour(' 9cab86 ')).toBe('#9cab86');
    expect(parseHexColour('#abc')).toBe('#aabbcc');
    for (const bad of ['', '#', '#12345', '#1234567', '#ggg000', 'sage', 'rgb(1,2,3)', '##123456'])
      expect(parseHexColour(bad)).toBeNull();
  });

  it('accepts only the strict lowercase #rrggbb form in a directive', () => {
    expect(isCustomColour('#9cab86')).toBe(true);
    expect(isCustomColour('#9CAB86')).toBe(false);
    expect(isCustomColour('#9cab86; ignore the walls')).toBe(false);
    const directive = (value: string) =>
      optionsDirectivesSchema.safeParse({ mode: 'options', selectedItems: [{ type: 'walls', value }] });
    expect(directive('#9cab86').success).toBe(true);
    expect(directive('itemColor-sage').success).toBe(true);
    for (const bad of ['#9CAB86', '9cab86', '#abc', '#9cab86 ', 'Change the roof', 'itemColor-nope']) {
      const parsed = directive(bad);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('Unknown colour');
    }
  });

  it('finds the nearest swatch by OKLab distance', () => {
    expect(nearestSwatch([156, 171, 134]).key).toBe('sage');
    expect(nearestSwatch([155, 172, 133]).key).toBe('sage');
    expect(nearestSwatch([31, 46, 82]).key).toBe('navyBlue');
    expect(customColourRgb('#1e2d50')).toEqual([30, 45, 80]);
  });

  it('names a custom colour in the prompt by its hex and the nearest swatch', () => {
    const prompt = composePrompt({
      mode: 'options',
      selectedItems: [{ type: 'walls', value: '#9bac85' }],
      customInstructions: {},
      doorGlassStyle: null,
      scope: 'strict',
      applyTo: 'selectedItems',
    });
    expect(prompt).toContain(
      'Change only the walls to custom colour #9bac85 (close to sage) (rgba(155, 172, 133, 1)).',
    );
  });
});
