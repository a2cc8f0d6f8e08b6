import { describe, expect, it } from 'vitest';
import type { RgbaPixels } from '../mask/mask-contract.ts';
import {
  findOpening,
  growOpening,
  prepareFacadeImage,
  type Rectangle,
  refineOpening,
} from './facade-select.ts';

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

  it('a subtracting click in the middle of a strip along the bottom moves the bottom, though the left side is nearer', () => {
    // 31 px taken below the window (the sill and wall): the click is 12 px from the left
    // side and 15 px from the bottom, but a quarter of the width against a sixth of the height.
    const tooTall = { left: 40, top: 40, right: 79, bottom: 130 };
    const refined = refineOpening(image, tooTall, { x: 52, y: 115 }, 'subtract') as Rectangle;
    expect(refined).not.toBeNull();
    expect({ left: refined.left, top: refined.top, right: refined.right }).toEqual({
      left: 40,
      top: 40,
      right: 79,
    });
    expect(Math.abs(refined.bottom - left.bottom)).toBeLessThanOrEqual(2);
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

describe('a first click on one pane of a window', () => {
  // A tall two-leaf window: a dark frame (3 px) with a glazing bar (3 px) down its middle,
  // grey-blue glass, inside a light stone surround (7 px) on a textured render, and a
  // balcony rail across its lower part that runs on beyond both sides of the window.
  // Superpixels are small against the window (a pane about seven superpixels wide), so the
  // glass grown under the click is one pane.
  const width = 240;
  const height = 220;
  const frameWidth = 3;
  const window: Rectangle = { left: 80, top: 40, right: 149, bottom: 149 };
  const surround = 7;
  const rail: Rectangle = { left: 60, top: 150, right: 169, bottom: 185 };
  const wall: Colour = [196, 120, 96];
  const frame: Colour = [58, 52, 48];
  const glass: Colour = [150, 170, 190];
  const stone: Colour = [226, 222, 210];
  const paint = (x: number, y: number): Colour => {
    if (inside(rail, x, y)) {
      // The rail: a top bar, then balusters every 6 px with the wall or window behind.
      if (y - rail.top < 4 || (x - rail.left) % 6 < 2) return frame;
    }
    if (inside(window, x, y)) {
      const isFrame =
        x - window.left < frameWidth ||
        window.right - x < frameWidth ||
        y - window.top < frameWidth ||
        window.bottom - y < frameWidth;
      const middleX = Math.round((window.left + window.right) / 2);
      return isFrame || Math.abs(x - middleX) <= 1 ? frame : glass;
    }
    const isSurround =
      x >= window.left - surround &&
      x <= window.right + surround &&
      y >= window.top - surround &&
      y <= window.bottom + surround;
    if (isSurround) return stone;
    const blotch = 8 * Math.sin(x / 5) * Math.cos(y / 7);
    return [wall[0] + blotch, wall[1] + blotch, wall[2] + blotch];
  };
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [red, green, blue] = paint(x, y);
      const grain = noise(x, y, 4);
      data.set([red + grain, green + grain, blue + grain, 255], (y * width + x) * 4);
    }
  }
  const image = prepareFacadeImage({ width, height, data }, { tuning: { superpixelCount: 3000 } });

  it('selects the window to its frame: both panes, not the stone surround, above the rail', () => {
    for (const click of [
      { x: 97, y: 90 },
      { x: 132, y: 70 },
    ]) {
      // What grows under the click is the one pane, bar excluded.
      const pane = growOpening(image, click);
      expect(pane.right - pane.left).toBeLessThan(40);
      const opening = findOpening(image, click);
      expect(Math.abs(opening.left - window.left)).toBeLessThanOrEqual(2);
      expect(Math.abs(opening.right - window.right)).toBeLessThanOrEqual(2);
      expect(Math.abs(opening.top - window.top)).toBeLessThanOrEqual(2);
      expect(Math.abs(opening.bottom - (rail.top - 1))).toBeLessThanOrEqual(2);
    }
  });
});
