import { describe, expect, it } from 'vitest';
import type { RgbaPixels } from '../mask/mask-contract.ts';
import { findOpening, prepareFacadeImage, type Rectangle, refineOpening } from './facade-select.ts';

type Colour = readonly [number, number, number];

/** Deterministic noise in [-amplitude, amplitude], so tests do not flake. */
function noise(x: number, y: number, amplitude: number): number {
  const hash = Math.sin(x * 12.9898 + y * 78.233) * 43758.5453;
  return Math.round((hash - Math.floor(hash) - 0.5) * 2 * amplitude);
}

const inside = (box: Rectangle, x: number, y: number) =>
  x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;

describe('refining an opening onto its frame lines', () => {
  // Two windows on a textured render, one frame-width (3 px) apart: a thin dark frame, a
  // vertical and a horizontal glazing bar, grey-blue glass, and a light stone sill under the
  // left window. Superpixels are as large against the windows as on a 1.5 MP facade photo
  // (a window about four superpixels wide), not the 3-pixel ones 3000 would make here.
  const width = 200;
  const height = 160;
  const frameWidth = 3;
  const left: Rectangle = { left: 40, top: 40, right: 79, bottom: 99 };
  const right: Rectangle = { left: 83, top: 40, right: 122, bottom: 99 };
  const sill: Rectangle = { left: 34, top: 100, right: 85, bottom: 108 };
  const wall: Colour = [214, 198, 168];
  const frame: Colour = [62, 56, 50];
  const glass: Colour = [150, 170, 188];
  const stone: Colour = [236, 236, 232];
  const paint = (x: number, y: number): Colour => {
    for (const box of [left, right]) {
      if (!inside(box, x, y)) continue;
      const isFrame =
        x - box.left < frameWidth ||
        box.right - x < frameWidth ||
        y - box.top < frameWidth ||
        box.bottom - y < frameWidth;
      const middleX = Math.round((box.left + box.right) / 2);
      const isBar = Math.abs(x - middleX) <= 1 || (y >= 58 && y <= 59);
      return isFrame || isBar ? frame : glass;
    }
    if (inside(sill, x, y)) return stone;
    // Render: grain plus blotches a few pixels across.
    const blotch = 8 * Math.sin(x / 5) * Math.cos(y / 7);
    return [wall[0] + blotch, wall[1] + blotch, wall[2] + blotch];
  };
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [red, green, blue] = paint(x, y);
      const grain = noise(x, y, 5);
      data.set([red + grain, green + grain, blue + grain, 255], (y * width + x) * 4);
    }
  }
  const photo: RgbaPixels = { width, height, data };
  const image = prepareFacadeImage(photo, { tuning: { superpixelCount: 300 } });

  it('one click on a pane selects the whole window to its frame, not the next window', () => {
    for (const click of [
      { x: 50, y: 80 },
      { x: 70, y: 48 },
    ]) {
      const opening = findOpening(image, click);
      expect(Math.abs(opening.left - left.left)).toBeLessThanOrEqual(2);
      expect(Math.abs(opening.right - left.right)).toBeLessThanOrEqual(2);
      expect(Math.abs(opening.top - left.top)).toBeLessThanOrEqual(2);
      expect(Math.abs(opening.bottom - left.bottom)).toBeLessThanOrEqual(2);
      expect(opening.right).toBeLessThan(right.left);
    }
  });

  it('an added click in the missed pane moves the side to the frame, not to the next window', () => {
    const leftPane = { left: 40, top: 40, right: 58, bottom: 99 };
    const refined = refineOpening(image, leftPane, { x: 69, y: 80 }, 'add') as Rectangle;
    expect(refined).not.toBeNull();
    expect(Math.abs(refined.right - left.right)).toBeLessThanOrEqual(2);
    expect(refined.right).toBeLessThan(right.left);
    expect({ left: refined.left, top: refined.top, bottom: refined.bottom }).toEqual({
      left: 40,
      top: 40,
      bottom: 99,
    });
  });

  it('a subtracting click on the sill moves only the bottom side, to the frame', () => {
    const withSill = { left: 40, top: 40, right: 79, bottom: 108 };
    const refined = refineOpening(image, withSill, { x: 60, y: 104 }, 'subtract') as Rectangle;
    expect(refined).not.toBeNull();
    expect(Math.abs(refined.bottom - left.bottom)).toBeLessThanOrEqual(2);
    expect({ left: refined.left, top: refined.top, right: refined.right }).toEqual({
      left: 40,
      top: 40,
      right: 79,
    });
  });
});
