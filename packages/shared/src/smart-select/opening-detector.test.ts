import { describe, expect, it } from 'vitest';
import type { Bitmask, RgbaPixels } from '../mask/mask-contract.ts';
import { findOpening, prepareFacadeImage, type Rectangle, selectFacadeElement } from './facade-select.ts';
import { cutOpenings, type OpeningMap } from './opening-detector.ts';
import { findSimilar } from './similar-and-frames.ts';

type Colour = readonly [number, number, number];

/** Deterministic noise in [-amplitude, amplitude], so tests do not flake. */
function noise(x: number, y: number, amplitude: number): number {
  const hash = Math.sin(x * 12.9898 + y * 78.233) * 43758.5453;
  return Math.round((hash - Math.floor(hash) - 0.5) * 2 * amplitude);
}

function makeImage(width: number, height: number, paint: (x: number, y: number) => Colour): RgbaPixels {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [red, green, blue] = paint(x, y);
      data.set([red, green, blue, 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

function shareSelected(mask: Bitmask, where: (x: number, y: number) => boolean): number {
  let total = 0;
  let taken = 0;
  for (let y = 0; y < mask.height; y++) {
    for (let x = 0; x < mask.width; x++) {
      if (!where(x, y)) continue;
      total++;
      if (mask.data[y * mask.width + x] === 1) taken++;
    }
  }
  return taken / total;
}

/** A 0/1 map as the detector's running sums. */
function mapOf(width: number, height: number, isSet: (x: number, y: number) => boolean): OpeningMap {
  const stride = width + 1;
  const sums = new Int32Array(stride * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      if (isSet(x, y)) row++;
      sums[(y + 1) * stride + x + 1] = (sums[y * stride + x + 1] as number) + row;
    }
  }
  return { width, height, step: 1, sums };
}

const near = (found: Rectangle, target: Rectangle, slack: number) =>
  Math.abs(found.left - target.left) <= slack &&
  Math.abs(found.right - target.right) <= slack &&
  Math.abs(found.top - target.top) <= slack &&
  Math.abs(found.bottom - target.bottom) <= slack;

describe('XY-cuts of an opening map', () => {
  it('cuts a grid of partly marked openings into one rectangle each, and ignores specks', () => {
    // 3 floors × 4 openings of 20 × 30 cells; each only 60 % marked (a blind's slats), plus
    // scattered single cells on the wall.
    const openings: Rectangle[] = [];
    for (const top of [10, 60, 110]) {
      for (const left of [10, 45, 80, 115]) openings.push({ left, top, right: left + 19, bottom: top + 29 });
    }
    const inside = (x: number, y: number) =>
      openings.some((box) => x >= box.left && x <= box.right && y >= box.top && y <= box.bottom);
    const map = mapOf(150, 150, (x, y) =>
      inside(x, y) ? y % 5 !== 0 && x % 4 !== 1 : (x * 7 + y * 13) % 97 === 0,
    );
    const found = cutOpenings(map);
    expect(found).toHaveLength(12);
    for (const target of openings) expect(found.some((box) => near(box, target, 1))).toBe(true);
  });
});

describe('opening detector on a drawn stone facade with a 3 × 4 grid of windows', () => {
  // Stone blocks (darker mortar joints every 16 × 32 pixels, grain, daylight falling off
  // downwards), windows with a dark frame around grey-blue glass and a glazing bar.
  const width = 400;
  const height = 330;
  const stone: Colour = [206, 192, 168];
  const frame: Colour = [60, 58, 56];
  const glass: Colour = [105, 118, 132];
  const windows: Rectangle[] = [];
  for (const top of [30, 130, 230]) {
    for (const left of [30, 125, 220, 315]) windows.push({ left, top, right: left + 54, bottom: top + 74 });
  }
  const windowAt = (x: number, y: number) =>
    windows.find((box) => x >= box.left && x <= box.right && y >= box.top && y <= box.bottom);
  const isWindow = (x: number, y: number) => windowAt(x, y) !== undefined;
  const photo = makeImage(width, height, (x, y) => {
    const box = windowAt(x, y);
    if (box) {
      const inFrame =
        x < box.left + 4 ||
        x > box.right - 4 ||
        y < box.top + 4 ||
        y > box.bottom - 4 ||
        Math.abs(x - (box.left + box.right) / 2) < 2;
      const [red, green, blue] = inFrame ? frame : glass;
      const grain = noise(x, y, 3);
      return [red + grain, green + grain, blue + grain];
    }
    const isJoint = y % 16 === 0 || (x + (Math.floor(y / 16) % 2) * 16) % 32 === 0;
    const light = (1 - 0.12 * (y / height)) * (isJoint ? 0.85 : 1);
    const grain = noise(x, y, 7);
    return [stone[0] * light + grain, stone[1] * light + grain, stone[2] * light + grain];
  });
  const image = prepareFacadeImage(photo);

  it('finds the twelve windows once per photo, each within a few pixels', () => {
    for (const target of windows) expect(image.openings.some((box) => near(box, target, 3))).toBe(true);
    expect(image.openings).toHaveLength(12);
  });

  it('leaves every window out of a wall click', () => {
    const selection = selectFacadeElement(image, { x: 100, y: 115 }, 'surface');
    expect(shareSelected(selection, (x, y) => !isWindow(x, y))).toBeGreaterThanOrEqual(0.9);
    for (const target of windows) {
      expect(shareSelected(selection, (x, y) => windowAt(x, y) === target)).toBeLessThan(0.05);
    }
  });

  it('"select all similar" from one window returns all twelve within a few pixels', () => {
    const matches = findSimilar(image, findOpening(image, { x: 140, y: 170 }));
    expect(matches).toHaveLength(12);
    for (const target of windows) expect(matches.some((box) => near(box, target, 3))).toBe(true);
  });
});
