import { describe, expect, it } from 'vitest';
import { type Bitmask, countPainted, createBitmask, type RgbaPixels } from '../mask/mask-contract.ts';
import { type Colour, makeImage, noise } from './drawn-facade.ts';
import { convertToOklab } from './oklab-image.ts';
import {
  applySelection,
  boundingBox,
  fillSmallHoles,
  prepareSmartSelectImage,
  selectSimilarArea,
  smartSelectTolerance,
} from './smart-select.ts';

const wallColour: Colour = [214, 196, 160];
const anthraciteFrame: Colour = [55, 58, 62];
const whiteFrame: Colour = [245, 245, 240];
const glassColour: Colour = [150, 172, 188];

/** A sandstone wall, 120×90, with one framed window (frame 3 px) at x 40–79, y 25–64. */
function wallWithWindow(frameColour: Colour = anthraciteFrame, textureAmplitude = 6): RgbaPixels {
  return makeImage(120, 90, (x, y) => {
    const inWindow = x >= 40 && x < 80 && y >= 25 && y < 65;
    const inGlass = x >= 43 && x < 77 && y >= 28 && y < 62;
    if (inGlass) return glassColour;
    if (inWindow) return frameColour;
    const grain = noise(x, y, textureAmplitude);
    return [wallColour[0] + grain, wallColour[1] + grain, wallColour[2] + grain];
  });
}

function windowPixelsTaken(selection: Bitmask): number {
  let taken = 0;
  for (let y = 25; y < 65; y++) {
    for (let x = 40; x < 80; x++) if (isSelected(selection, x, y)) taken++;
  }
  return taken;
}

function isSelected(mask: Bitmask, x: number, y: number): boolean {
  return mask.data[y * mask.width + x] === 1;
}

describe('convertToOklab', () => {
  it('matches the reference values for white, black and sRGB red (×100)', () => {
    const lab = convertToOklab(
      makeImage(
        3,
        1,
        (x) => [[255, 255, 255] as const, [0, 0, 0] as const, [255, 0, 0] as const][x] as Colour,
      ),
    );
    expect(lab[0]).toBeCloseTo(100, 0);
    expect(Math.abs(lab[1] as number)).toBeLessThan(0.1);
    expect(Math.abs(lab[2] as number)).toBeLessThan(0.1);
    expect(lab[3]).toBeCloseTo(0, 1);
    expect(lab[6]).toBeCloseTo(62.8, 0);
    expect(lab[7]).toBeCloseTo(22.5, 0);
    expect(lab[8]).toBeCloseTo(12.6, 0);
  });
});

describe('selectSimilarArea', () => {
  it('selects a textured wall and leaves out the window hole, frame and glass', () => {
    const image = prepareSmartSelectImage(wallWithWindow());
    // At the tolerance the editor starts walls with.
    const selection = selectSimilarArea(
      image,
      { x: 10, y: 10 },
      { tolerance: smartSelectTolerance.largeSurface },
    );
    // Wall far from the window, on every side of it.
    for (const [x, y] of [
      [5, 5],
      [115, 85],
      [20, 45],
      [100, 45],
      [60, 10],
      [60, 80],
    ] as const) {
      expect(isSelected(selection, x, y), `wall at ${x},${y}`).toBe(true);
    }
    expect(windowPixelsTaken(selection)).toBe(0);
    // Almost all of the wall: at most a thin band along the frame may be missed.
    const wallArea = 120 * 90 - 40 * 40;
    expect(countPainted(selection)).toBeGreaterThan(wallArea * 0.95);
  });

  it('keeps a white frame on a light wall out at the narrower tolerance', () => {
    const image = prepareSmartSelectImage(wallWithWindow(whiteFrame));
    const selection = selectSimilarArea(
      image,
      { x: 10, y: 10 },
      { tolerance: smartSelectTolerance.smallPart },
    );
    expect(windowPixelsTaken(selection)).toBe(0);
    expect(countPainted(selection)).toBeGreaterThan((120 * 90 - 40 * 40) * 0.9);
  });

  it('selects the glass when clicked inside the window, and only the glass', () => {
    const image = prepareSmartSelectImage(wallWithWindow(whiteFrame));
    const selection = selectSimilarArea(
      image,
      { x: 60, y: 45 },
      { tolerance: smartSelectTolerance.smallPart },
    );
    expect(isSelected(selection, 60, 45)).toBe(true);
    expect(isSelected(selection, 45, 30)).toBe(true);
    expect(isSelected(selection, 41, 26)).toBe(false);
    expect(isSelected(selection, 10, 10)).toBe(false);
    expect(countPainted(selection)).toBeLessThanOrEqual(34 * 34);
    expect(countPainted(selection)).toBeGreaterThan(30 * 30);
  });

  it('stops at a roof line even when the roof colour is close to the wall colour', () => {
    // Top third a slightly redder roof, separated from the wall by a dark gutter line.
    const image = prepareSmartSelectImage(
      makeImage(90, 60, (_x, y) => {
        if (y < 20) return [150, 110, 95];
        if (y < 22) return [40, 40, 40];
        return [190, 150, 130];
      }),
    );
    const wall = selectSimilarArea(image, { x: 45, y: 45 }, { tolerance: 50 });
    expect(isSelected(wall, 45, 25)).toBe(true);
    expect(isSelected(wall, 45, 10)).toBe(false);
    expect(boundingBox(wall)?.top).toBeGreaterThanOrEqual(21);
  });

  it('takes more with a higher tolerance', () => {
    // A horizontal ramp: the further from the click, the more different the colour.
    const image = prepareSmartSelectImage(makeImage(200, 10, (x) => [100 + x / 2, 100 + x / 2, 100 + x / 2]));
    const small = countPainted(selectSimilarArea(image, { x: 5, y: 5 }, { tolerance: 10 }));
    const large = countPainted(selectSimilarArea(image, { x: 5, y: 5 }, { tolerance: 80 }));
    expect(large).toBeGreaterThan(small);
  });

  it('returns an empty selection for a click outside the image', () => {
    const image = prepareSmartSelectImage(wallWithWindow());
    expect(countPainted(selectSimilarArea(image, { x: -1, y: 10 }, { tolerance: 30 }))).toBe(0);
    expect(countPainted(selectSimilarArea(image, { x: 10, y: 90 }, { tolerance: 30 }))).toBe(0);
  });
});

describe('applySelection (click adds, shift-click subtracts)', () => {
  it('adds and then removes a selected area from a mask', () => {
    const image = prepareSmartSelectImage(wallWithWindow());
    const mask = createBitmask(120, 90);
    const glass = selectSimilarArea(image, { x: 60, y: 45 }, { tolerance: 30 });
    applySelection(mask, glass, 'add');
    expect(countPainted(mask)).toBe(countPainted(glass));
    mask.data.fill(1);
    applySelection(mask, glass, 'subtract');
    expect(isSelected(mask, 60, 45)).toBe(false);
    expect(isSelected(mask, 5, 5)).toBe(true);
  });

  it('refuses a selection of another size', () => {
    expect(() => applySelection(createBitmask(2, 2), createBitmask(3, 2), 'add')).toThrow(RangeError);
  });
});

describe('fillSmallHoles', () => {
  it('fills small enclosed holes, keeps large ones and anything open to the outside', () => {
    const mask = createBitmask(30, 30);
    mask.data.fill(1);
    mask.data[5 * 30 + 5] = 0; // a speck
    for (let y = 10; y < 20; y++) for (let x = 10; x < 20; x++) mask.data[y * 30 + x] = 0; // a window
    for (let y = 0; y < 4; y++) mask.data[y * 30 + 25] = 0; // a notch from the edge
    fillSmallHoles(mask, 16);
    expect(mask.data[5 * 30 + 5]).toBe(1);
    expect(mask.data[15 * 30 + 15]).toBe(0);
    expect(mask.data[0 * 30 + 25]).toBe(0);
  });
});
