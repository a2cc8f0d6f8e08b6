import { describe, expect, it } from 'vitest';
import { isInside, makeImage, noise } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle } from './facade-select.ts';
import { endAboveBalusters } from './repeat-balusters.ts';

describe('select all similar ends a repeat above the balusters at its foot (docs/decisions/161)', () => {
  // A floor of three windows in stone surrounds, the second and third standing on a small
  // balustrade (rows 130–159: dark bars 3 pixels wide every 8 pixels) inside their surround.
  const width = 360;
  const height = 200;
  const surrounds: Rectangle[] = [20, 140, 260].map((left) => ({
    left,
    top: 40,
    right: left + 69,
    bottom: 159,
  }));
  const balustrades = surrounds.slice(1).map((box) => ({ ...box, top: 130 }));
  const image = prepareFacadeImage(
    makeImage(width, height, (x, y) => {
      const grain = noise(x, y, 3);
      if (balustrades.some((box) => isInside(box, x, y))) {
        return (x - 2) % 8 < 3
          ? [60 + grain, 56 + grain, 52 + grain]
          : [200 + grain, 190 + grain, 170 + grain];
      }
      const surround = surrounds.find((box) => isInside(box, x, y));
      if (surround) {
        const isStone = x < surround.left + 5 || x > surround.right - 5 || y < surround.top + 5;
        return isStone ? [188 + grain, 176 + grain, 150 + grain] : [90 + grain, 104 + grain, 122 + grain];
      }
      return [214 + grain, 196 + grain, 164 + grain];
    }),
  );

  it('raises the bottoms of the repeats with balusters to the row above them, keeps the others', () => {
    const [example, plain, railed] = endAboveBalusters(image, [
      surrounds[1] as Rectangle,
      surrounds[0] as Rectangle,
      surrounds[2] as Rectangle,
    ]);
    // The example stays as the user marked it, balusters or not.
    expect(example).toEqual(surrounds[1]);
    expect(plain).toEqual(surrounds[0]);
    expect(railed?.top).toBe(40);
    expect(railed?.left).toBe(260);
    expect(railed?.right).toBe(329);
    expect(Math.abs((railed?.bottom ?? 0) - 129)).toBeLessThanOrEqual(2);
  });

  it('leaves every repeat as it is when switched off', () => {
    const repeats = [surrounds[1], surrounds[2]] as Rectangle[];
    expect(
      endAboveBalusters(image, repeats, {
        edge: 0,
        density: 0.2,
        minimumSides: 6,
        minimumBand: 0.1,
        foot: 0.1,
        lowest: 0.5,
        gap: 2,
      }),
    ).toEqual(repeats);
  });
});

describe('a narrow window’s own mullion is no balustrade (docs/decisions/276)', () => {
  // Four narrow windows (18 × 44, dark in a light wall) whose lower sash has a light mullion 2
  // pixels wide down its middle (rows 60–83): each row there has 4 bars' sides over 18 pixels,
  // more than a fifth of the width, but no row of balusters.
  const width = 200;
  const height = 120;
  const windows: Rectangle[] = [20, 65, 110, 155].map((left) => ({
    left,
    top: 40,
    right: left + 17,
    bottom: 83,
  }));
  const image = prepareFacadeImage(
    makeImage(width, height, (x, y) => {
      const grain = noise(x, y, 3);
      const window = windows.find((box) => isInside(box, x, y));
      if (!window) return [214 + grain, 196 + grain, 164 + grain];
      const isMullion = y >= 60 && Math.abs(x - (window.left + 8.5)) < 1;
      return isMullion ? [200 + grain, 200 + grain, 196 + grain] : [56 + grain, 62 + grain, 70 + grain];
    }),
  );

  it('leaves each window’s bottom where it is', () => {
    const repeats = endAboveBalusters(image, windows);
    for (const [at, window] of windows.entries()) {
      expect(repeats[at]?.bottom, `window ${at}'s bottom`).toBe(window.bottom);
      expect(repeats[at], `window ${at}`).toEqual(window);
    }
  });
});
