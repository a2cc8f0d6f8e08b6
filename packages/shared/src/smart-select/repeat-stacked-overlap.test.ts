import { describe, expect, it } from 'vitest';
import { drawStackedBays, isInside } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle } from './facade-select.ts';
import { defaultStackedOverlapTuning, keepStackedOverlapApart } from './repeat-stacked-overlap.ts';
import { findSimilar } from './similar-and-frames.ts';

const { pixels, windows, windowHeight } = drawStackedBays();
const image = prepareFacadeImage(pixels);

const overlaps = (a: Rectangle, b: Rectangle) =>
  Math.min(a.right, b.right) >= Math.max(a.left, b.left) &&
  Math.min(a.bottom, b.bottom) >= Math.max(a.top, b.top);

/**
 * Decision 263's three bays of three stacked windows in a dark surround (cmp_b0009's sashes):
 * `findSimilar` from the middle bay's middle window. Its later steps stretched the top and middle
 * windows of the outer bays over the dark panel into each other (53–153 over 125–219); stacked
 * windows do not overlap (docs/decisions/394-select-all-similar-stacked-overlap.md).
 */
describe('select all similar: a stretched repeat does not run into the window stacked under it (docs/decisions/394)', () => {
  it('leaves no two repeats overlapping and the upper two floors about a window high', () => {
    const repeats = findSimilar(image, windows[4] as Rectangle);
    for (const [at, repeat] of repeats.entries()) {
      for (const other of repeats.slice(at + 1)) {
        expect(overlaps(repeat, other), `${JSON.stringify(repeat)} over ${JSON.stringify(other)}`).toBe(
          false,
        );
      }
    }
    for (const window of windows.slice(0, 6)) {
      const repeat = repeats.find((candidate) =>
        isInside(candidate, (window.left + window.right) / 2, (window.top + window.bottom) / 2),
      );
      expect(repeat, `window at ${window.left}, ${window.top}`).toBeDefined();
      expect((repeat as Rectangle).bottom - (repeat as Rectangle).top + 1).toBeLessThanOrEqual(
        1.1 * windowHeight,
      );
      expect(Math.abs((repeat as Rectangle).top - window.top)).toBeLessThanOrEqual(7);
    }
  });

  const example = { left: 170, top: 150, right: 219, bottom: 219 };

  it('cuts the taller of two overlapping stacked repeats back to the example height', () => {
    const stretched = { left: 34, top: 53, right: 96, bottom: 153 };
    const below = { left: 34, top: 150, right: 96, bottom: 219 };
    const kept = keepStackedOverlapApart([example, stretched, below]);
    expect(kept).toEqual([example, { ...stretched, bottom: 122 }, below]);
    expect(
      keepStackedOverlapApart([example, stretched, below], { ...defaultStackedOverlapTuning, taller: 0 }),
    ).toEqual([example, stretched, below]);
  });

  it('leaves two repeats on one window (overlapping by half or more) and a tall repeat alone in its column', () => {
    const tall = { left: 34, top: 53, right: 96, bottom: 153 };
    const half = { left: 34, top: 90, right: 96, bottom: 160 };
    expect(keepStackedOverlapApart([example, tall, half])).toEqual([example, tall, half]);
    expect(keepStackedOverlapApart([example, tall])).toEqual([example, tall]);
  });

  it('splits a repeat over two floors of the other columns into one per floor', () => {
    const floors = [
      { left: 164, top: 60, right: 225, bottom: 129 },
      { left: 294, top: 60, right: 356, bottom: 129 },
      { left: 164, top: 150, right: 225, bottom: 219 },
      { left: 294, top: 150, right: 356, bottom: 219 },
    ];
    const across = { left: 34, top: 80, right: 96, bottom: 219 };
    const split = keepStackedOverlapApart([example, ...floors, across]);
    expect(split.slice(5)).toEqual([
      { ...across, top: 60, bottom: 129 },
      { ...across, top: 150, bottom: 219 },
    ]);
    expect(
      keepStackedOverlapApart([example, ...floors, across], { ...defaultStackedOverlapTuning, split: 0 }),
    ).toEqual([example, ...floors, across]);
  });
});
