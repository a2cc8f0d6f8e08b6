import { describe, expect, it } from 'vitest';
import { type Colour, isInside, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import {
  type FacadeTuning,
  prepareFacadeImage,
  type Rectangle,
  selectFacadeElement,
} from './facade-select.ts';

// A floor of four dark windows, each with a short balustrade in front of its lower part (iron
// bars 2 of every 7 pixels under a top rail), a little wider than the window; between two
// balustrades a pier of plain render 14 pixels wide (about 2 superpixel sizes): the wall. A
// shaded string course runs along the facade just below, so the railing's cut, reaching down to
// it, is no band of wall in the pier's columns (docs/decisions/180 cannot split it there).
const render: Colour = [206, 194, 172];
const glass: Colour = [84, 92, 104];
const iron: Colour = [44, 42, 40];
const windows: Rectangle[] = [30, 120, 210, 300].map((left) => ({
  left,
  top: 50,
  right: left + 59,
  bottom: 169,
}));
const railings: Rectangle[] = windows.map((box) => ({
  left: box.left - 8,
  top: 128,
  right: box.right + 8,
  bottom: 163,
}));
const piers: Rectangle[] = railings.slice(1).map((box, at) => ({
  left: (railings[at] as Rectangle).right + 1,
  top: box.top,
  right: box.left - 1,
  bottom: box.bottom,
}));

const photo = makeImage(420, 260, (x, y) => {
  const grain = noise(x, y, 4);
  const railing = railings.find((box) => isInside(box, x, y));
  if (railing && ((x - railing.left) % 7 < 2 || y - railing.top < 3)) return shade(iron, 1, grain);
  if (windows.some((box) => isInside(box, x, y))) return shade(glass, 1, grain);
  if (y >= 170 && y <= 181) return shade(render, 0.75, grain);
  return shade(render, 1 - 0.06 * (y / 260), grain);
});
const wallClick = (tuning: Partial<FacadeTuning> = {}) =>
  selectFacadeElement(prepareFacadeImage(photo, { tuning }), { x: 200, y: 20 }, 'surface');

describe('a wall click between balustrades: the plain pier between two railings is wall', () => {
  const selection = wallClick();

  it('keeps the piers between the railings', () => {
    // The railings' cuts sit on the map's grid, a pixel or two into the pier.
    for (const pier of piers)
      expect(shareSelected(selection, (x, y) => isInside(pier, x, y))).toBeGreaterThan(0.8);
  });

  it('still leaves out every railing and window', () => {
    for (const railing of railings) {
      expect(shareSelected(selection, (x, y) => isInside(railing, x, y))).toBeLessThan(0.1);
    }
    for (const box of windows)
      expect(shareSelected(selection, (x, y) => isInside(box, x, y))).toBeLessThan(0.05);
  });

  it('cut the piers with the railings when a railing bridged them (the former rule)', () => {
    const former = wallClick({ railingPierBridge: 0 });
    for (const pier of piers) expect(shareSelected(former, (x, y) => isInside(pier, x, y))).toBeLessThan(0.2);
  });
});
