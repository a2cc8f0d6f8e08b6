import { describe, expect, it } from 'vitest';
import type { Rectangle } from './facade-select.ts';
import { defaultFacadeTuning } from './facade-select.ts';
import { type HoodTuning, isHoodOrSill } from './hoods-and-sills.ts';

// The shapes of cmp_b0008's windows (docs/decisions/327-hoods-and-sills-apart-from-their-window.md):
// a window cut 18 wide, its pediment's shadow cut apart over it, 32 wide and 11 high, 4 pixels
// above its top, and its sill's under its foot. Gap: half a superpixel size of that photo.
const tuning: HoodTuning = {
  height: defaultFacadeTuning.hoodHeight,
  gap: defaultFacadeTuning.hoodGap * 11.7,
  wider: defaultFacadeTuning.hoodWider,
  widest: defaultFacadeTuning.hoodWidest,
};
const window: Rectangle = { left: 153, top: 280, right: 170, bottom: 334 };
const hood: Rectangle = { left: 151, top: 265, right: 182, bottom: 275 };
const sill: Rectangle = { left: 149, top: 335, right: 179, bottom: 340 };

describe('hoods and sills apart from their window', () => {
  it('a hood over the window and a sill under it stay wall; the window stays cut', () => {
    expect(isHoodOrSill(hood, [window, hood], [], [], tuning)).toBe(true);
    expect(isHoodOrSill(sill, [window, sill], [], [], tuning)).toBe(true);
    expect(isHoodOrSill(window, [window, hood, sill], [], [], tuning)).toBe(false);
  });

  it('were cut with the rule off (the former code path)', () => {
    expect(isHoodOrSill(hood, [window, hood], [], [], { ...tuning, height: 0 })).toBe(false);
  });

  it('leaves alone a transom as wide as its window, a window head far wider, a tall piece and one standing clear', () => {
    const transom = { left: 153, top: 268, right: 170, bottom: 276 };
    const head = { left: 120, top: 268, right: 190, bottom: 276 };
    const tall = { left: 151, top: 230, right: 182, bottom: 276 };
    const clear = { left: 151, top: 255, right: 182, bottom: 265 };
    for (const cut of [transom, head, tall, clear]) {
      expect(isHoodOrSill(cut, [window, cut], [], [], tuning)).toBe(false);
    }
  });

  it('leaves alone railings and what lies by a balcony (the underside of its slab)', () => {
    expect(isHoodOrSill(hood, [window, hood], [hood], [], tuning)).toBe(false);
    const balcony = { left: 140, top: 240, right: 190, bottom: 258 };
    expect(isHoodOrSill(hood, [window, hood], [], [balcony], tuning)).toBe(false);
  });
});
