import { describe, expect, it } from 'vitest';
import { type Colour, isInside, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import {
  type FacadeTuning,
  prepareFacadeImage,
  type Rectangle,
  selectFacadeElement,
  surfaceClick,
} from './facade-select.ts';

// A stone facade with a long balustrade of carved panels before its first floor's French
// windows, as over cmp_b0002's ground floor: the panels' relief in deep shade (a dark band, no
// pitch of balusters, no bars), a light coping over them and a light plinth under them, the
// plinth's shadow on the wall under it. The labels take coping and plinth with the balcony
// (docs/decisions/510-long-cuts-take-coping-and-plinth.md).
const stone: Colour = [200, 190, 176];
const light: Colour = [238, 234, 226];
const relief: Colour = [96, 91, 85];
const glass: Colour = [70, 78, 90];
const coping: Rectangle = { left: 100, top: 260, right: 499, bottom: 267 };
const panels: Rectangle = { left: 100, top: 268, right: 499, bottom: 303 };
const plinth: Rectangle = { left: 100, top: 304, right: 499, bottom: 311 };
const shadow: Rectangle = { left: 100, top: 312, right: 499, bottom: 319 };
const windows: Rectangle[] = [
  ...[130, 270, 410].map((left) => ({ left, top: 40, right: left + 59, bottom: 129 })),
  ...[130, 270, 410].map((left) => ({ left, top: 170, right: left + 59, bottom: 259 })),
];
const photo = makeImage(600, 420, (x, y) => {
  const grain = noise(x, y, 4);
  if (isInside(coping, x, y) || isInside(plinth, x, y)) return shade(light, 1, grain);
  if (isInside(panels, x, y)) return shade(relief, 1 + noise(x >> 3, y >> 3, 10) / 100, grain);
  if (isInside(shadow, x, y)) return shade(stone, 0.55, grain);
  if (windows.some((box) => isInside(box, x, y))) return shade(glass, 1, grain);
  return shade(stone, 1, grain);
});
const prepared = (tuning: Partial<FacadeTuning> = {}) => prepareFacadeImage(photo, { tuning });
// The coping's and the plinth's rows, but for the row at their outer edge (soft in the photo).
const inRims = (x: number, y: number) =>
  isInside({ ...coping, top: coping.top + 1 }, x, y) ||
  isInside({ ...plinth, bottom: plinth.bottom - 1 }, x, y);
// The wall between the French windows, just over the coping.
const overCoping = (x: number, y: number) => x >= 200 && x <= 259 && y >= 240 && y <= 258;
const click = { x: 50, y: 380 };

describe('a long dark band takes its coping and plinth', () => {
  it('cuts the coping and the plinth with the panels, and stops at the coping', () => {
    const image = prepared();
    expect(image.balconyOpenings).toHaveLength(0);
    expect(image.balustrades).toHaveLength(0);
    const band = surfaceClick(image, click).cuts.find((cut) => cut.right - cut.left > 300);
    expect(band).toEqual({ ...panels, top: coping.top, bottom: plinth.bottom });
    const selection = selectFacadeElement(image, click, 'surface');
    expect(shareSelected(selection, inRims)).toBeLessThan(0.05);
    expect(shareSelected(selection, overCoping)).toBeGreaterThan(0.9);
  });

  it('left them to the wall without it (rimAspect 0)', () => {
    const image = prepared({ rimAspect: 0 });
    const band = surfaceClick(image, click).cuts.find((cut) => cut.right - cut.left > 300);
    expect(band).toEqual(panels);
    expect(shareSelected(selectFacadeElement(image, click, 'surface'), inRims)).toBeGreaterThan(0.9);
  });
});
