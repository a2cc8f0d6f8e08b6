import { describe, expect, it } from 'vitest';
import { drawFramedFacade, isInside } from './drawn-facade.ts';
import type { Rectangle } from './facade-select.ts';
import { defaultFloorsGoOnTuning, withFloorsGoingOn } from './repeat-floors-go-on.ts';
import { findSimilar } from './similar-and-frames.ts';

describe('select all similar: a floor of windows goes on along itself by its own look (docs/decisions/279)', () => {
  // Three floors of four framed two-pane windows (50 × 70) under an attic of wide, low
  // windows (90 × 36) on their axes, and the attic goes on over a wing with no windows under
  // it: two more attic windows at the same pitch. The grid matches the example (a two-pane
  // window) and passes the attic over; decision 251 finds the four attic windows over the
  // columns, and nothing stands under the wing's two.
  const columns = [60, 180, 300, 420];
  const windows: Rectangle[] = [];
  for (const top of [150, 250, 350]) {
    for (const middle of columns)
      windows.push({ left: middle - 25, top, right: middle + 24, bottom: top + 69 });
  }
  const attic = [...columns, 540, 660].map((middle) => ({
    left: middle - 45,
    top: 70,
    right: middle + 44,
    bottom: 105,
  }));
  const image = drawFramedFacade(760, 470, windows, attic);
  const middleIn = (box: Rectangle, repeat: Rectangle) =>
    isInside(box, (repeat.left + repeat.right) / 2, (repeat.top + repeat.bottom) / 2);

  it("takes the wing's attic windows too, each once at its place, and nothing else", () => {
    const repeats = findSimilar(image, windows[5] as Rectangle);
    for (const window of [...windows, ...attic]) {
      const found = repeats.filter((repeat) => middleIn(window, repeat));
      expect(found, `window at ${window.left}, ${window.top}`).toHaveLength(1);
    }
    for (const window of attic.slice(columns.length)) {
      const [repeat] = repeats.filter((candidate) => middleIn(window, candidate)) as [Rectangle];
      expect(Math.abs(repeat.left - window.left)).toBeLessThanOrEqual(3);
      expect(Math.abs(repeat.top - window.top)).toBeLessThanOrEqual(3);
    }
    expect(repeats.filter((repeat) => ![...windows, ...attic].some((box) => middleIn(box, repeat)))).toEqual(
      [],
    );
  });

  it('searches a floor of three repeats, not one of two', () => {
    const below = [windows[5] as Rectangle, ...windows.filter((_, index) => index !== 5)];
    const three = [...below, ...attic.slice(0, 3)];
    const added = withFloorsGoingOn(image, three).slice(three.length);
    expect(added).toHaveLength(3);
    for (const window of attic.slice(3))
      expect(added.filter((repeat) => middleIn(window, repeat))).toHaveLength(1);
    const two = [...below, ...attic.slice(0, 2)];
    expect(withFloorsGoingOn(image, two)).toEqual(two);
  });

  it("takes a floor's finds only when one of them correlates as well as a band's match", () => {
    const repeats = [
      windows[5] as Rectangle,
      ...windows.filter((_, index) => index !== 5),
      ...attic.slice(0, 4),
    ];
    expect(withFloorsGoingOn(image, repeats, { ...defaultFloorsGoOnTuning, strongest: 1.01 })).toEqual(
      repeats,
    );
  });
});
