import { describe, expect, it } from 'vitest';
import type { RgbaPixels } from '../mask/mask-contract.ts';
import { prepareFacadeImage, type Rectangle, refineOpening } from './facade-select.ts';

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
  // left window.
  const width = 200;
  const height = 160;
  const frameWidth = 3;
  const left: Rectangle = { left: 40, top: 40, right: 99, bottom: 109 };
  const right: Rectangle = { left: 103, top: 40, right: 162, bottom: 109 };
  const sill: Rectangle = { left: 34, top: 110, right: 101, bottom: 118 };
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
      const isBar = Math.abs(x - middleX) <= 1 || (y >= 70 && y <= 71);
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
  const image = prepareFacadeImage(photo);

  it('an added click in the missed pane moves the side to the frame, not to the next window', () => {
    const leftPane = { left: 40, top: 40, right: 69, bottom: 109 };
    const refined = refineOpening(image, leftPane, { x: 85, y: 90 }, 'add') as Rectangle;
    expect(refined).not.toBeNull();
    expect(Math.abs(refined.right - left.right)).toBeLessThanOrEqual(2);
    expect(refined.right).toBeLessThan(right.left);
    expect({ left: refined.left, top: refined.top, bottom: refined.bottom }).toEqual({
      left: 40,
      top: 40,
      bottom: 109,
    });
  });

  it('a subtracting click on the sill moves only the bottom side, to the frame', () => {
    const withSill = { left: 40, top: 40, right: 99, bottom: 118 };
    const refined = refineOpening(image, withSill, { x: 70, y: 114 }, 'subtract') as Rectangle;
    expect(refined).not.toBeNull();
    expect(Math.abs(refined.bottom - left.bottom)).toBeLessThanOrEqual(2);
    expect({ left: refined.left, top: refined.top, right: refined.right }).toEqual({
      left: 40,
      top: 40,
      right: 99,
    });
  });
});
