import { describe, expect, it } from 'vitest';
import { type Colour, isInside, makeImage, noise, shade } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle } from './facade-select.ts';
import { defaultRepeatSizeTuning, fitRepeatSizes } from './repeat-sizes.ts';

/**
 * Three bays, each a tall opening in a dark surround holding three windows stacked one above
 * the other, each window with its own white frame around dark glass, a dark panel between
 * them (cmp_b0009's sashes). The grid finds each window at its own place; windows stacked in
 * a column stay separate windows (docs/decisions/263-select-all-similar-stacked-windows.md).
 */
const width = 400;
const height = 400;
const lefts = [40, 170, 300];
const tops = [60, 150, 240];
const windowWidth = 50;
const windowHeight = 70;
const windows: Rectangle[] = tops.flatMap((top) =>
  lefts.map((left) => ({ left, top, right: left + windowWidth - 1, bottom: top + windowHeight - 1 })),
);
const surrounds: Rectangle[] = lefts.map((left) => ({
  left: left - 6,
  right: left + windowWidth + 5,
  top: (tops[0] as number) - 6,
  bottom: (tops[2] as number) + windowHeight + 5,
}));

const plaster: Colour = [214, 200, 176];
const surround: Colour = [70, 58, 48];
const frame: Colour = [96, 80, 66];
const glass: Colour = [40, 48, 60];
const panel: Colour = [84, 70, 58];
const pixels = makeImage(width, height, (x, y) => {
  const grain = noise(x, y, 3);
  const box = windows.find((candidate) => isInside(candidate, x, y));
  if (box) {
    const isFrame = x < box.left + 4 || x > box.right - 4 || y < box.top + 4 || y > box.bottom - 4;
    return shade(isFrame ? frame : glass, 1, grain);
  }
  const outer = surrounds.find((candidate) => isInside(candidate, x, y));
  if (outer) {
    const isBand = x < outer.left + 6 || x > outer.right - 6 || y < outer.top + 6 || y > outer.bottom - 6;
    return shade(isBand ? surround : panel, 1, grain);
  }
  return shade(plaster, 1 - 0.1 * (y / height), noise(x, y, 6));
});
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
