import { describe, expect, it } from 'vitest';
import { type Colour, isInside, isTwoPaneFrame, makeImage, noise, sideError } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle } from './facade-select.ts';
import { findRepeats } from './repeat-grid.ts';
import { findSimilar } from './similar-and-frames.ts';

/**
 * A rendered facade under a sky, above a dark shop front: windows with a dark frame, two panes
 * and a glazing bar, their glass of different shades (reflections) and some with a light blind
 * pulled part way down, as repeats on a real facade differ; plaster grain and daylight falling
 * off downwards.
 */
function drawFacade(
  windows: Rectangle[],
  blinds: Map<Rectangle, number>,
  width: number,
  height: number,
  glassShade = 0,
) {
  const sky: Colour = [130, 175, 225];
  const plaster: Colour = glassShade > 0 ? [168, 156, 136] : [214, 196, 164];
  const frame: Colour = [62, 58, 54];
  const shop: Colour = [52, 50, 58];
  return makeImage(width, height, (x, y) => {
    if (y < 24) return [sky[0] + noise(x, y, 3), sky[1] + noise(x, y, 3), sky[2] + noise(x, y, 3)];
    if (y >= height - 40) {
      const grain = noise(x, y, 4);
      return [shop[0] + grain, shop[1] + grain, shop[2] + grain];
    }
    const box = windows.find((candidate) => isInside(candidate, x, y));
    if (box) {
      const isFrame = isTwoPaneFrame(box, x, y);
      const grain = noise(x, y, 3);
      if (isFrame) return [frame[0] + grain, frame[1] + grain, frame[2] + grain];
      const blind = blinds.get(box) ?? 0;
      if (y < box.top + 4 + blind) return [198 + grain, 192 + grain, 180 + grain];
      // Each window's glass reflects a different shade of sky or room.
      const reflection = ((box.left * 7 + box.top * 3) % 40) - 20;
      const base = 96 + glassShade;
      return [base + reflection + grain, base + 14 + reflection + grain, base + 32 + reflection + grain];
    }
    const light = 1 - 0.1 * (y / height);
    const grain = noise(x, y, 6);
    return [plaster[0] * light + grain, plaster[1] * light + grain, plaster[2] * light + grain];
  });
}

describe('select all similar on a drawn facade (floors and columns)', () => {
  const width = 460;
  const height = 380;
  const windows: Rectangle[] = [];
  for (const top of [50, 150, 250]) {
    for (const left of [40, 145, 250, 355]) windows.push({ left, top, right: left + 59, bottom: top + 69 });
  }
  const blinds = new Map<Rectangle, number>([
    [windows[1] as Rectangle, 30],
    [windows[6] as Rectangle, 18],
    [windows[11] as Rectangle, 40],
  ]);
  const image = prepareFacadeImage(drawFacade(windows, blinds, width, height));

  it('returns all twelve windows of a 4 × 3 grid from one, within two pixels, and nothing on the wall', () => {
    const example = windows[5] as Rectangle;
    const found = findSimilar(image, example);
    // The example comes first; its sides, like its floor's and column's, may move onto the lines they share.
    expect(sideError(found[0] as Rectangle, example)).toBeLessThanOrEqual(2);
    expect(found).toHaveLength(12);
    for (const target of windows) {
      expect(found.some((box) => sideError(box, target) <= 2)).toBe(true);
    }
  });

  it('finds the same grid from a window with its blind down and from a corner window', () => {
    for (const example of [windows[11] as Rectangle, windows[0] as Rectangle]) {
      const found = findRepeats(image, example);
      expect(found).toHaveLength(12);
      for (const target of windows) expect(found.some((box) => sideError(box, target) <= 2)).toBe(true);
    }
  });
});

describe('select all similar with windows in pairs and floors of different heights', () => {
  // Pairs of windows with a narrow pier between them and a wide one between pairs: the right
  // window of a pair is the left one mirrored. The top floor's windows are 6 pixels shorter.
  // The glass is lighter than the stone (sky reflected), as the opening detector misses it
  // (docs/decisions/051): the repeats are found by matching alone.
  const width = 520;
  const height = 360;
  const windows: Rectangle[] = [];
  for (const [top, windowHeight] of [
    [50, 58],
    [140, 64],
    [235, 64],
  ] as const) {
    for (const left of [30, 100, 280, 350]) {
      windows.push({ left, top, right: left + 49, bottom: top + windowHeight - 1 });
    }
  }
  const image = prepareFacadeImage(drawFacade(windows, new Map(), width, height, 90));

  it('finds both windows of every pair on every floor, each floor at its own height', () => {
    const example = windows[4] as Rectangle;
    const found = findSimilar(image, example);
    expect(found).toHaveLength(12);
    for (const target of windows) expect(found.some((box) => sideError(box, target) <= 2)).toBe(true);
  });
});

describe('select all similar takes each repeat at its own size (docs/decisions/059)', () => {
  // Three upper floors of 60 × 70 windows above a ground floor whose windows are 60 × 110, as
  // on a facade with a tall ground floor: the repeats below are found from an upper window
  // but must not be drawn at its size.
  const width = 460;
  const height = 520;
  const windows: Rectangle[] = [];
  for (const [top, windowHeight] of [
    [50, 70],
    [150, 70],
    [250, 70],
    [350, 110],
  ] as const) {
    for (const left of [40, 145, 250, 355]) {
      windows.push({ left, top, right: left + 59, bottom: top + windowHeight - 1 });
    }
  }
  const image = prepareFacadeImage(drawFacade(windows, new Map(), width, height));
  const groundFloor = windows.slice(12);

  /** Share of a rectangle's pixels that the found rectangles cover. */
  const covered = (found: Rectangle[], area: Rectangle) => {
    let taken = 0;
    for (let y = area.top; y <= area.bottom; y++) {
      for (let x = area.left; x <= area.right; x++) if (found.some((box) => isInside(box, x, y))) taken++;
    }
    return taken / ((area.right - area.left + 1) * (area.bottom - area.top + 1));
  };

  it('from an upper window, takes each ground-floor window whole and no wall below it', () => {
    const found = findSimilar(image, windows[5] as Rectangle);
    for (const target of groundFloor) {
      expect(covered(found, target)).toBeGreaterThanOrEqual(0.95);
      // The wall under the window (between its sill and the shop front) stays out.
      const below = {
        left: target.left,
        right: target.right,
        top: target.bottom + 3,
        bottom: target.bottom + 15,
      };
      expect(covered(found, below)).toBe(0);
      expect(found.some((box) => sideError(box, target) <= 3)).toBe(true);
    }
    // The upper floors keep the example's size.
    for (const target of windows.slice(0, 12))
      expect(found.some((box) => sideError(box, target) <= 2)).toBe(true);
  });
});
