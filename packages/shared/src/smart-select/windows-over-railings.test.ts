import { describe, expect, it } from 'vitest';
import {
  type Colour,
  isFrameBand,
  isInside,
  makeImage,
  noise,
  shade,
  shareSelected,
} from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle, selectFacadeElement } from './facade-select.ts';
import { defaultWindowOverRailingTuning, windowsOverRailings } from './windows-over-railings.ts';

const render: Colour = [212, 190, 150];
const frame: Colour = [62, 58, 54];
const darkGlass: Colour = [70, 82, 96];
const iron: Colour = [40, 38, 36];
/** A painted frame a little darker than the render: no darkness map sees these windows. */
const lightFrame: Colour = [160, 145, 115];

/**
 * Two columns of three windows (50 × 70, a 4-pixel frame). The middle floor's are French
 * windows whose glass is the wall's colour (sky reflected, grey shutters), each standing on
 * an iron railing wider than the window (a top rail, bars, a bottom rail).
 */
const columns = [60, 230];
const floors = [30, 150, 270];
const windows: Rectangle[] = floors.flatMap((top) =>
  columns.map((left) => ({ left, top, right: left + 49, bottom: top + 69 })),
);
const lightWindows = windows.filter((box) => box.top === 150);
const railings = lightWindows.map((box) => ({
  left: box.left - 10,
  top: box.bottom + 1,
  right: box.right + 10,
  bottom: box.bottom + 22,
}));

const photo = makeImage(340, 370, (x, y) => {
  const railing = railings.find((box) => isInside(box, x, y));
  if (railing) {
    const isRail = y < railing.top + 4 || y > railing.bottom - 4 || (x - railing.left) % 6 < 2;
    return shade(isRail ? iron : render, 1, noise(x, y, 3));
  }
  const box = windows.find((w) => isInside(w, x, y));
  if (box) {
    const isFrame = isFrameBand(box, x, y);
    const isLight = lightWindows.includes(box);
    if (isLight) return shade(isFrame ? lightFrame : render, 1, noise(x, y, 2));
    return shade(isFrame ? frame : darkGlass, 1, noise(x, y, 2));
  }
  return shade(render, 1 - 0.06 * (y / 370), noise(x, y, 5));
});

const isLightWindow = (x: number, y: number) => lightWindows.some((box) => isInside(box, x, y));

describe('windows over railings', () => {
  it('finds the light window above each railing in a column of found windows', () => {
    const image = prepareFacadeImage(photo);
    const found = windowsOverRailings(
      image,
      windows.filter((box) => !lightWindows.includes(box)),
      railings,
      defaultWindowOverRailingTuning,
    );
    expect(found).toHaveLength(2);
    for (const [at, box] of lightWindows.entries()) {
      const place = found[at] as Rectangle;
      expect(Math.abs(place.top - box.top)).toBeLessThanOrEqual(3);
      expect(place.bottom).toBe(box.bottom);
      expect([place.left, place.right]).toEqual([box.left, box.right]);
    }
  });

  it('finds nothing over a railing with no column of windows above it', () => {
    const image = prepareFacadeImage(photo);
    const topFloor = windows.filter((box) => box.top === 30);
    expect(windowsOverRailings(image, topFloor, railings, defaultWindowOverRailingTuning)).toEqual([]);
  });

  it('a wall click leaves the light windows over the railings out', () => {
    const image = prepareFacadeImage(photo);
    const selection = selectFacadeElement(image, { x: 170, y: 130 }, 'surface');
    expect(shareSelected(selection, isLightWindow)).toBeLessThan(0.1);
    expect(shareSelected(selection, (x, y) => !windows.some((box) => isInside(box, x, y)))).toBeGreaterThan(
      0.8,
    );
  });

  it('took them as wall without the windows over railings', () => {
    const image = prepareFacadeImage(photo, { tuning: { overRailingOutline: 0 } });
    const selection = selectFacadeElement(image, { x: 170, y: 130 }, 'surface');
    expect(shareSelected(selection, isLightWindow)).toBeGreaterThan(0.5);
  });
});

/**
 * The same facade, but the dark windows above and below have a dark surround 4 pixels wide each
 * side: their cuts take it, so the column puts the light window's sides 4 pixels off its frame,
 * on plain wall (docs/decisions/387).
 */
const surrounds = windows
  .filter((box) => !lightWindows.includes(box))
  .map((box) => ({ ...box, left: box.left - 4, right: box.right + 4 }));
const surroundedPhoto = makeImage(340, 370, (x, y) => {
  const railing = railings.find((box) => isInside(box, x, y));
  if (railing) {
    const isRail = y < railing.top + 4 || y > railing.bottom - 4 || (x - railing.left) % 6 < 2;
    return shade(isRail ? iron : render, 1, noise(x, y, 3));
  }
  const box = windows.find((w) => isInside(w, x, y));
  if (box) {
    const isFrame = isFrameBand(box, x, y);
    if (lightWindows.includes(box)) return shade(isFrame ? lightFrame : render, 1, noise(x, y, 2));
    return shade(isFrame ? frame : darkGlass, 1, noise(x, y, 2));
  }
  if (surrounds.some((surround) => isInside(surround, x, y))) return shade(frame, 1.3, noise(x, y, 2));
  return shade(render, 1 - 0.06 * (y / 370), noise(x, y, 5));
});

describe('windows over railings, the column a few pixels wider than the window', () => {
  const isWall = (x: number, y: number) =>
    !windows.some((box) => isInside(box, x, y)) && !surrounds.some((box) => isInside(box, x, y));

  it('a wall click moves the place onto the window frame and leaves the window out', () => {
    const image = prepareFacadeImage(surroundedPhoto);
    const selection = selectFacadeElement(image, { x: 170, y: 130 }, 'surface');
    expect(shareSelected(selection, isLightWindow)).toBeLessThan(0.1);
    expect(shareSelected(selection, isWall)).toBeGreaterThan(0.9);
  });

  it('took the light windows as wall with the place left where the column put it', () => {
    const image = prepareFacadeImage(surroundedPhoto, { tuning: { overRailingSnap: 0 } });
    const selection = selectFacadeElement(image, { x: 170, y: 130 }, 'surface');
    expect(shareSelected(selection, isLightWindow)).toBeGreaterThan(0.5);
  });
});
