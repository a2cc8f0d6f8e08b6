import { describe, expect, it } from 'vitest';
import { drawFramedFacade, isFrameBand, isInside, makeImage, noise, sideError } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle } from './facade-select.ts';
import { findSimilar } from './similar-and-frames.ts';

describe('select all similar keeps a whole window as its example (docs/decisions/131)', () => {
  // Windows in pairs joined by a dark stone pier as tall as they are, three pairs on each of
  // three floors: the opening detector takes each pair with its pier as one opening of the
  // window's height.
  const width = 520;
  const height = 380;
  const pairs: Rectangle[] = [];
  const windows: Rectangle[] = [];
  for (const top of [50, 150, 250]) {
    for (const pairLeft of [40, 200, 360]) {
      pairs.push({ left: pairLeft - 6, top, right: pairLeft + 113, bottom: top + 64 });
      for (const left of [pairLeft, pairLeft + 58])
        windows.push({ left, top, right: left + 49, bottom: top + 64 });
    }
  }
  const image = prepareFacadeImage(
    makeImage(width, height, (x, y) => {
      const grain = noise(x, y, 3);
      if (y < 24) return [130 + grain, 175 + grain, 225 + grain];
      if (y >= height - 40) return [52 + grain, 50 + grain, 58 + grain];
      const box = windows.find((candidate) => isInside(candidate, x, y));
      if (box) {
        const isFrame = isFrameBand(box, x, y);
        return isFrame ? [62 + grain, 58 + grain, 54 + grain] : [70 + grain, 80 + grain, 95 + grain];
      }
      if (pairs.some((pair) => isInside(pair, x, y))) return [114 + grain, 96 + grain, 64 + grain];
      const light = 1 - 0.1 * (y / height);
      const plaster = noise(x, y, 6);
      return [214 * light + plaster, 196 * light + plaster, 164 * light + plaster];
    }),
  );

  it('finds every window from one window of a pair, not every pair', () => {
    // The detector's opening around the example is the whole pair…
    const example = windows[8] as Rectangle;
    expect(image.openings.some((opening) => sideError(opening, pairs[4] as Rectangle) <= 2)).toBe(true);
    // …but the user marked one window: that stays the example, and each window is found alone.
    const found = findSimilar(image, example);
    expect(sideError(found[0] as Rectangle, example)).toBe(0);
    expect(found).toHaveLength(18);
    for (const target of windows) expect(found.some((box) => sideError(box, target) <= 2)).toBe(true);
  });
});

describe('select all similar returns the example as the user marked it (docs/decisions/348)', () => {
  // Three floors of four framed 60 × 70 windows; the user's rectangle is a window less 4 pixels
  // above and below, and the detector's opening around it (the whole window) is the template.
  const windows: Rectangle[] = [];
  for (const top of [50, 150, 250]) {
    for (const left of [40, 145, 250, 355]) windows.push({ left, top, right: left + 59, bottom: top + 69 });
  }
  const image = drawFramedFacade(460, 360, windows, []);
  const window = windows[5] as Rectangle;
  const marked = { ...window, top: window.top + 4, bottom: window.bottom - 4 };

  it('matches with the detected opening and gives the marked rectangle back first', () => {
    expect(image.openings.some((opening) => sideError(opening, window) <= 2)).toBe(true);
    const found = findSimilar(image, marked);
    expect(found[0]).toEqual(marked);
    // Its repeats are the detected opening's: every other window whole.
    for (const target of windows)
      if (target !== window) expect(found.some((box) => sideError(box, target) <= 2)).toBe(true);
  });
});
