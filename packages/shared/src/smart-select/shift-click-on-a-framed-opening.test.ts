import { describe, expect, it } from 'vitest';
import { type Colour, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import { prepareFacadeImage, subtractFromSurface } from './facade-select.ts';

const stone: Colour = [150, 150, 150];
const frame: Colour = [45, 42, 40];
/** Panes a little warmer than the ground floor's shaded stone (curtains behind them). */
const pane: Colour = [100, 92, 80];

describe('a shift-click on a wall layer on a framed opening (docs/decisions/289-shift-click-on-a-framed-opening.md)', () => {
  it('a click on a framed window in a shaded ground floor removes the window, not the ground floor', () => {
    // A light wall above a ground floor in shade (a quarter of the photo: the surface under a
    // click there is small), and in it a window of the ground floor's own colour in a dark frame.
    const width = 320;
    const height = 240;
    const groundTop = 180;
    const window = { left: 140, top: 195, right: 180, bottom: 228 };
    const frameWidth = 4;
    const isWindow = (x: number, y: number) =>
      x >= window.left && x <= window.right && y >= window.top && y <= window.bottom;
    const photo = makeImage(width, height, (x, y) => {
      if (isWindow(x, y)) {
        const inFrame =
          x < window.left + frameWidth ||
          x > window.right - frameWidth ||
          y < window.top + frameWidth ||
          y > window.bottom - frameWidth;
        return inFrame ? shade(frame, 1, noise(x, y, 2)) : shade(pane, 1, noise(x, y, 4));
      }
      return shade(stone, y >= groundTop ? 0.6 : 1.2, noise(x, y, 6));
    });
    const click = { x: 160, y: 212 };
    const isGroundBesideWindow = (x: number, y: number) =>
      y >= groundTop && (x < window.left - 5 || x > window.right + 5);
    const former = subtractFromSurface(
      prepareFacadeImage(photo, { tuning: { subtractOpeningFirst: 0 } }),
      click,
    );
    expect(shareSelected(former, isGroundBesideWindow)).toBeGreaterThan(0.9);
    const removed = subtractFromSurface(prepareFacadeImage(photo), click);
    expect(shareSelected(removed, isWindow)).toBeGreaterThan(0.8);
    expect(shareSelected(removed, isGroundBesideWindow)).toBeLessThan(0.05);
  });
});
