import { describe, expect, it } from 'vitest';
import { footBalcony, glass, iron, isRailingIron, render, wallClickOnBoxes } from './drawn-balconies.ts';
import { type Colour, isInside, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import type { FacadeTuning, Rectangle } from './facade-select.ts';

// A render facade with a balcony (an iron railing on a slab, French windows behind it, windows
// on the floor below), its box reaching ten rows under the slab onto the render: more than
// decision 440's cap (0.05 of the box's height, four rows) gives back. The rows under the slab
// look like the wall beside the balcony at the same rows, and go back to the wall
// (docs/decisions/490-balcony-foot-like-the-wall-beside.md).
const width = 440;
const height = 400;
const { railing, slab, windowsBehind, windowsBelow } = footBalcony;
const stone: Colour = [246, 246, 244];

/** The facade; with `course`, the slab is a white string course running across the whole wall. */
const draw = (course: boolean) =>
  makeImage(width, height, (x, y) => {
    const grain = noise(x, y, 4);
    if (isRailingIron(railing, x, y)) return shade(iron, 1, grain);
    if (y >= slab.top && y <= slab.bottom) {
      if (course) return shade(stone, 1, grain);
      if (x >= railing.left && x <= railing.right) return shade(render, 0.55, grain);
    }
    if ([...windowsBehind, ...windowsBelow].some((window) => isInside(window, x, y)))
      return shade(glass, 1, grain);
    return shade(render, 1, grain);
  });
const plain = draw(false);
const onACourse = draw(true);

// The balcony as the preparation's box.
const clicked = (photo: typeof plain, box: Rectangle, tuning: Partial<FacadeTuning> = {}) =>
  wallClickOnBoxes(photo, { balconies: [box] }, { x: 60, y: 370 }, tuning);
const overreaching: Rectangle = { ...railing, bottom: slab.bottom + 10 };
const wallUnderSlab = (x: number, y: number) =>
  x >= railing.left && x <= railing.right && y > slab.bottom && y <= overreaching.bottom;
const balcony = (x: number, y: number) =>
  x >= railing.left && x <= railing.right && y >= railing.top && y <= slab.bottom;
const slabRows = (x: number, y: number) =>
  x >= railing.left && x <= railing.right && y >= slab.top && y <= slab.bottom;

describe('a balcony’s cut gives back the rows under its slab like the wall beside it', () => {
  it('keeps the ten rows the box took under the slab, and cuts the railing and slab', () => {
    const wall = clicked(plain, overreaching);
    expect(shareSelected(wall, wallUnderSlab)).toBeGreaterThan(0.85);
    expect(shareSelected(wall, balcony)).toBeLessThan(0.05);
  });

  it('kept only decision 440’s few rows without it (cutSideBalconyBeside 0)', () => {
    const wall = clicked(plain, overreaching, { cutSideBalconyBeside: 0 });
    expect(shareSelected(wall, wallUnderSlab)).toBeLessThan(0.5);
  });

  it('cuts a slab that is a string course, like the course beside it but not the wall under it', () => {
    const box: Rectangle = { ...railing, bottom: slab.bottom };
    // One row of ten goes: the slab's lowest, smoothed into the render under it.
    expect(shareSelected(clicked(onACourse, box), slabRows)).toBeLessThan(0.15);
    // Without the wall under the foot asked of the wall beside, the course's rows went back.
    const unguarded = clicked(onACourse, box, { cutSideBalconyBesideUnder: 1000 });
    expect(shareSelected(unguarded, slabRows)).toBeGreaterThan(0.5);
  });
});
