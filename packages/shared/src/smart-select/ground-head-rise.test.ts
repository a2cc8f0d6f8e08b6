import { describe, expect, it } from 'vitest';
import {
  type Colour,
  framedWindowAt,
  isInside,
  makeImage,
  noise,
  shade,
  shareSelected,
  twoFloorsOfWindows,
} from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle, selectFacadeElement } from './facade-select.ts';

describe("ground-floor openings: a door's head over a sign on it (docs/decisions/521-ground-opening-head-rise.md)", () => {
  // A render facade with two floors of framed windows and a glazed door at its foot, dark
  // between darker jambs that run its whole height. A light sign panel hangs on the glass near
  // its top, as wide as the glass and lighter than the render: the door's dark rows stop there,
  // and its glass above the sign is a second dark stretch, darker than the wall beside it,
  // between the same jambs.
  const width = 360;
  const height = 260;
  const render: Colour = [214, 196, 160];
  const door: Rectangle = { left: 150, top: 188, right: 199, bottom: height - 1 };
  const sign: Rectangle = { left: door.left + 3, top: 202, right: door.right - 3, bottom: 211 };
  const windows = twoFloorsOfWindows;
  const photo = makeImage(width, height, (x, y) => {
    if (isInside(sign, x, y)) return shade([245, 245, 240], 1, noise(x, y, 3));
    if (isInside(door, x, y)) {
      const isJamb = x - door.left < 3 || door.right - x < 3 || y - door.top < 3;
      return shade(render, isJamb ? 0.25 : 0.4, noise(x, y, 3));
    }
    const window = framedWindowAt(windows, x, y);
    if (window) return window;
    return shade(render, 1, noise(x, y, 6));
  });
  // The door's glass above the sign.
  const above: Rectangle = { left: door.left, top: door.top, right: door.right, bottom: sign.top - 1 };
  const overlapsDoor = (box: Rectangle) => box.left <= door.right && box.right >= door.left;

  it("the head rises over the sign to the door's top, and a wall click leaves the glass above it out", () => {
    const image = prepareFacadeImage(photo);
    const found = image.groundOpenings.find(overlapsDoor);
    if (!found) throw new Error(`no opening found: ${JSON.stringify(image.groundOpenings)}`);
    expect(Math.abs(found.top - door.top)).toBeLessThanOrEqual(3);
    expect(Math.abs(found.left - door.left)).toBeLessThanOrEqual(2);
    expect(Math.abs(found.right - door.right)).toBeLessThanOrEqual(2);
    const selection = selectFacadeElement(image, { x: 60, y: 150 }, 'surface');
    expect(shareSelected(selection, (x, y) => isInside(above, x, y))).toBeLessThan(0.1);
    expect(shareSelected(selection, (x, y) => !isInside(door, x, y) && y > 120)).toBeGreaterThan(0.9);
  });

  it('without the rise (groundRiseDarkness 0) the head stays under the sign', () => {
    const found = prepareFacadeImage(photo, { tuning: { groundRiseDarkness: 0 } }).groundOpenings.find(
      overlapsDoor,
    );
    if (!found) throw new Error('no opening found');
    expect(found.top).toBeGreaterThanOrEqual(sign.bottom - 3);
  });

  it('with the sign taller than the gap it crosses (groundRiseGap 0.5) the head stays under it', () => {
    const found = prepareFacadeImage(photo, { tuning: { groundRiseGap: 0.5 } }).groundOpenings.find(
      overlapsDoor,
    );
    if (!found) throw new Error('no opening found');
    expect(found.top).toBeGreaterThanOrEqual(sign.bottom - 3);
  });
});
