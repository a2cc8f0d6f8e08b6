import { describe, expect, it } from 'vitest';
import { type Colour, isInside, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle, selectFacadeElement } from './facade-select.ts';

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
