import { describe, expect, it } from 'vitest';
import { withSidesGivenBack } from './cut-sides.ts';
import { type Colour, makeImage, noise, shade } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle } from './facade-select.ts';

const stone: Colour = [170, 160, 140];
const frame: Colour = [70, 60, 50];
const glass: Colour = [40, 44, 52];
const tuning = { share: 0.6, near: 6, most: 0.2, band: 3, top: true };

describe('a window cut’s sides give back the wall (docs/decisions/339-cut-sides-give-back-wall.md)', () => {
  // A rough stone wall with one window: a dark frame 4 px wide around the glass, x 100…159, y 60…159.
  const window: Rectangle = { left: 100, top: 60, right: 159, bottom: 159 };
  const isIn = (x: number, y: number, r: Rectangle) =>
    x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;
  const glassPart: Rectangle = { left: 104, top: 64, right: 155, bottom: 155 };
  const image = prepareFacadeImage(
    makeImage(260, 220, (x, y) =>
      isIn(x, y, glassPart)
        ? shade(glass, 1, noise(x, y, 3))
        : isIn(x, y, window)
          ? shade(frame, 1, noise(x, y, 3))
          : shade(stone, 1, noise(x, y, 12)),
    ),
  );

  it('gives back the wall a cut took beside its window', () => {
    const cut = withSidesGivenBack(image, { ...window, left: 92, right: 165 }, tuning);
    expect(Math.abs(cut.left - window.left)).toBeLessThanOrEqual(1);
    expect(Math.abs(cut.right - window.right)).toBeLessThanOrEqual(1);
    expect([cut.top, cut.bottom]).toEqual([window.top, window.bottom]);
  });

  it('gives back the wall a cut took over its window, but not under it', () => {
    const cut = withSidesGivenBack(image, { ...window, top: 52, bottom: 166 }, tuning);
    expect(Math.abs(cut.top - window.top)).toBeLessThanOrEqual(1);
    expect(cut.bottom).toBe(166);
    expect(withSidesGivenBack(image, { ...window, top: 52 }, { ...tuning, top: false }).top).toBe(52);
  });

  it('keeps the sides of a cut that fits its window, frame and all', () => {
    expect(withSidesGivenBack(image, window, tuning)).toEqual(window);
  });

  it('gives back at most its share of the width a side', () => {
    const wide = { ...window, left: 70 };
    const cut = withSidesGivenBack(image, wide, tuning);
    expect(cut.left).toBe(70 + Math.floor(0.2 * (window.right - 70 + 1)));
  });

  it('keeps every side when off', () => {
    const wide = { ...window, left: 92, right: 165 };
    expect(withSidesGivenBack(image, wide, { ...tuning, share: 0 })).toEqual(wide);
  });
});
