import { describe, expect, it } from 'vitest';
import { isInside, isTwoPaneFrame, makeImage, noise } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle } from './facade-select.ts';
import { defaultFlankTuning, withFlankingLeaves } from './repeat-flanks.ts';

describe('select all similar: fluted piers of the wall between windows are no leaves (docs/decisions/351)', () => {
  // Three framed two-pane windows (50 × 80) 22 pixels apart on plaster (cmp_b0011's tower):
  // the piers between them are fluted, a groove and a ridge every 4 columns, so they are
  // textured like a shutter's louvres and unlike the next window's frame beyond them, but of
  // the plaster's own colour.
  const windows: Rectangle[] = [60, 132, 204].map((left) => ({
    left,
    top: 60,
    right: left + 49,
    bottom: 139,
  }));
  const isPier = (x: number, y: number) =>
    y >= 60 && y <= 139 && ((x > 110 && x < 132) || (x > 182 && x < 204));
  const image = prepareFacadeImage(
    makeImage(320, 200, (x, y) => {
      const grain = noise(x, y, 3);
      if (y < 20) return [130 + grain, 175 + grain, 225 + grain];
      const box = windows.find((candidate) => isInside(candidate, x, y));
      if (box) {
        if (isTwoPaneFrame(box, x, y)) return [62 + grain, 58 + grain, 54 + grain];
        return [96 + grain, 110 + grain, 128 + grain];
      }
      const plaster = noise(x, y, 6);
      const flute = isPier(x, y) ? (x % 4 === 0 ? -30 : x % 4 === 2 ? 30 : 0) : 0;
      return [200 + plaster + flute, 180 + plaster + flute, 150 + plaster + flute];
    }),
  );

  it('takes no leaves beside the middle window', () => {
    expect(withFlankingLeaves(image, windows)).toEqual(windows);
  });

  it('takes the piers as its leaves without the wall colour check (wallLike 0)', () => {
    const leaves = withFlankingLeaves(image, windows, { ...defaultFlankTuning, wallLike: 0 }).slice(3);
    expect(leaves.map((leaf) => [leaf.left, leaf.right])).toEqual([
      [107, 131],
      [182, 206],
    ]);
  });
});
