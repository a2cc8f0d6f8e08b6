import { describe, expect, it } from 'vitest';
import { footBalcony, glass, iron, isRailingIron, render, wallClickOnBoxes } from './drawn-balconies.ts';
import { isInside, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import type { FacadeTuning, Rectangle } from './facade-select.ts';

// A render facade with a balcony: an iron railing (bars and a handrail) on a dark slab, French
// windows behind it and windows on the floor below. The balcony's box reaches three rows past the
// slab onto the render, as the photos' boxes do when a slab's or a cornice's shade was taken with
// them (cmp_b0004's roof balustrades, cmp_b0010's; the labels end the balcony at its slab)
// (docs/decisions/440-balcony-cut-foot-gives-back-wall.md).
const width = 440;
const height = 400;
const { railing, slab, windowsBehind, windowsBelow } = footBalcony;
const overreach = 3;
const box: Rectangle = { ...railing, bottom: slab.bottom + overreach };
const photo = makeImage(width, height, (x, y) => {
  const grain = noise(x, y, 4);
  if (isRailingIron(railing, x, y)) return shade(iron, 1, grain);
  if (x >= railing.left && x <= railing.right && y >= slab.top && y <= slab.bottom)
    return shade(render, 0.55, grain);
  if ([...windowsBehind, ...windowsBelow].some((window) => isInside(window, x, y)))
    return shade(glass, 1, grain);
  return shade(render, 1, grain);
});
// The balcony as the preparation's box over-reaching its slab.
const clicked = (tuning: Partial<FacadeTuning> = {}) =>
  wallClickOnBoxes(photo, { balconies: [box] }, { x: 60, y: 370 }, tuning);
const wallUnderSlab = (x: number, y: number) =>
  x >= railing.left && x <= railing.right && y > slab.bottom && y <= box.bottom;
const balcony = (x: number, y: number) =>
  x >= railing.left && x <= railing.right && y >= railing.top && y <= slab.bottom;

describe('a balcony’s cut gives back the wall under its slab', () => {
  it('keeps the rows the box took under the slab, and cuts the railing and slab', () => {
    const wall = clicked();
    // Two of the three rows: the one against the slab is smoothed into its dark and stays cut.
    expect(shareSelected(wall, wallUnderSlab)).toBeGreaterThan(0.6);
    expect(shareSelected(wall, balcony)).toBeLessThan(0.05);
  });

  it('cut them with the balcony without it (cutSideBalconyFoot 0, and decision 490 off)', () => {
    const wall = clicked({ cutSideBalconyFoot: 0, cutSideBalconyBeside: 0 });
    expect(shareSelected(wall, wallUnderSlab)).toBeLessThan(0.1);
    expect(shareSelected(wall, balcony)).toBeLessThan(0.05);
  });
});
