import { describe, expect, it } from 'vitest';
import { drawFramedFacade, isInside } from './drawn-facade.ts';
import type { Rectangle } from './facade-select.ts';
import { findSimilar } from './similar-and-frames.ts';

describe('select all similar: a repeat takes its own frame’s sides where they are much the stronger lines (docs/decisions/278)', () => {
  // Four floors of four framed two-pane windows (50 × 70) on the same axes, but the third
  // floor's windows are 66 pixels wide (8 more on each side): each column's frames agree on
  // the narrow windows' sides, so the fit gives the wide ones those, inside their glass.
  const columns = [70, 200, 330, 460];
  const windows: Rectangle[] = [];
  for (const top of [60, 160, 260, 360]) {
    const half = top === 260 ? 33 : 25;
    for (const middle of columns)
      windows.push({ left: middle - half, top, right: middle + half - 1, bottom: top + 69 });
  }
  const image = drawFramedFacade(540, 460, windows, []);
  const middleIn = (box: Rectangle, repeat: Rectangle) =>
    isInside(box, (repeat.left + repeat.right) / 2, (repeat.top + repeat.bottom) / 2);

  it('outlines each wide window within 3 pixels and leaves the narrow ones on theirs', () => {
    const repeats = findSimilar(image, windows[1] as Rectangle);
    for (const window of windows) {
      const found = repeats.filter((repeat) => middleIn(window, repeat));
      expect(found, `window at ${window.left}, ${window.top}`).toHaveLength(1);
      const [repeat] = found as [Rectangle];
      expect(
        Math.abs(repeat.left - window.left),
        `left of the window at ${window.left}, ${window.top}`,
      ).toBeLessThanOrEqual(3);
      expect(
        Math.abs(repeat.right - window.right),
        `right of the window at ${window.left}, ${window.top}`,
      ).toBeLessThanOrEqual(3);
    }
  });
});
