import { describe, expect, it } from 'vitest';
import { type Colour, isInside, isTwoPaneFrame, makeImage, noise } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle } from './facade-select.ts';
import { defaultPlainRepeatTuning, dropPlainRepeats } from './repeat-plain.ts';
import { findSimilar } from './similar-and-frames.ts';

const middleOf = (r: Rectangle) => ({ x: (r.left + r.right) / 2, y: (r.top + r.bottom) / 2 });

describe('select all similar drops a repeat on plain wall (docs/decisions/371)', () => {
  // Two floors of four framed two-pane windows (50 × 80) of pale glass on smooth render, each
  // floor under a cornice line and over a balcony's railing that run across the facade; the
  // upper floor's third window is a blind one, bare wall in its place (cmp_b0010's top floor).
  const floors = [60, 190];
  const windows: Rectangle[] = [];
  for (const top of floors) {
    for (const left of [40, 140, 240, 340]) windows.push({ left, top, right: left + 49, bottom: top + 79 });
  }
  const blind = windows[2] as Rectangle;
  const dark: Colour = [50, 50, 50];
  const stone: Colour = [150, 140, 120];
  const image = prepareFacadeImage(
    makeImage(440, 320, (x, y) => {
      const grain = noise(x, y, 2);
      const grained = (colour: Colour): Colour => [colour[0] + grain, colour[1] + grain, colour[2] + grain];
      if (y < 24) return grained([130, 175, 225]);
      const box = windows.find((candidate) => candidate !== blind && isInside(candidate, x, y));
      if (box) return grained(isTwoPaneFrame(box, x, y) ? [62, 58, 54] : [170, 172, 170]);
      for (const top of floors) {
        if (y >= top + 80 && y < top + 84) return grained(dark);
        if (y >= top + 84 && y < top + 100 && x % 6 < 3) return grained(dark);
        if (y >= top + 100 && y < top + 104) return grained(stone);
        if (y >= top - 8 && y < top - 2) return grained(stone);
      }
      return grained([214, 196, 164]);
    }),
  );

  it('finds no window on the blind one’s wall, and the window beside it alone', () => {
    // The grid's crossing lands on the bare wall, a floor's gap search finds the wall between
    // it and the second window, and the two pairs' test joins that with the window.
    const found = findSimilar(image, windows[5] as Rectangle);
    expect(found.filter((repeat) => isInside(blind, middleOf(repeat).x, middleOf(repeat).y))).toEqual([]);
    const second = found.filter((repeat) => repeat.top < 150 && repeat.left < 200 && repeat.right > 130);
    expect(second).toHaveLength(1);
    expect((second[0] as Rectangle).right).toBeLessThan(200);
  });

  const onWall: Rectangle = {
    left: blind.left - 6,
    top: blind.top,
    right: blind.right + 6,
    bottom: blind.bottom,
  };
  const repeats = windows.map((window) => (window === blind ? onWall : window));

  it('drops the repeat on the plain wall and keeps every window', () => {
    expect(dropPlainRepeats(image, repeats)).toEqual(windows.filter((window) => window !== blind));
  });

  it('keeps it with the step off (share 0)', () => {
    expect(dropPlainRepeats(image, repeats, { ...defaultPlainRepeatTuning, share: 0 })).toEqual(repeats);
  });

  it('keeps a plain repeat whose middle lies in an opening the detector found', () => {
    const detected = { ...image, openings: [...image.openings, onWall] };
    expect(dropPlainRepeats(detected, repeats)).toEqual(repeats);
  });

  it('keeps a floor of fewer than three repeats', () => {
    const two = [windows[0] as Rectangle, onWall];
    expect(dropPlainRepeats(image, two)).toEqual(two);
  });
});
