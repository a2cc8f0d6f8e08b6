import { describe, expect, it } from 'vitest';
import { footBalcony, glass, iron, isRailingIron, render, wallClickOnBoxes } from './drawn-balconies.ts';
import { isInside, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import type { FacadeTuning, Rectangle } from './facade-select.ts';

// A render facade with a balcony over a window: an iron railing on a dark slab, two dark
// consoles under the slab's ends and, between them, the window's carved head in the wall's
// stone, down to the window's stone frame. Decision 415 ends such a balcony's box on the
// window's head (the CMP labels take consoles and head as balcony); the rows at its foot then
// look like the band under it (the frame, in the wall's stone too), as the wall under a slab
// does, and decision 440's give-back must leave them cut
// (docs/decisions/505-balcony-foot-on-a-window-head.md).
const width = 440;
const height = 420;
const { railing, slab } = footBalcony;
const head = { top: 170, bottom: 181 };
const consoles: Rectangle[] = [130, 296].map((left) => ({
  left,
  top: head.top,
  right: left + 14,
  bottom: head.bottom,
}));
const box: Rectangle = { ...railing, bottom: head.bottom };
// The window under it as found: its stone frame (8 px) and the glass inside.
const window: Rectangle = { left: 180, top: head.bottom + 1, right: 260, bottom: 360 };
const frame = 8;
const isGlass = (x: number, y: number) =>
  x >= window.left + frame &&
  x <= window.right - frame &&
  y >= window.top + frame &&
  y <= window.bottom - frame;
const photo = makeImage(width, height, (x, y) => {
  const grain = noise(x, y, 4);
  if (isRailingIron(railing, x, y)) return shade(iron, 1, grain);
  if (x >= railing.left && x <= railing.right && y >= slab.top && y <= slab.bottom)
    return shade(render, 0.55, grain);
  if (consoles.some((console) => isInside(console, x, y))) return shade(render, 0.55, grain);
  if (isGlass(x, y)) return shade(glass, 1, grain);
  return shade(render, 1, grain);
});
// The preparation's boxes set by hand: the balcony as decision 415 ends it, the window under it.
const clicked = (tuning: Partial<FacadeTuning> = {}) =>
  wallClickOnBoxes(photo, { balconies: [box], openings: [window] }, { x: 60, y: 390 }, tuning);
// Between the consoles (130–144 and 296–310).
const carvedHead = (x: number, y: number) => x > 144 && x < 296 && y >= head.top && y <= head.bottom;

describe('a balcony ended on the window under it keeps its foot cut', () => {
  it('cuts the carved head down to the window', () => {
    const wall = clicked();
    expect(shareSelected(wall, carvedHead)).toBeLessThan(0.05);
  });

  it('gave its lowest rows back as wall without it (cutSideFootOnWindow false)', () => {
    const wall = clicked({ cutSideFootOnWindow: false });
    expect(shareSelected(wall, carvedHead)).toBeGreaterThan(0.2);
  });
});
