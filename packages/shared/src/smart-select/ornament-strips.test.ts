import { describe, expect, it } from 'vitest';
import { type Colour, isInside, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import {
  type FacadeTuning,
  prepareFacadeImage,
  type Rectangle,
  selectFacadeElement,
} from './facade-select.ts';

// Two floors of four dark windows; over each window, 8 pixels above it, a hood moulding of the
// render's colour a little wider than the window: a 2-pixel lit top and the 7-pixel shadow it
// casts on the wall. The detector finds the shadow (dark, outlined, on the windows' columns),
// but it is the wall's ornament: a wall click keeps it and leaves the windows out.
const render: Colour = [206, 194, 172];
const glass: Colour = [80, 88, 100];
const windows: Rectangle[] = [70, 190].flatMap((top) =>
  [40, 150, 260, 370].map((left) => ({ left, top, right: left + 59, bottom: top + 89 })),
);
const hoods: Rectangle[] = windows.map((box) => ({
  left: box.left - 5,
  top: box.top - 17,
  right: box.right + 5,
  bottom: box.top - 9,
}));

const photo = makeImage(480, 300, (x, y) => {
  const grain = noise(x, y, 4);
  const hood = hoods.find((box) => isInside(box, x, y));
  if (hood) return shade(render, y - hood.top < 2 ? 1.1 : 0.45, grain);
  if (windows.some((box) => isInside(box, x, y))) return shade(glass, 1, grain);
  return shade(render, 1 - 0.06 * (y / 300), grain);
});
const wallClick = (tuning: Partial<FacadeTuning> = {}) =>
  selectFacadeElement(prepareFacadeImage(photo, { tuning }), { x: 20, y: 150 }, 'surface');

describe('a hood moulding over a window is wall, the window is not', () => {
  it('keeps every hood and its shadow in a wall click, the windows stay out', () => {
    const selection = wallClick();
    for (const hood of hoods)
      expect(shareSelected(selection, (x, y) => isInside(hood, x, y))).toBeGreaterThan(0.9);
    for (const box of windows)
      expect(shareSelected(selection, (x, y) => isInside(box, x, y))).toBeLessThan(0.05);
  });

  it('cut the hoods’ shadows as openings without the rule (the former code)', () => {
    const selection = wallClick({ stripAspect: 0 });
    for (const hood of hoods)
      expect(shareSelected(selection, (x, y) => isInside(hood, x, y))).toBeLessThan(0.5);
  });
});
