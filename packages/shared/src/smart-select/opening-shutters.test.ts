import { describe, expect, it } from 'vitest';
import { type Colour, isInside, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle, selectFacadeElement } from './facade-select.ts';
import { withShutters } from './opening-shutters.ts';

describe('open shutters beside a window (docs/decisions/495)', () => {
  // A light grey render wall; each window is grey glass behind net curtains, 48 × 84 pixels,
  // with a green slatted leaf 18 pixels wide folded open against the wall on each side, about
  // as light as the wall: the detector's cut stops at the glass, and the wall click's colour
  // reaches round the leaves (too narrow to be openings themselves).
  const width = 520;
  const height = 340;
  const render: Colour = [168, 168, 164];
  const curtain: Colour = [112, 110, 108];
  const leafGreen: Colour = [120, 176, 124];
  const glassWidth = 48;
  const glassHeight = 84;
  const leaf = 18;
  const glasses: Rectangle[] = [];
  for (const top of [50, 200]) {
    for (const left of [50, 170, 290, 410]) {
      glasses.push({ left, top, right: left + glassWidth - 1, bottom: top + glassHeight - 1 });
    }
  }
  const leaves = glasses.flatMap((glass) => [
    { ...glass, left: glass.left - leaf, right: glass.left - 1 },
    { ...glass, left: glass.right + 1, right: glass.right + leaf },
  ]);
  const isGlass = (x: number, y: number) => glasses.some((box) => isInside(box, x, y));
  const isLeaf = (x: number, y: number) => leaves.some((box) => isInside(box, x, y));
  const isWall = (x: number, y: number) => !isGlass(x, y) && !isLeaf(x, y);
  const isLeftLeaf = (x: number, y: number) => isLeaf(x, y) && isGlass(x + leaf, y);
  const paint = (withLeaves: 'both' | 'left' | 'none') =>
    makeImage(width, height, (x, y) => {
      if (isGlass(x, y)) return shade(curtain, 1, noise(x, y, 3));
      // Slats: a darker line every 4 rows.
      const painted = withLeaves === 'both' ? isLeaf(x, y) : withLeaves === 'left' && isLeftLeaf(x, y);
      if (painted) return shade(leafGreen, y % 4 === 0 ? 0.85 : 1, noise(x, y, 3));
      return shade(render, 1, noise(x, y, 5));
    });
  const click = { x: 30, y: 170 };

  it('a wall click leaves out both leaves with the glass', () => {
    const selection = selectFacadeElement(prepareFacadeImage(paint('both')), click, 'surface');
    expect(shareSelected(selection, isWall)).toBeGreaterThanOrEqual(0.95);
    expect(shareSelected(selection, isGlass)).toBe(0);
    expect(shareSelected(selection, isLeaf)).toBeLessThan(0.1);
  });

  it('without the rule the leaves stay in the wall', () => {
    const image = prepareFacadeImage(paint('both'), { tuning: { shutterNarrowest: 0 } });
    const selection = selectFacadeElement(image, click, 'surface');
    expect(shareSelected(selection, isLeaf)).toBeGreaterThan(0.5);
  });

  it('with no leaves the wall beside the glass stays wall', () => {
    const selection = selectFacadeElement(prepareFacadeImage(paint('none')), click, 'surface');
    expect(shareSelected(selection, isLeaf)).toBeGreaterThanOrEqual(0.95);
    expect(shareSelected(selection, isGlass)).toBe(0);
  });

  it('a green panel on one side alone (a pilaster, a sign) stays wall', () => {
    const selection = selectFacadeElement(prepareFacadeImage(paint('left')), click, 'surface');
    expect(shareSelected(selection, isLeftLeaf)).toBeGreaterThanOrEqual(0.9);
    expect(shareSelected(selection, isGlass)).toBe(0);
  });
});

describe("a shutter's guards (docs/decisions/495)", () => {
  // One window's glass, 48 × 84 pixels, in a light grey render wall, and what stands beside it;
  // `withShutters` is asked directly about that glass with the default tuning.
  const render: Colour = [168, 168, 164];
  const curtain: Colour = [112, 110, 108];
  const leafGreen: Colour = [120, 176, 124];
  const glass: Rectangle = { left: 100, top: 40, right: 147, bottom: 123 };
  const tuning = {
    narrowest: 0.15,
    widest: 0.6,
    contrast: 8,
    along: 0.8,
    widthRatio: 2,
    upright: 1.2,
    minimumWidth: 2,
  };
  const side = (from: number, to: number): Rectangle => ({ ...glass, left: from, right: to });
  const shutters = (beside: { box: Rectangle; colour: Colour; slats?: boolean }[]) => {
    const image = prepareFacadeImage(
      makeImage(248, 164, (x, y) => {
        if (isInside(glass, x, y)) return shade(curtain, 1, noise(x, y, 3));
        for (const { box, colour, slats } of beside)
          if (isInside(box, x, y)) return shade(colour, slats && y % 4 === 0 ? 0.85 : 1, noise(x, y, 3));
        return shade(render, 1, noise(x, y, 5));
      }),
    );
    return withShutters(image, glass, tuning);
  };

  it('two like leaves, 18 pixels each, join the glass', () => {
    const leaves = [side(82, 99), side(148, 165)].map((box) => ({ box, colour: leafGreen, slats: true }));
    // Within the blur of the leaves' outer edges.
    const widened = shutters(leaves);
    expect(Math.abs(widened.left - 82)).toBeLessThanOrEqual(1);
    expect(Math.abs(widened.right - 165)).toBeLessThanOrEqual(1);
  });

  it('leaves of widths more than `widthRatio` apart (20 and 8 pixels) are no pair', () => {
    const leaves = [side(80, 99), side(148, 155)].map((box) => ({ box, colour: leafGreen, slats: true }));
    expect(shutters(leaves)).toEqual(glass);
  });

  it('bands like the glass beside it (sashes the cut missed) are no leaves', () => {
    const sashes = [side(82, 99), side(148, 165)].map((box) => ({ box, colour: curtain }));
    expect(shutters(sashes)).toEqual(glass);
  });

  it('piers between windows (glass beyond, not wall) are no leaves', () => {
    const neighbours = [side(40, 81), side(166, 207)].map((box) => ({ box, colour: curtain }));
    expect(shutters(neighbours)).toEqual(glass);
  });
});
