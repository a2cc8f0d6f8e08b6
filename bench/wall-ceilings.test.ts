import { describe, expect, it } from 'vitest';
import { superpixelCeiling, withPerfectCuts } from './wall-ceilings.ts';

describe('wall ceilings', () => {
  it('takes each superpixel that is mostly wall and scores its IoU', () => {
    // Three superpixels of a 6 × 2 photo: 0 is 3/4 wall, 1 is half wall (left out), 2 is 1/4.
    const labels = Int32Array.from([0, 0, 1, 1, 2, 2, 0, 0, 1, 1, 2, 2]);
    const wall = Uint8Array.from([1, 1, 1, 0, 1, 0, 1, 0, 0, 1, 0, 0]);
    // Taken: superpixel 0 (3 wall pixels, 1 not); the wall has 6 pixels: IoU 3 / (6 + 1).
    expect(superpixelCeiling(labels, 3, wall)).toBeCloseTo(3 / 7, 10);
  });

  it('makes the cuts perfect within what the clicks reach', () => {
    // Label ids: 5 wall, 4 window, 1 door, 0 unlabelled background.
    const ids = Uint8Array.from([5, 5, 4, 1, 0, 0, 5]);
    const reach = { width: 7, height: 1, data: Uint8Array.from([1, 1, 1, 1, 1, 1, 0]) };
    const selection = { width: 7, height: 1, data: Uint8Array.from([1, 0, 1, 0, 1, 0, 0]) };
    // Wall inside the reach restored (second pixel), the window and door left out, the
    // background as selected, the wall beyond the reach still missed.
    expect([...withPerfectCuts(selection, reach, ids).data]).toEqual([1, 1, 0, 0, 1, 0, 0]);
  });
});
