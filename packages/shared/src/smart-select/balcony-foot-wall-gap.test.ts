import { describe, expect, it } from 'vitest';
import { glass, iron, isRailingIron, render } from './drawn-balconies.ts';
import { isInside, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import {
  type FacadeTuning,
  prepareFacadeImage,
  type Rectangle,
  selectFacadeElement,
} from './facade-select.ts';

// A French balcony's iron railing on a thin slab, plain render under the slab, then the stone
// hood of the window below, as wide as the railing, whose shadow line is the strongest line
// within the railing's height under the bars: decision 155 ends the balcony on it, and the
// plain wall between slab and hood, labelled wall, went with the balcony (cmp_b0006's French
// balconies over their hooded windows, cmp_b0009's; docs/decisions/600-balcony-foot-over-a-wall-gap.md).
const width = 440;
const height = 400;
const railing: Rectangle = { left: 130, top: 100, right: 310, bottom: 139 };
const slab = { top: 140, bottom: 142 };
const gap = { top: 143, bottom: 160 };
const hood = { top: 161, shadow: 168, bottom: 172 };
const windowsBehind: Rectangle[] = [150, 250].map((left) => ({
  left,
  top: 40,
  right: left + 40,
  bottom: 139,
}));
const windowsBelow: Rectangle[] = [150, 250].map((left) => ({
  left,
  top: 180,
  right: left + 40,
  bottom: 290,
}));
const photo = makeImage(width, height, (x, y) => {
  const grain = noise(x, y, 4);
  if (isRailingIron(railing, x, y)) return shade(iron, 1, grain);
  const underRailing = x >= railing.left && x <= railing.right;
  if (underRailing && y >= slab.top && y <= slab.bottom) return shade(render, 0.8, grain);
  if (underRailing && y >= hood.top && y < hood.shadow) return shade(render, 1.1, grain);
  if (underRailing && y >= hood.shadow && y <= hood.bottom) return shade(render, 0.45, grain);
  if ([...windowsBehind, ...windowsBelow].some((box) => isInside(box, x, y))) return shade(glass, 1, grain);
  return shade(render, 1, grain);
});
const onRailing = (box: Rectangle) => box.left < 200 && box.right > 250 && box.top < 110 && box.bottom > 130;
// The click's own railings (decision 052) are a search of their own: off here, so the wall click
// shows the photo's balconies alone.
const prepared = (tuning: Partial<FacadeTuning> = {}) =>
  prepareFacadeImage(photo, { tuning: { railingEdge: 0, ...tuning } });
const wallGap = (x: number, y: number) =>
  x >= railing.left && x <= railing.right && y >= gap.top + 2 && y <= gap.bottom;

describe('a balcony whose box runs across plain wall ends above it', () => {
  it('ends at its slab, and a wall click keeps the wall between slab and hood', () => {
    const image = prepared();
    const found = image.balconyOpenings.filter(onRailing);
    expect(found.length).toBeGreaterThan(0);
    expect(Math.max(...found.map((box) => box.bottom))).toBeLessThanOrEqual(gap.top + 2);
    const wall = selectFacadeElement(image, { x: 60, y: 350 }, 'surface');
    expect(shareSelected(wall, wallGap)).toBeGreaterThan(0.8);
    expect(shareSelected(wall, (x, y) => isInside(railing, x, y))).toBeLessThan(0.1);
  });

  it('ran down to the hood without it (balconyFootGap 0)', () => {
    const image = prepared({ balconyFootGap: 0 });
    const found = image.balconyOpenings.filter(onRailing);
    expect(found.length).toBeGreaterThan(0);
    expect(Math.max(...found.map((box) => box.bottom))).toBeGreaterThanOrEqual(hood.top);
    const wall = selectFacadeElement(image, { x: 60, y: 350 }, 'surface');
    expect(shareSelected(wall, wallGap)).toBeLessThan(0.2);
  });
});
