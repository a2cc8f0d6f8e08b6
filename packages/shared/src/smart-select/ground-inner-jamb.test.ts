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

describe('ground-floor openings: a door beside a tree (docs/decisions/520-ground-opening-inner-jamb.md)', () => {
  // A door on a render facade with a tree before its right half: the crown, leaves of a dark
  // green, hides the door's head and right jamb and reaches 45 px past it; under the crown its
  // shade lies on the wall at the foot, as dark as the door, and fades out to the right without
  // a line. The door's dark columns and the shade's make one run at the foot: its left side is
  // the door's jamb, its right side the shade's soft end. Over the lowest rows the door's right
  // jamb shows, a straight darker line inside the run.
  const width = 360;
  const height = 260;
  const render: Colour = [214, 196, 160];
  const leaves: Colour = [62, 84, 52];
  const door: Rectangle = { left: 100, top: 180, right: 159, bottom: height - 1 };
  // Two floors of framed windows above: the photo's detail that its mean edge is measured on.
  const windows = twoFloorsOfWindows;
  const crownFoot = 226;
  // How thick the crown's leaves are: none outside it, full inside, thinning out over 25 px
  // to the right, as a blurred crown against the wall.
  const crownAt = (x: number, y: number) => {
    if (y < 125 || y >= crownFoot + noise(x, 0, 3) + 3 || x < 130 + noise(0, y, 4)) return 0;
    return Math.min(1, Math.max(0, (215 + noise(1, y, 6) - x) / 25));
  };
  // The shade's strength along the foot: full up to x 185, then fading out by x 215.
  const shadeAt = (x: number, y: number) => {
    const end = 185 + noise(2, y, 4);
    return x <= end ? 1 : Math.max(0, 1 - (x - end) / 30);
  };
  const behind = (x: number, y: number): Colour => {
    if (isInside(door, x, y)) {
      const isJamb = x - door.left < 3 || door.right - x < 3 || y - door.top < 3;
      return shade(render, isJamb ? 0.5 : 0.72, noise(x, y, 4));
    }
    if (y >= crownFoot - 6 && x > door.right) return shade(render, 1 - 0.28 * shadeAt(x, y), noise(x, y, 6));
    const window = framedWindowAt(windows, x, y);
    if (window) return window;
    return shade(render, 1, noise(x, y, 6));
  };
  const photo = makeImage(width, height, (x, y) => {
    const wall = behind(x, y);
    const thick = crownAt(x, y);
    const leaf = shade(leaves, 1, noise(x + 1, y, 6));
    return [0, 1, 2].map(
      (k) => thick * (leaf[k] as number) + (1 - thick) * (wall[k] as number),
    ) as unknown as Colour;
  });
  // The door's leaf below the crown, and the wall in the shade beside it.
  const doorFoot: Rectangle = { ...door, top: crownFoot + 8 };
  const shadeFoot: Rectangle = { left: door.right + 6, top: crownFoot + 8, right: 185, bottom: height - 1 };

  it('ends the opening at the door jamb inside the run, and a wall click leaves the door out', () => {
    const image = prepareFacadeImage(photo);
    const found = image.groundOpenings.find((box) => box.left <= door.right && box.right >= door.left);
    if (!found) throw new Error(`no opening found: ${JSON.stringify(image.groundOpenings)}`);
    expect(Math.abs(found.left - door.left)).toBeLessThanOrEqual(2);
    expect(Math.abs(found.right - door.right)).toBeLessThanOrEqual(2);
    const selection = selectFacadeElement(image, { x: 60, y: 150 }, 'surface');
    expect(shareSelected(selection, (x, y) => isInside(doorFoot, x, y))).toBeLessThan(0.1);
    expect(shareSelected(selection, (x, y) => isInside(shadeFoot, x, y))).toBeGreaterThan(0.5);
  });

  it('without it (groundInnerJamb 0) the run has one strong side, no opening, and the wall takes the door', () => {
    const image = prepareFacadeImage(photo, { tuning: { groundInnerJamb: 0 } });
    expect(
      image.groundOpenings.filter((box) => box.left <= door.right && box.right >= door.left),
    ).toHaveLength(0);
    const selection = selectFacadeElement(image, { x: 60, y: 150 }, 'surface');
    expect(shareSelected(selection, (x, y) => isInside(doorFoot, x, y))).toBeGreaterThan(0.5);
  });
});
