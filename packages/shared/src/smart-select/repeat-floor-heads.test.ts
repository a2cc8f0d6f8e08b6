import { describe, expect, it } from 'vitest';
import { type Colour, isInside, isTwoPaneFrame, makeImage, noise, shade } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle } from './facade-select.ts';
import { defaultFloorHeadTuning, toFloorHeads } from './repeat-floor-heads.ts';
import { findSimilar } from './similar-and-frames.ts';

/**
 * Three floors of three framed windows (40 × 50) on a plaster wall, a dark cornice band across
 * the facade 12 pixels over the middle floor's windows. The top floor's repeats start 12
 * pixels above their windows, on plain plaster (as cmp_b0010's top floor kept 12 pixels of
 * its stone surround): they move onto the windows' heads. The middle floor's repeats sit on
 * their heads: the cornice over them is a strong line too, but not much the stronger, and
 * they stay (docs/decisions/367-select-all-similar-floor-heads.md).
 */
const width = 560;
const height = 460;
const lefts = [60, 230, 400];
const floorTops = [60, 200, 340];
const middleFloor = 200;
const windows: Rectangle[] = floorTops.flatMap((top) =>
  lefts.map((left) => ({ left, top, right: left + 39, bottom: top + 49 })),
);
const cornice = { top: middleFloor - 16, bottom: middleFloor - 12 };

const plaster: Colour = [206, 190, 160];
const frame: Colour = [58, 54, 50];
const glass: Colour = [110, 130, 150];
const band: Colour = [120, 100, 80];
const image = prepareFacadeImage(
  makeImage(width, height, (x, y) => {
    const grain = noise(x, y, 3);
    const box = windows.find((candidate) => isInside(candidate, x, y));
    if (!box) {
      if (y >= cornice.top && y <= cornice.bottom) return shade(band, 1, grain);
      return shade(plaster, 1, noise(x, y, 5));
    }
    const isFrame = x < box.left + 3 || x > box.right - 3 || y < box.top + 3 || y > box.bottom - 3;
    return shade(isFrame ? frame : glass, 1, grain);
  }),
);

// The example (the middle floor's first window) and its floor on their windows; the top
// floor's repeats 12 pixels too high; the bottom floor's on their windows.
const repeats: Rectangle[] = [
  ...windows.slice(3, 6),
  ...windows.slice(0, 3).map((window) => ({ ...window, top: window.top - 12 })),
  ...windows.slice(6),
];

describe('toFloorHeads: a floor whose tops sit on no line takes its windows’ head (docs/decisions/367)', () => {
  it('moves the top floor onto its windows’ heads and leaves the floors already on theirs', () => {
    const moved = toFloorHeads(image, repeats);
    for (let at = 3; at < 6; at++) {
      const window = windows[at - 3] as Rectangle;
      const repeat = moved[at] as Rectangle;
      expect(Math.abs(repeat.top - window.top), `top of top-floor window ${at - 3}`).toBeLessThanOrEqual(1);
      expect(repeat.bottom).toBe(window.bottom);
      expect(repeat.left).toBe(window.left);
      expect(repeat.right).toBe(window.right);
    }
    expect(moved.slice(0, 3)).toEqual(repeats.slice(0, 3));
    expect(moved.slice(6)).toEqual(repeats.slice(6));
  });

  it('leaves every repeat when off (the record’s “before”)', () => {
    expect(toFloorHeads(image, repeats, { ...defaultFloorHeadTuning, stronger: 0 })).toEqual(repeats);
  });
});

describe('select all similar: a short top floor ends at its windows’ heads, not on their lintels (docs/decisions/367)', () => {
  // Three floors of four framed two-pane windows (50 wide) standing on balcony railings; the
  // top floor's windows are 60 high under a light stone lintel as wide as the window and 12
  // high, the two floors under them 80 high (cmp_b0010's top floor). From a middle-floor
  // window, the top floor's repeats took the lintel (tops 12–13 pixels high) without the step.
  const lefts = [40, 140, 240, 340];
  const bottoms = [139, 279, 419];
  const windows: Rectangle[] = bottoms.flatMap((bottom, floor) =>
    lefts.map((left) => ({ left, top: bottom - (floor === 0 ? 60 : 80) + 1, right: left + 49, bottom })),
  );
  const topFloor = windows.slice(0, 4);
  const lintels = topFloor.map((window) => ({ ...window, top: window.top - 12, bottom: window.top - 1 }));
  const grained = (colour: Colour, grain: number): Colour => [
    colour[0] + grain,
    colour[1] + grain,
    colour[2] + grain,
  ];
  const image = prepareFacadeImage(
    makeImage(440, 470, (x, y) => {
      const grain = noise(x, y, 2);
      const box = windows.find((candidate) => isInside(candidate, x, y));
      if (box) return grained(isTwoPaneFrame(box, x, y) ? [62, 58, 54] : [120, 130, 135], grain);
      if (lintels.some((lintel) => isInside(lintel, x, y))) return grained([235, 235, 230], grain);
      for (const bottom of bottoms) {
        if (y > bottom && y <= bottom + 4) return grained([50, 50, 50], grain);
        if (y > bottom + 4 && y <= bottom + 20 && x % 6 < 3) return grained([50, 50, 50], grain);
      }
      return grained([214, 180, 164], grain);
    }),
  );

  it('outlines each top-floor window from its head', () => {
    const found = findSimilar(image, windows[5] as Rectangle);
    for (const window of topFloor) {
      const repeat = found.find((candidate) =>
        isInside(window, (candidate.left + candidate.right) / 2, (candidate.top + candidate.bottom) / 2),
      );
      expect(repeat, `window at ${window.left}`).toBeDefined();
      expect(
        Math.abs((repeat as Rectangle).top - window.top),
        `top of the window at ${window.left}`,
      ).toBeLessThanOrEqual(2);
    }
  });
});

describe('toFloorHeads: a head line only half a floor’s windows see is no floor head (docs/decisions/367)', () => {
  // A floor of four repeats 12 pixels over their places, on plain plaster; only the first two
  // stand on framed windows, the last two on bare wall (blind windows). The floor's median line
  // at the two windows' heads is still much stronger than at the repeats' tops.
  const heads: Rectangle[] = [60, 180].map((left) => ({ left, top: 200, right: left + 39, bottom: 249 }));
  const floorImage = prepareFacadeImage(
    makeImage(560, 320, (x, y) => {
      const box = heads.find((candidate) => isInside(candidate, x, y));
      if (!box) return shade(plaster, 1, noise(x, y, 5));
      const isFrame = x < box.left + 3 || x > box.right - 3 || y < box.top + 3 || y > box.bottom - 3;
      return shade(isFrame ? frame : glass, 1, noise(x, y, 3));
    }),
  );
  const example = { left: 60, top: 40, right: 99, bottom: 89 };
  const floor = [60, 180, 300, 420].map((left) => ({ left, top: 188, right: left + 39, bottom: 249 }));

  it('leaves the floor where fewer than 60 % of its windows see the line', () => {
    expect(toFloorHeads(floorImage, [example, ...floor])).toEqual([example, ...floor]);
  });

  it('moves it where half is enough (support 0.5)', () => {
    const moved = toFloorHeads(floorImage, [example, ...floor], { ...defaultFloorHeadTuning, support: 0.5 });
    expect(moved.slice(1).map((repeat) => repeat.top)).not.toEqual(floor.map((repeat) => repeat.top));
  });
});

describe('toFloorHeads: a floor whose tops sit on the glass under its frames’ heads moves up to the heads (docs/decisions/391)', () => {
  // Three floors of three windows (40 × 50) on plaster, each a dark frame 4 pixels wide at the
  // sides and 10 deep at its head around lighter glass. The top floor's repeats start on the
  // glass under the head (cmp_b0005's balcony floor, 12 pixels low); the head's outer edge is a
  // stronger line, but not 3 times as strong, so decision 367's step alone leaves them.
  const lefts = [60, 230, 400];
  const floorTops = [60, 200, 340];
  const windows: Rectangle[] = floorTops.flatMap((top) =>
    lefts.map((left) => ({ left, top, right: left + 39, bottom: top + 49 })),
  );
  const headed = prepareFacadeImage(
    makeImage(560, 460, (x, y) => {
      const grain = noise(x, y, 3);
      const box = windows.find((candidate) => isInside(candidate, x, y));
      if (!box) return shade(plaster, 1, noise(x, y, 5));
      const isFrame = x < box.left + 4 || x > box.right - 4 || y < box.top + 10 || y > box.bottom - 4;
      return shade(isFrame ? frame : [120, 140, 160], 1, grain);
    }),
  );
  const onGlass: Rectangle[] = [
    ...windows.slice(3, 6),
    ...windows.slice(0, 3).map((window) => ({ ...window, top: window.top + 10 })),
    ...windows.slice(6),
  ];

  it('moves the top floor’s tops onto its frames’ heads and leaves the other floors', () => {
    const moved = toFloorHeads(headed, onGlass);
    for (let at = 3; at < 6; at++) {
      const window = windows[at - 3] as Rectangle;
      const repeat = moved[at] as Rectangle;
      expect(Math.abs(repeat.top - window.top), `top of top-floor window ${at - 3}`).toBeLessThanOrEqual(1);
      expect(repeat.bottom).toBe(window.bottom);
    }
    expect(moved.slice(0, 3)).toEqual(onGlass.slice(0, 3));
    expect(moved.slice(6)).toEqual(onGlass.slice(6));
  });

  it('leaves them with the step off (frameReach 0, the record’s “before”)', () => {
    expect(toFloorHeads(headed, onGlass, { ...defaultFloorHeadTuning, frameReach: 0 })).toEqual(onGlass);
  });
});
