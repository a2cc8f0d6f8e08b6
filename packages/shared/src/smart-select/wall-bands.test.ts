import { describe, expect, it } from 'vitest';
import { type Colour, isFrameBand, isInside, makeImage, noise, shade, sideError } from './drawn-facade.ts';
import { defaultFacadeTuning, prepareFacadeImage, type Rectangle } from './facade-select.ts';
import { withoutWallBands } from './wall-bands.ts';

const render: Colour = [214, 196, 160];
const frame: Colour = [55, 58, 62];
const darkGlass: Colour = [90, 104, 120];

// Two windows stacked in one column (a 14-pixel spandrel between them), a pair on one floor
// (a 12-pixel pier between them), a light window whose glass is of the render's colour inside
// a dark frame, and a window above plain render: the rectangles a cut gets too large.
const upper: Rectangle = { left: 30, top: 30, right: 69, bottom: 99 };
const lower: Rectangle = { left: 30, top: 114, right: 69, bottom: 183 };
const pairLeft: Rectangle = { left: 110, top: 30, right: 149, bottom: 99 };
const pairRight: Rectangle = { left: 162, top: 30, right: 201, bottom: 99 };
const light: Rectangle = { left: 250, top: 30, right: 289, bottom: 99 };
const aboveRender: Rectangle = { left: 110, top: 130, right: 149, bottom: 189 };
const windows = [upper, lower, pairLeft, pairRight, light, aboveRender];

const photo = makeImage(330, 240, (x, y) => {
  const box = windows.find((window) => isInside(window, x, y));
  if (!box) return shade(render, 1 - 0.08 * (y / 240), noise(x, y, 5));
  if (isFrameBand(box, x, y)) return shade(frame, 1, noise(x, y, 2));
  return shade(box === light ? render : darkGlass, 1, noise(x, y, 3));
});
const image = prepareFacadeImage(photo);
const tuningFor = (drawn: typeof image) => {
  const cell = Math.sqrt((drawn.width * drawn.height) / drawn.superpixels.count);
  return {
    wallShare: defaultFacadeTuning.bandWallShare,
    side: defaultFacadeTuning.bandSide,
    minimumBand: Math.max(2, Math.round(defaultFacadeTuning.bandMinimum * cell)),
    minimumPiece: Math.max(2, Math.round(defaultFacadeTuning.bandMinimumPiece * cell)),
    minimumGap: Math.round(defaultFacadeTuning.bandMinimumGap * cell),
    plain: defaultFacadeTuning.bandPlain,
    match: defaultFacadeTuning.bandMatch,
  };
};
const tuning = tuningFor(image);

// The wall, as a wall click's colour test finds it: the superpixels mostly of render (the light
// window's glass among them).
const wallOf = (drawn: typeof image, isRender: (x: number, y: number) => boolean) => {
  const { labels, count } = drawn.superpixels;
  const wallPixels = new Float64Array(count);
  const pixels = new Float64Array(count);
  for (let index = 0; index < labels.length; index++) {
    const label = labels[index] as number;
    pixels[label] = (pixels[label] as number) + 1;
    if (isRender(index % drawn.width, Math.floor(index / drawn.width))) {
      wallPixels[label] = (wallPixels[label] as number) + 1;
    }
  }
  const wall = new Uint8Array(count);
  for (let label = 0; label < count; label++) {
    wall[label] = (wallPixels[label] as number) > 0.5 * (pixels[label] as number) ? 1 : 0;
  }
  return wall;
};
const isWall = wallOf(image, (x, y) => {
  const box = windows.find((window) => isInside(window, x, y));
  return (
    !box ||
    (box === light && x >= box.left + 4 && x <= box.right - 4 && y >= box.top + 4 && y <= box.bottom - 4)
  );
});

// A window between two open shutters of boards of the render's colour, 10 pixels wide, between
// dark joints 2 pixels wide (b0010's grey-green shutters beside grey stone): the detector cuts
// the window with its shutters.
const shuttered: Rectangle = { left: 200, top: 200, right: 347, bottom: 379 };
const glass: Rectangle = { left: 236, top: 200, right: 311, bottom: 379 };
const isJoint = (x: number) => {
  const inShutter = x < glass.left ? x - shuttered.left : x > glass.right ? x - glass.right - 1 : -1;
  return inShutter >= 0 && inShutter % 12 >= 10;
};
const shutters = makeImage(900, 900, (x, y) => {
  if (!isInside(shuttered, x, y)) return shade(render, 1, noise(x, y, 5));
  if (isInside(glass, x, y)) {
    return shade(isFrameBand(glass, x, y) ? frame : darkGlass, 1, noise(x, y, 2));
  }
  return isJoint(x) ? shade(frame, 1, noise(x, y, 2)) : shade(render, 1, noise(x, y, 5));
});
const shuttersImage = prepareFacadeImage(shutters);
const shuttersTuning = tuningFor(shuttersImage);
const shuttersWall = wallOf(
  shuttersImage,
  (x, y) => !isInside(shuttered, x, y) || (!isInside(glass, x, y) && !isJoint(x)),
);

const around = (a: Rectangle, b: Rectangle): Rectangle => ({
  left: Math.min(a.left, b.left),
  top: Math.min(a.top, b.top),
  right: Math.max(a.right, b.right),
  bottom: Math.max(a.bottom, b.bottom),
});

describe('a wall click cut split at bands of wall (docs/decisions/180)', () => {
  it('cuts two windows stacked in one rectangle apart, leaving the spandrel between them', () => {
    const pieces = withoutWallBands(image, around(upper, lower), isWall, tuning);
    expect(pieces).toHaveLength(2);
    expect(sideError(pieces[0] as Rectangle, upper)).toBeLessThanOrEqual(3);
    expect(sideError(pieces[1] as Rectangle, lower)).toBeLessThanOrEqual(3);
  });

  it('cuts a pair of windows in one rectangle apart, leaving the pier between them', () => {
    const pieces = withoutWallBands(image, around(pairLeft, pairRight), isWall, tuning);
    expect(pieces).toHaveLength(2);
    expect(sideError(pieces[0] as Rectangle, pairLeft)).toBeLessThanOrEqual(3);
    expect(sideError(pieces[1] as Rectangle, pairRight)).toBeLessThanOrEqual(3);
  });

  it('leaves the render below a window out of its cut', () => {
    const tooLow = { ...aboveRender, bottom: aboveRender.bottom + 20 };
    const pieces = withoutWallBands(image, tooLow, isWall, tuning);
    expect(pieces).toHaveLength(1);
    expect(sideError(pieces[0] as Rectangle, aboveRender)).toBeLessThanOrEqual(3);
  });

  it('keeps a light window whole: its glass is of the wall colour, but its frame runs along its sides', () => {
    expect(withoutWallBands(image, light, isWall, tuning)).toEqual([light]);
    expect(withoutWallBands(image, upper, isWall, tuning)).toEqual([upper]);
  });

  it("keeps a window's cut whole across its shutters: boards of the wall's colour between joints are no piers", () => {
    expect(withoutWallBands(shuttersImage, shuttered, shuttersWall, shuttersTuning)).toEqual([shuttered]);
    // Without the rule the boards went back to the wall, the joints left as slivers of cut.
    expect(
      withoutWallBands(shuttersImage, shuttered, shuttersWall, { ...shuttersTuning, minimumGap: 0 }).length,
    ).toBeGreaterThan(2);
  });
});
