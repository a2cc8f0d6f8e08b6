import { describe, expect, it } from 'vitest';
import { downToTheWindowUnder } from './balcony-over-window.ts';
import { glass, iron, render } from './drawn-balconies.ts';
import { isInside, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import {
  type FacadeTuning,
  prepareFacadeImage,
  type Rectangle,
  selectFacadeElement,
} from './facade-select.ts';

// A render facade with a balcony standing over a window: an iron railing before a French window,
// a lit slab, and under it two consoles of grey stone with a dark grille panel between them, on
// the head of the window below (cmp_b0002's balconies, which the CMP labels end at that window's
// head; docs/decisions/415-balcony-down-to-the-window-under-it.md).
const width = 440;
const height = 640;
const windowAbove: Rectangle = { left: 170, top: 10, right: 270, bottom: 129 };
const railing: Rectangle = { left: 130, top: 118, right: 310, bottom: 129 };
const slab: Rectangle = { left: 124, top: 130, right: 316, bottom: 139 };
const consoles: Rectangle[] = [134, 280].map((left) => ({ left, top: 140, right: left + 26, bottom: 159 }));
const panel: Rectangle = { left: 161, top: 143, right: 279, bottom: 156 };
const windowBelow: Rectangle = { left: 170, top: 160, right: 270, bottom: 330 };
const stone = [120, 118, 112] as const;
const photo = makeImage(width, height, (x, y) => {
  const grain = noise(x, y, 4);
  if (isInside(railing, x, y) && (x % 7 < 2 || y - railing.top < 4)) return shade(iron, 1, grain);
  if (isInside(slab, x, y)) return shade(render, 1.12, grain);
  if (consoles.some((box) => isInside(box, x, y))) return shade(stone, 1, grain);
  if (isInside(panel, x, y)) return shade(iron, 1.4, grain);
  if (isInside(windowAbove, x, y) || isInside(windowBelow, x, y)) return shade(glass, 1, grain);
  return shade(render, 1, grain);
});
const onBalcony = (box: Rectangle) => box.left < 200 && box.right > 250 && box.top < 122 && box.bottom > 125;
// Decisions 239 and 336 take these consoles as the slab's shade (they are darker than the render):
// off here, so that the balcony ends at its slab's line as cmp_b0002's do, where the slab's lit
// front under the bars stops both (the rows there are no darker than the wall).
const prepared = (tuning: Partial<FacadeTuning> = {}) =>
  prepareFacadeImage(photo, { tuning: { balconyShadeDarker: 100, balconyBesideDarker: 0, ...tuning } });
const onConsoles = (x: number, y: number) => consoles.some((box) => isInside(box, x, y));

describe('a balcony over a window goes down to its head', () => {
  it('ends at the window under it, and a wall click leaves the consoles out', () => {
    const image = prepared();
    const found = image.balconyOpenings.filter(onBalcony);
    expect(found.length).toBeGreaterThan(0);
    const bottom = Math.max(...found.map((box) => box.bottom));
    expect(bottom).toBeGreaterThanOrEqual(windowBelow.top - 5);
    expect(bottom).toBeLessThanOrEqual(windowBelow.top);
    // As wide as its slab, which stands past the railing.
    expect(Math.min(...found.map((box) => box.left))).toBeLessThanOrEqual(slab.left);
    expect(Math.max(...found.map((box) => box.right))).toBeGreaterThanOrEqual(slab.right);
    const wall = selectFacadeElement(image, { x: 60, y: 500 }, 'surface');
    expect(shareSelected(wall, onConsoles)).toBeLessThan(0.2);
    expect(shareSelected(wall, (x, y) => x < 100 && y > 140 && y < 160)).toBeGreaterThan(0.95);
  });

  it('ended above the consoles without it (balconyWindowUnderReach 0)', () => {
    // Decision 530 reads the railing beside the upper window's foot down to its slab's line over
    // the consoles: off for the former path.
    const image = prepared({ balconyWindowUnderReach: 0, balconyBesideWindowBusier: 0 });
    const found = image.balconyOpenings.filter(onBalcony);
    expect(found.length).toBeGreaterThan(0);
    expect(Math.max(...found.map((box) => box.bottom))).toBeLessThan(slab.bottom + 6);
    const wall = selectFacadeElement(image, { x: 60, y: 500 }, 'surface');
    expect(shareSelected(wall, onConsoles)).toBeGreaterThan(0.6);
  });

  it('keeps its found width without the widening (balconyWindowUnderWiden 0)', () => {
    const found = prepared({
      balconyWindowUnderWiden: 0,
      balconyBesideWindowBusier: 0,
    }).balconyOpenings.filter(onBalcony);
    expect(found.length).toBeGreaterThan(0);
    expect(Math.min(...found.map((box) => box.left))).toBeGreaterThan(slab.left);
  });

  it('stays above plain wall between it and the window', () => {
    // The same facade with plain render where the consoles and panel were: wall, not balcony.
    const plain = makeImage(width, height, (x, y) => {
      const grain = noise(x, y, 4);
      if (y > slab.bottom && y < windowBelow.top) return shade(render, 1, grain);
      const [red, green, blue] = photo.data.subarray((y * width + x) * 4, (y * width + x) * 4 + 3);
      return [red as number, green as number, blue as number];
    });
    const found = prepareFacadeImage(plain).balconyOpenings.filter(onBalcony);
    expect(found.length).toBeGreaterThan(0);
    expect(Math.max(...found.map((box) => box.bottom))).toBeLessThan(slab.bottom + 6);
  });

  it("stays up when the window under it has its head on another balcony's rail", () => {
    // The same rows under the slab, but the opening under them is found from a lower balcony's
    // rail down (cmp_b0006's French balconies went down over a window's shutters to it): that is
    // the lower balcony's window, not a window's head (docs/decisions/415).
    const lowerRailing: Rectangle = {
      left: 130,
      top: windowBelow.top,
      right: 310,
      bottom: windowBelow.top + 11,
    };
    const withLower = makeImage(width, height, (x, y) => {
      if (isInside(lowerRailing, x, y) && (x % 7 < 2 || y - lowerRailing.top < 4))
        return shade(iron, 1, noise(x, y, 4));
      const at = (y * width + x) * 4;
      return [photo.data[at] as number, photo.data[at + 1] as number, photo.data[at + 2] as number];
    });
    const upper: Rectangle = {
      left: railing.left,
      top: railing.top,
      right: railing.right,
      bottom: slab.bottom,
    };
    const lower: Rectangle = { ...lowerRailing, bottom: windowBelow.bottom };
    const read = prepareFacadeImage(withLower);
    const tuning = {
      reach: 40,
      centre: 0.15,
      share: 0.5,
      aspect: 0.7,
      near: 6,
      own: 0.6,
      widen: 0.3,
      size: 10,
    };
    // Without the lower balcony the consoles take it down to the window's head…
    expect(downToTheWindowUnder(read, upper, [windowBelow], [upper], tuning).bottom).toBe(
      windowBelow.top - 1,
    );
    // …with the window's head on the lower balcony's rail it stays at its slab.
    expect(downToTheWindowUnder(read, upper, [windowBelow], [upper, lower], tuning)).toEqual(upper);
  });
});
