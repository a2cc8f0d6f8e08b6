import { describe, expect, it } from 'vitest';
import { drawFramedFacade, isInside } from './drawn-facade.ts';
import type { Rectangle } from './facade-select.ts';
import { findSimilar } from './similar-and-frames.ts';

describe('select all similar: the windows found over the columns go on up them by their own look (docs/decisions/302)', () => {
  // Decision 251's facade: three floors of four framed two-pane windows (50 × 70) under an
  // attic of wide, low windows (90 × 36) on their axes, and over the attic a second storey of
  // the same windows on the same axes. Decision 251 goes one floor up each column and finds
  // the attic's; the storey over it is a floor further.
  const columns = [90, 210, 330, 450];
  const windows: Rectangle[] = [];
  for (const top of [230, 330, 430]) {
    for (const middle of columns)
      windows.push({ left: middle - 25, top, right: middle + 24, bottom: top + 69 });
  }
  const low = (middle: number, top: number) => ({
    left: middle - 45,
    top,
    right: middle + 44,
    bottom: top + 35,
  });
  const attic = columns.map((middle) => low(middle, 150));
  const storey = columns.map((middle) => low(middle, 70));
  const image = drawFramedFacade(560, 550, windows, [...attic, ...storey]);
  const middleIn = (box: Rectangle, repeat: Rectangle) =>
    isInside(box, (repeat.left + repeat.right) / 2, (repeat.top + repeat.bottom) / 2);

  it('takes the storey over the attic, each window once at its place, and nothing else', () => {
    const repeats = findSimilar(image, windows[5] as Rectangle);
    const all = [...windows, ...attic, ...storey];
    for (const window of all) {
      const found = repeats.filter((repeat) => middleIn(window, repeat));
      expect(found, `window at ${window.left}, ${window.top}`).toHaveLength(1);
    }
    for (const window of storey) {
      const [repeat] = repeats.filter((candidate) => middleIn(window, candidate)) as [Rectangle];
      expect(Math.abs(repeat.left - window.left), `left at ${window.left}`).toBeLessThanOrEqual(3);
      expect(Math.abs(repeat.top - window.top), `top at ${window.left}`).toBeLessThanOrEqual(3);
    }
    expect(repeats.filter((repeat) => !all.some((box) => middleIn(box, repeat)))).toEqual([]);
  });
});
