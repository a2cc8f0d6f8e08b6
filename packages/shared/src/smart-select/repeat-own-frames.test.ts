import { describe, expect, it } from 'vitest';
import { drawFramedFacade, isInside } from './drawn-facade.ts';
import type { Rectangle } from './facade-select.ts';
import { toOwnFrames } from './repeat-own-frames.ts';
import { findSimilar } from './similar-and-frames.ts';

describe('select all similar: windows a floor finds along itself take their own frames (docs/decisions/277)', () => {
  // Decision 279's facade (three floors of four two-pane windows under an attic on their axes,
  // the attic going on over a wing with no windows under it), but the wing's two attic windows
  // are wider (100 × 36 against 90 × 36): the floor's search finds them with its first window
  // as the template, 90 pixels wide.
  const columns = [60, 180, 300, 420];
  const windows: Rectangle[] = [];
  for (const top of [150, 250, 350]) {
    for (const middle of columns)
      windows.push({ left: middle - 25, top, right: middle + 24, bottom: top + 69 });
  }
  const attic = columns.map((middle) => ({ left: middle - 45, top: 70, right: middle + 44, bottom: 105 }));
  const wing = [560, 700].map((middle) => ({ left: middle - 50, top: 70, right: middle + 49, bottom: 105 }));
  const image = drawFramedFacade(800, 470, windows, [...attic, ...wing]);
  const middleIn = (box: Rectangle, repeat: Rectangle) =>
    isInside(box, (repeat.left + repeat.right) / 2, (repeat.top + repeat.bottom) / 2);

  it("outlines each of the wing's wider windows within 3 pixels", () => {
    const repeats = findSimilar(image, windows[5] as Rectangle);
    for (const window of wing) {
      const found = repeats.filter((repeat) => middleIn(window, repeat));
      expect(found, `window at ${window.left}`).toHaveLength(1);
      const [repeat] = found as [Rectangle];
      expect(Math.abs(repeat.left - window.left), `left of the window at ${window.left}`).toBeLessThanOrEqual(
        3,
      );
      expect(
        Math.abs(repeat.right - window.right),
        `right of the window at ${window.left}`,
      ).toBeLessThanOrEqual(3);
    }
  });
});

describe('select all similar: windows a floor finds along itself take narrower frames too (docs/decisions/347)', () => {
  // A floor of 50-pixel windows under an attic of 90-pixel ones, and a narrower attic window
  // (66 pixels) beside them, found by the attic's search at its first window's 91 pixels, over
  // the wall on both sides: its frame is 0.73 of the find, under the narrowest frame a grid's
  // repeat takes (a pane between its mullions is no window).
  const windows: Rectangle[] = [60, 180, 300, 420].map((middle) => ({
    left: middle - 25,
    top: 150,
    right: middle + 24,
    bottom: 219,
  }));
  const attic = [60, 180, 300, 420].map((middle) => ({
    left: middle - 45,
    top: 70,
    right: middle + 44,
    bottom: 105,
  }));
  const narrow = { left: 527, top: 70, right: 592, bottom: 105 };
  const image = drawFramedFacade(800, 300, windows, [...attic, narrow]);
  const find = { left: 514, top: 69, right: 604, bottom: 105 };

  it('a find placed at the template size takes its narrower frame', () => {
    const [own] = toOwnFrames(image, [find], [find], undefined, 0) as [Rectangle];
    expect(Math.abs(own.left - narrow.left), 'left').toBeLessThanOrEqual(2);
    expect(Math.abs(own.right - narrow.right), 'right').toBeLessThanOrEqual(2);
  });

  it("a grid's repeat keeps its sides on a frame that much narrower", () => {
    const [own] = toOwnFrames(image, [find], [find]) as [Rectangle];
    expect(own.left).toBe(find.left);
    expect(own.right).toBe(find.right);
  });
});
