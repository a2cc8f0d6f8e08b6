import { describe, expect, it } from 'vitest';
import { type Colour, makeImage, noise, shareSelected } from './drawn-facade.ts';
import {
  type FacadeTuning,
  findOpening,
  prepareFacadeImage,
  type Rectangle,
  selectFacadeElement,
} from './facade-select.ts';
import { convertToOklab } from './oklab-image.ts';
import { cutOpenings, darknessMap, type OpeningMap } from './opening-detector.ts';
import { findSimilar } from './similar-and-frames.ts';

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

describe('the facade grid on a drawn render facade with light windows and a cornice shadow', () => {
  // Light windows (sky reflected: glass lighter than the wall) whose only dark parts are a
  // thin frame, a transom and a mullion, in 3 floors × 4 columns; a cornice's shadow, a dark
  // straight band as long as the facade, under a light cornice between the first two floors.
  const width = 420;
  const height = 340;
  const render: Colour = [196, 184, 160];
  const frame: Colour = [70, 66, 62];
  const glass: Colour = [214, 224, 236];
  const shade: Colour = [96, 100, 108];
  const windows: Rectangle[] = [];
  for (const top of [36, 136, 236]) {
    for (const left of [34, 134, 234, 334]) windows.push({ left, top, right: left + 51, bottom: top + 71 });
  }
  const windowAt = (x: number, y: number) =>
    windows.find((box) => x >= box.left && x <= box.right && y >= box.top && y <= box.bottom);
  const isShadow = (_x: number, y: number) => y >= 118 && y < 124;
  const photo = makeImage(width, height, (x, y) => {
    const box = windowAt(x, y);
    if (box) {
      const isFrame =
        x < box.left + 2 ||
        x > box.right - 2 ||
        y < box.top + 2 ||
        y > box.bottom - 2 ||
        Math.abs(y - (box.top + 22)) < 1 ||
        Math.abs(x - (box.left + box.right) / 2) < 1;
      // Above the transom the reveal's shade darkens the pane; below it the sky is reflected.
      const [red, green, blue] = isFrame ? frame : y < box.top + 22 ? shade : glass;
      const grain = noise(x, y, 3);
      return [red + grain, green + grain, blue + grain];
    }
    const light = (1 - 0.1 * (y / height)) * (isShadow(x, y) ? 0.62 : y >= 110 && y < 118 ? 1.08 : 1);
    const grain = noise(x, y, 5);
    return [render[0] * light + grain, render[1] * light + grain, render[2] * light + grain];
  });
  const image = prepareFacadeImage(photo);
  const selection = selectFacadeElement(image, { x: 110, y: 200 }, 'surface');

  it('leaves every light window out of a wall click', () => {
    for (const target of windows) {
      expect(shareSelected(selection, (x, y) => windowAt(x, y) === target)).toBeLessThan(0.1);
    }
  });

  it('keeps the wall, the cornice shadow included', () => {
    expect(shareSelected(selection, (x, y) => !windowAt(x, y))).toBeGreaterThanOrEqual(0.9);
    expect(shareSelected(selection, isShadow)).toBeGreaterThanOrEqual(0.8);
  });

  it('finds the twelve windows once per photo', () => {
    for (const target of windows) expect(image.openings.some((box) => near(box, target, 4))).toBe(true);
  });
});

describe('balconies on a drawn render facade: a railing along the upper floor', () => {
  // Two floors × four dark windows; along the upper floor a balcony: iron bars (2 of every
  // 7 pixels) under a top rail in front of the windows' lower part, and a shaded slab below.
  const width = 420;
  const height = 340;
  const render: Colour = [204, 196, 182];
  const glass: Colour = [92, 98, 106];
  const iron: Colour = [48, 46, 44];
  const windows: Rectangle[] = [];
  for (const top of [40, 190]) {
    for (const left of [34, 134, 234, 334]) windows.push({ left, top, right: left + 51, bottom: top + 99 });
  }
  const railing: Rectangle = { left: 20, top: 104, right: 399, bottom: 139 };
  const slab: Rectangle = { left: 20, top: 140, right: 399, bottom: 147 };
  const within = (box: Rectangle, x: number, y: number) =>
    x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
  const windowAt = (x: number, y: number) => windows.find((box) => within(box, x, y));
  const isBalcony = (x: number, y: number) => within(railing, x, y) || within(slab, x, y);
  const photo = makeImage(width, height, (x, y) => {
    const grain = noise(x, y, 4);
    const paint = (colour: Colour, light: number): Colour => [
      colour[0] * light + grain,
      colour[1] * light + grain,
      colour[2] * light + grain,
    ];
    if (within(railing, x, y) && (x % 7 < 2 || y - railing.top < 3)) return paint(iron, 1);
    if (within(slab, x, y)) return paint(render, 0.8);
    if (windowAt(x, y)) return paint(glass, 1);
    return paint(render, 1 - 0.08 * (y / height));
  });
  const image = prepareFacadeImage(photo);
  const selection = selectFacadeElement(image, { x: 110, y: 170 }, 'surface');

  it('leaves the balcony out of a wall click, bars, rail and slab', () => {
    expect(shareSelected(selection, isBalcony)).toBeLessThan(0.1);
  });

  it('keeps the wall and leaves the windows', () => {
    expect(shareSelected(selection, (x, y) => !windowAt(x, y) && !isBalcony(x, y))).toBeGreaterThanOrEqual(
      0.9,
    );
    for (const target of windows) {
      expect(shareSelected(selection, (x, y) => windowAt(x, y) === target && !isBalcony(x, y))).toBeLessThan(
        0.05,
      );
    }
  });
});

describe('cornice and sill shadows along every floor, in the darkness map', () => {
  // 2 floors × 5 dark windows; along each floor a cornice's shadow (10 px) just above the
  // windows and a sill's shadow (8 px) just below them run the facade's whole width, glued to
  // every window: between the windows the shadows are 30 % of the floor's height.
  const width = 600;
  const height = 300;
  const render: Colour = [200, 188, 164];
  const glass: Colour = [84, 90, 100];
  const windows: Rectangle[] = [];
  for (const top of [60, 190]) {
    for (const left of [40, 160, 280, 400, 520])
      windows.push({ left, top, right: left + 39, bottom: top + 39 });
  }
  const isWindow = (x: number, y: number) =>
    windows.some((box) => x >= box.left && x <= box.right && y >= box.top && y <= box.bottom);
  const isShadow = (y: number) =>
    windows.some((box) => (y >= box.top - 10 && y < box.top) || (y > box.bottom && y <= box.bottom + 8));
  const photo = makeImage(width, height, (x, y) => {
    const grain = noise(x, y, 4);
    const [red, green, blue] = isWindow(x, y) ? glass : render;
    const light = !isWindow(x, y) && isShadow(y) ? 0.6 : 1;
    return [red * light + grain, green * light + grain, blue * light + grain];
  });
  const lab = convertToOklab(photo);
  const cuts = (streaks?: { length: number; thickness: number }) =>
    cutOpenings(darknessMap(lab, width, height, 6, 40, 1, undefined, Number.NEGATIVE_INFINITY, streaks));

  it('clears the shadows, and the cuts find every window', () => {
    const found = cuts({ length: 90, thickness: 12 });
    for (const target of windows) expect(found.some((box) => near(box, target, 2))).toBe(true);
  });

  it('finds no window while the shadows stay in the map', () => {
    const found = cuts();
    for (const target of windows) expect(found.some((box) => near(box, target, 2))).toBe(false);
  });
});

describe('a two-coloured facade: the lower floors in a darker render of the same hue', () => {
  // A light band at the top, clicked; below it the same render far darker (as much as the
  // clicked wall's reference lets pass for an opening), with two floors × four windows.
  const width = 420;
  const height = 340;
  const light: Colour = [214, 200, 170];
  const darker: Colour = [160, 150, 128];
  const glass: Colour = [70, 76, 86];
  const windows: Rectangle[] = [];
  for (const top of [130, 240]) {
    for (const left of [34, 134, 234, 334]) windows.push({ left, top, right: left + 51, bottom: top + 69 });
  }
  const windowAt = (x: number, y: number) =>
    windows.find((box) => x >= box.left && x <= box.right && y >= box.top && y <= box.bottom);
  const photo = makeImage(width, height, (x, y) => {
    const grain = noise(x, y, 4);
    const [red, green, blue] = windowAt(x, y) ? glass : y < 100 ? light : darker;
    return [red + grain, green + grain, blue + grain];
  });
  const select = (tuning: Partial<FacadeTuning>) =>
    selectFacadeElement(prepareFacadeImage(photo, { tuning }), { x: 200, y: 50 }, 'surface');

  it('takes the darker floors with the wall and leaves their windows out', () => {
    const selection = select({});
    expect(shareSelected(selection, (x, y) => y >= 100 && !windowAt(x, y))).toBeGreaterThanOrEqual(0.9);
    for (const target of windows) {
      expect(shareSelected(selection, (x, y) => windowAt(x, y) === target)).toBeLessThan(0.1);
    }
  });

  it('takes the windows when darker than the clicked wall is enough, whatever is around', () => {
    // The detector alone: decision 150's enclosed pieces cut these dark, outlined windows too.
    const selection = select({ detectorWideRadius: 0, enclosedOutline: 0, repeatCorrelation: 2 });
    const taken = windows.filter(
      (target) => shareSelected(selection, (x, y) => windowAt(x, y) === target) > 0.5,
    );
    expect(taken.length).toBeGreaterThan(0);
  });
});
