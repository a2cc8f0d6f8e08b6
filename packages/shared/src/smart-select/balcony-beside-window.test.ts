import { describe, expect, it } from 'vitest';
import { balconyMisfits, glass, iron, render, renderFacadeWindows } from './drawn-balconies.ts';
import { isInside, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import {
  type FacadeTuning,
  prepareFacadeImage,
  type Rectangle,
  selectFacadeElement,
} from './facade-select.ts';

// A render facade, three floors of four dark windows, read at a superpixel size of 13 px (as
// cmp_b0010's 1024-px photo, 13.9). Before the foot of the middle floor's second window stands an
// iron railing of thin bars (1 px every 11 px: decision 155's railing cells, which ask for bars'
// edges in 40 % of the cells along a row, find only its piece before the window's dark glass)
// under a handrail, on a thin slab, passing the window by 32 px on each side: the render beside
// it is as plain as beside the window's upper half (cmp_b0010's side balconies;
// docs/decisions/530-railing-beside-a-window-foot.md).
const width = 440;
const height = 400;
const railing: Rectangle = { left: 113, top: 222, right: 221, bottom: 252 };
const slab: Rectangle = { left: 111, top: 253, right: 223, bottom: 256 };
const isIron = (x: number, y: number) =>
  isInside(railing, x, y) && ((x - railing.left) % 11 === 0 || y - railing.top < 3);

/** The facade with the railing, or with open shutters beside the window instead. */
function drawn(kind: 'railing' | 'shutters') {
  const windows = renderFacadeWindows([30, 150, 300]);
  const windowAt = (x: number, y: number) => windows.find((box) => isInside(box, x, y));
  // Open shutters, boarded (a board's edge every 5 px), beside the window over its whole height.
  const shutters = [
    { left: 113, top: 150, right: 143, bottom: 239 },
    { left: 191, top: 150, right: 221, bottom: 239 },
  ];
  const photo = makeImage(width, height, (x, y) => {
    const grain = noise(x, y, 4);
    if (kind === 'railing' && isIron(x, y)) return shade(iron, 1, grain);
    if (kind === 'railing' && isInside(slab, x, y)) return shade(render, 0.85, grain);
    if (kind === 'shutters' && shutters.some((box) => isInside(box, x, y)))
      return shade(glass, x % 5 === 0 ? 0.7 : 1.4, grain);
    if (windowAt(x, y)) return shade(glass, 1, grain);
    return shade(render, 1 - 0.06 * (y / height), grain);
  });
  return { photo, windowAt };
}
const click = { x: 110, y: 130 };
const onRailing = (box: Rectangle) =>
  box.left < railing.left + 12 && box.right > railing.right - 12 && box.top < 238 && box.bottom > 236;
// The railing's parts beside the window, where the window's own cut does not reach.
const besideWindow = (x: number, y: number) =>
  (isInside(railing, x, y) || isInside(slab, x, y)) && (x < 143 || x > 191);
const on: Partial<FacadeTuning> = { superpixelCount: 1000 };
const off: Partial<FacadeTuning> = { ...on, balconyBesideWindowBusier: 0 };

describe('balconies of the whole photo: a railing read beside a window foot', () => {
  it('is found from its handrail to its slab over its whole width, and a wall click leaves it', () => {
    const { photo, windowAt } = drawn('railing');
    const image = prepareFacadeImage(photo, { tuning: on });
    const found = image.balconyOpenings.find(onRailing);
    expect(found).toBeDefined();
    expect(balconyMisfits(found as Rectangle, railing, slab.bottom)).toEqual([]);
    const selection = selectFacadeElement(image, click, 'surface');
    expect(shareSelected(selection, besideWindow)).toBeLessThan(0.1);
    // The wall beside the railing stays selected.
    const wallBeside = (x: number, y: number) =>
      y >= railing.top && y <= slab.bottom && (x < 105 || (x > 230 && x < 245)) && !windowAt(x, y);
    expect(shareSelected(selection, wallBeside)).toBeGreaterThan(0.9);
    expect(shareSelected(selection, (x, y) => y > 262 && y < 290 && !windowAt(x, y))).toBeGreaterThan(0.9);
  });

  it('without it (balconyBesideWindowBusier 0) it is missed and a wall click takes its ends', () => {
    const { photo } = drawn('railing');
    const image = prepareFacadeImage(photo, { tuning: off });
    expect(image.balconyOpenings.filter(onRailing)).toEqual([]);
    const selection = selectFacadeElement(image, click, 'surface');
    expect(shareSelected(selection, besideWindow)).toBeGreaterThan(0.5);
  });

  it('is not read from open shutters beside the window: as busy beside its upper half', () => {
    const { photo } = drawn('shutters');
    const found = prepareFacadeImage(photo, { tuning: on }).balconyOpenings;
    const without = prepareFacadeImage(photo, { tuning: off }).balconyOpenings;
    expect(found).toEqual(without);
  });
});
