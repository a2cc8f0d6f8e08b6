import { describe, expect, it } from 'vitest';
import { glass, iron, render, renderFacadeWindows } from './drawn-balconies.ts';
import { isInside, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle, selectFacadeElement } from './facade-select.ts';

// A render facade, two floors of four dark windows. Along the upper floor, in front of its
// windows' lower part, runs one balcony on a slab whose front edge is in shade, under one iron
// handrail: straight iron bars (2 of every 6 pixels) over its middle, found (decision 155), and
// at its ends, before the outer windows, scrolls drawn as slanting iron strokes (cmp_b0012's
// ornate railing): along any one row they cross few columns, too few for railing cells, but
// down the railing's height they cross every column. The slab runs under the whole balcony
// (docs/decisions/268-balconies-along-their-slab.md).
const width = 440;
const height = 400;
const windows = renderFacadeWindows([30, 150]);
const windowAt = (x: number, y: number) => windows.find((box) => isInside(box, x, y));
const balcony: Rectangle = { left: 24, top: 206, right: 415, bottom: 246 };
const middle = { left: 120, right: 320 };
const slabHeight = 11;
const click = { x: 20, y: 140 };
/** The balcony's ends, from its handrail down to its slab, where only the scrolls stand. */
const ends = (x: number, y: number) =>
  isInside(balcony, x, y) && (x < middle.left - 6 || x > middle.right + 6);

const photo = makeImage(width, height, (x, y) => {
  const grain = noise(x, y, 4);
  if (isInside(balcony, x, y)) {
    if (y > balcony.bottom - slabHeight) return shade(render, balcony.bottom - y < 4 ? 0.3 : 1.03, grain);
    if (y - balcony.top < 3) return shade(iron, 1, grain);
    const onMiddle = x >= middle.left && x <= middle.right;
    if (onMiddle ? x % 6 < 2 : (x + y) % 24 < 2) return shade(iron, 1, grain);
  }
  if (windowAt(x, y)) return shade(glass, 1, grain);
  return shade(render, 1, grain);
});

/** The render under the balcony's slab, and between the floors above it. */
const wallAround = (x: number, y: number) =>
  (y > balcony.bottom + 4 && y < 300) || (y > 122 && y < 148 && !windowAt(x, y));

describe('a balcony goes on along its floor while its slab and bars do', () => {
  it("the railing's ends are found with its middle, and a wall click leaves them out", () => {
    const image = prepareFacadeImage(photo);
    const onFloor = image.balconyOpenings.filter(
      (box) => box.top <= balcony.bottom && box.bottom >= balcony.top,
    );
    expect(Math.min(...onFloor.map((box) => box.left))).toBeLessThanOrEqual(balcony.left + 6);
    expect(Math.max(...onFloor.map((box) => box.right))).toBeGreaterThanOrEqual(balcony.right - 6);
    const selection = selectFacadeElement(image, click, 'surface');
    expect(shareSelected(selection, ends)).toBeLessThan(0.1);
    expect(shareSelected(selection, wallAround)).toBeGreaterThan(0.9);
  });

  it('without it (balconyAlongShare 0) the middle alone is found and a wall click takes the ends', () => {
    const image = prepareFacadeImage(photo, { tuning: { balconyAlongShare: 0 } });
    const onFloor = image.balconyOpenings.filter(
      (box) => box.top <= balcony.bottom && box.bottom >= balcony.top,
    );
    expect(onFloor.length).toBeGreaterThan(0);
    expect(Math.min(...onFloor.map((box) => box.left))).toBeGreaterThan(balcony.left + 40);
    const selection = selectFacadeElement(image, click, 'surface');
    expect(shareSelected(selection, ends)).toBeGreaterThan(0.4);
  });
});
