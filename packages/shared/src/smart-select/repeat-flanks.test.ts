import { describe, expect, it } from 'vitest';
import { isInside, isTwoPaneFrame, makeImage, noise } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle } from './facade-select.ts';
import { defaultFlankTuning, withFlankingLeaves } from './repeat-flanks.ts';
import { findSimilar } from './similar-and-frames.ts';

describe('select all similar takes the leaves flanking a window (docs/decisions/254)', () => {
  // Two floors of three framed two-pane windows (60 × 80) on plaster. The upper floor's
  // shutters are open: a louvred green leaf 26 pixels wide against each side of each window.
  // The lower floor's windows stand in a plain stone surround 14 pixels wide, unlike the
  // plaster but flat.
  const width = 520;
  const height = 360;
  const upper: Rectangle[] = [];
  const lower: Rectangle[] = [];
  for (const left of [70, 230, 390]) {
    upper.push({ left, top: 60, right: left + 59, bottom: 139 });
    lower.push({ left, top: 220, right: left + 59, bottom: 299 });
  }
  const leaves: Rectangle[] = upper.flatMap((window) => [
    { left: window.left - 26, top: window.top, right: window.left - 1, bottom: window.bottom },
    { left: window.right + 1, top: window.top, right: window.right + 26, bottom: window.bottom },
  ]);
  const surrounds: Rectangle[] = lower.map((window) => ({
    left: window.left - 14,
    top: window.top - 14,
    right: window.right + 14,
    bottom: window.bottom + 14,
  }));
  const image = prepareFacadeImage(
    makeImage(width, height, (x, y) => {
      const grain = noise(x, y, 3);
      if (y < 20) return [130 + grain, 175 + grain, 225 + grain];
      const box = [...upper, ...lower].find((candidate) => isInside(candidate, x, y));
      if (box) {
        if (isTwoPaneFrame(box, x, y)) return [62 + grain, 58 + grain, 54 + grain];
        return [96 + grain, 110 + grain, 128 + grain];
      }
      const leaf = leaves.find((candidate) => isInside(candidate, x, y));
      if (leaf) {
        // Louvres: a dark slat every 4 rows inside a 3-pixel stile.
        const isStile = x < leaf.left + 3 || x > leaf.right - 3;
        if (!isStile && (y - leaf.top) % 4 === 0) return [25 + grain, 45 + grain, 30 + grain];
        return [90 + grain, 140 + grain, 100 + grain];
      }
      if (surrounds.some((candidate) => isInside(candidate, x, y)))
        return [236 + grain, 230 + grain, 214 + grain];
      const light = 1 - 0.1 * (y / height);
      const plaster = noise(x, y, 6);
      return [200 * light + plaster, 160 * light + plaster, 130 * light + plaster];
    }),
  );
  const middleIn = (box: Rectangle, repeat: Rectangle) =>
    isInside(box, (repeat.left + repeat.right) / 2, (repeat.top + repeat.bottom) / 2);

  it('takes both leaves of every upper window, each within 3 px, from a lower window', () => {
    const repeats = findSimilar(image, lower[1] as Rectangle);
    for (const leaf of leaves) {
      const found = repeats.filter((repeat) => middleIn(leaf, repeat));
      expect(found, `leaf at ${leaf.left}, ${leaf.top}`).toHaveLength(1);
      const [repeat] = found as [Rectangle];
      expect(Math.abs(repeat.left - leaf.left)).toBeLessThanOrEqual(3);
      expect(Math.abs(repeat.right - leaf.right)).toBeLessThanOrEqual(3);
    }
    for (const window of [...upper, ...lower]) {
      expect(repeats.filter((repeat) => middleIn(window, repeat))).toHaveLength(1);
    }
  });

  it('takes no flat surround for a leaf', () => {
    expect(withFlankingLeaves(image, lower)).toEqual(lower);
    // Without the texture test the surround's sides would pass for leaves.
    expect(withFlankingLeaves(image, lower, { ...defaultFlankTuning, texture: 0 }).length).toBeGreaterThan(
      lower.length,
    );
  });
});

describe('leaves whose outer edge fades over part of their height count (docs/decisions/292)', () => {
  // One framed window (60 × 80) with a louvred leaf 26 pixels wide against each side, on a
  // grainy render. Over the leaves' lower third their outer stile is the render's colour (a
  // shadow, a worn paint edge): the line along the leaf's outer side holds on about 0.6 of the
  // window's rows, and the render's grain leaves the louvres about 1.6 × as textured.
  const window: Rectangle = { left: 120, top: 60, right: 179, bottom: 139 };
  const leaves: Rectangle[] = [
    { left: window.left - 26, top: window.top, right: window.left - 1, bottom: window.bottom },
    { left: window.right + 1, top: window.top, right: window.right + 26, bottom: window.bottom },
  ];
  const plaster = (x: number, y: number): [number, number, number] => {
    const grain = noise(x, y, 14);
    return [200 + grain, 160 + grain, 130 + grain];
  };
  const image = prepareFacadeImage(
    makeImage(300, 200, (x, y) => {
      const grain = noise(x, y, 3);
      if (isInside(window, x, y)) {
        if (isTwoPaneFrame(window, x, y)) return [62 + grain, 58 + grain, 54 + grain];
        return [96 + grain, 110 + grain, 128 + grain];
      }
      const leaf = leaves.find((candidate) => isInside(candidate, x, y));
      if (leaf) {
        const outer = leaf.left < window.left ? x < leaf.left + 4 : x > leaf.right - 4;
        if (outer && y > leaf.top + 0.6 * (leaf.bottom - leaf.top)) return plaster(x, y);
        if ((y - leaf.top) % 4 === 0) return [60 + grain, 95 + grain, 70 + grain];
        return [90 + grain, 140 + grain, 100 + grain];
      }
      return plaster(x, y);
    }),
  );

  it("takes both leaves, each within 4 px (decision 254's 0.8 of the rows and 1.8 × the texture took none)", () => {
    const found = withFlankingLeaves(image, [window]);
    expect(found).toHaveLength(3);
    for (const leaf of leaves) {
      const repeat = found.find(
        (candidate) => candidate !== window && isInside(leaf, (candidate.left + candidate.right) / 2, 100),
      );
      expect(repeat, `leaf at ${leaf.left}`).toBeDefined();
      expect(Math.abs((repeat as Rectangle).left - leaf.left)).toBeLessThanOrEqual(4);
      expect(Math.abs((repeat as Rectangle).right - leaf.right)).toBeLessThanOrEqual(4);
    }
  });
});
