import { describe, expect, it } from 'vitest';
import { drawStackedBays } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle } from './facade-select.ts';
import { defaultRepeatSizeTuning, fitRepeatSizes } from './repeat-sizes.ts';

/** docs/decisions/263-select-all-similar-stacked-windows.md: `drawStackedBays`. */
const { pixels, windows, windowHeight } = drawStackedBays();
const image = prepareFacadeImage(pixels);

describe('select all similar: windows stacked in a column stay separate windows (docs/decisions/263)', () => {
  const repeats = [windows[4] as Rectangle, ...windows.filter((_, at) => at !== 4)];
  const truth = [windows[4] as Rectangle, ...windows.filter((_, at) => at !== 4)];

  it('keeps each stacked window about its own height', () => {
    const fitted = fitRepeatSizes(image, repeats);
    for (const [at, repeat] of fitted.entries()) {
      const window = truth[at] as Rectangle;
      expect(repeat.bottom - repeat.top + 1, `repeat ${at} height`).toBeLessThanOrEqual(1.2 * windowHeight);
      // The top window's top and the bottom one's bottom go to the surround's, 6 pixels out.
      expect(Math.abs(repeat.top - window.top), `repeat ${at} top`).toBeLessThanOrEqual(7);
      expect(Math.abs(repeat.bottom - window.bottom), `repeat ${at} bottom`).toBeLessThanOrEqual(7);
    }
  });

  it('stretched them over their neighbours with the rule off (the record’s “before”)', () => {
    const fitted = fitRepeatSizes(image, repeats, { ...defaultRepeatSizeTuning, stackedSameWindow: 0 });
    expect(fitted.some((repeat) => repeat.bottom - repeat.top + 1 > 1.5 * windowHeight)).toBe(true);
  });
});
