import type { Bitmask, RgbaPixels } from '../mask/mask-contract.ts';
import { type FacadeImage, prepareFacadeImage, type Rectangle } from './facade-select.ts';

/** Drawing helpers for the smart-select tests, which draw their own facades (never photos). */

export type Colour = readonly [number, number, number];

/** Deterministic noise in [-amplitude, amplitude], so tests do not flake. */
export function noise(x: number, y: number, amplitude: number): number {
  const hash = Math.sin(x * 12.9898 + y * 78.233) * 43758.5453;
  return Math.round((hash - Math.floor(hash) - 0.5) * 2 * amplitude);
}

export function makeImage(
  width: number,
  height: number,
  paint: (x: number, y: number) => Colour,
): RgbaPixels {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [red, green, blue] = paint(x, y);
      data.set([red, green, blue, 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

/** `colour` in light or shade (`factor`), with `grain` added to every channel. */
export const shade = (colour: Colour, factor: number, grain = 0): Colour => [
  colour[0] * factor + grain,
  colour[1] * factor + grain,
  colour[2] * factor + grain,
];

/** Share of the pixels where `where` holds that the mask takes. */
export function shareSelected(mask: Bitmask, where: (x: number, y: number) => boolean): number {
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

/** Whether (x, y) lies in `box`, its edges included. */
export const isInside = (box: Rectangle, x: number, y: number) =>
  x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;

/** How far the furthest side of `a` lies from the same side of `b`, in pixels. */
export function sideError(a: Rectangle, b: Rectangle): number {
  return Math.max(
    Math.abs(a.left - b.left),
    Math.abs(a.right - b.right),
    Math.abs(a.top - b.top),
    Math.abs(a.bottom - b.bottom),
  );
}

/** Whether (x, y) inside `box` lies on the tests' window frame: a 4-px band along its sides. */
export function isFrameBand(box: Rectangle, x: number, y: number): boolean {
  return x < box.left + 4 || x > box.right - 4 || y < box.top + 4 || y > box.bottom - 4;
}

/**
 * The ground-floor tests' two floors of framed windows over a 360 px wide facade: five a floor,
 * 40 × 45 px, from rows 12 and 72.
 */
export const twoFloorsOfWindows: Rectangle[] = [12, 72].flatMap((top) =>
  [20, 90, 160, 230, 300].map((left) => ({ left, top, right: left + 39, bottom: top + 44 })),
);

/**
 * The colour at (x, y) of the framed window of `windows` that holds it (a dark 4-px frame band,
 * blue-grey glass), or undefined outside them all.
 */
export function framedWindowAt(windows: readonly Rectangle[], x: number, y: number): Colour | undefined {
  const window = windows.find((box) => isInside(box, x, y));
  if (!window) return undefined;
  return shade(isFrameBand(window, x, y) ? [55, 58, 62] : [120, 140, 160], 1, noise(x, y, 3));
}

/**
 * Whether (x, y) inside `box` is the frame of the tests' two-pane window: a 4-px band along
 * its sides and a 3-px mullion down its middle (the rest is glass).
 */
export function isTwoPaneFrame(box: Rectangle, x: number, y: number): boolean {
  const middle = Math.round((box.left + box.right) / 2);
  return isFrameBand(box, x, y) || Math.abs(x - middle) < 2;
}

/**
 * Framed two-pane windows and framed panels of light glass (attic windows, ornaments) on a
 * plaster wall under a strip of sky, prepared for the facade select.
 */
export function drawFramedFacade(
  width: number,
  height: number,
  windows: Rectangle[],
  panels: Rectangle[],
): FacadeImage {
  return prepareFacadeImage(
    makeImage(width, height, (x, y) => {
      const grain = noise(x, y, 3);
      if (y < 24) return [130 + grain, 175 + grain, 225 + grain];
      const box = windows.find((candidate) => isInside(candidate, x, y));
      if (box) {
        if (isTwoPaneFrame(box, x, y)) return [62 + grain, 58 + grain, 54 + grain];
        return [96 + grain, 110 + grain, 128 + grain];
      }
      const panel = panels.find((candidate) => isInside(candidate, x, y));
      if (panel) {
        if (isFrameBand(panel, x, y)) return [62 + grain, 58 + grain, 54 + grain];
        return [150 + grain, 165 + grain, 180 + grain];
      }
      const light = 1 - 0.1 * (y / height);
      const plaster = noise(x, y, 6);
      return [214 * light + plaster, 196 * light + plaster, 164 * light + plaster];
    }),
  );
}

/**
 * Three bays (400 × 400), each a tall opening in a dark surround holding three windows stacked one above
 * the other, each window with its own white frame around dark glass, a dark panel between
 * them (cmp_b0009's sashes). The grid finds each window at its own place; windows stacked in
 * a column stay separate windows (docs/decisions/263-select-all-similar-stacked-windows.md).
 */
export function drawStackedBays(): { pixels: RgbaPixels; windows: Rectangle[]; windowHeight: number } {
  const width = 400;
  const height = 400;
  const lefts = [40, 170, 300];
  const tops = [60, 150, 240];
  const windowWidth = 50;
  const windowHeight = 70;
  const windows: Rectangle[] = tops.flatMap((top) =>
    lefts.map((left) => ({ left, top, right: left + windowWidth - 1, bottom: top + windowHeight - 1 })),
  );
  const surrounds: Rectangle[] = lefts.map((left) => ({
    left: left - 6,
    right: left + windowWidth + 5,
    top: (tops[0] as number) - 6,
    bottom: (tops[2] as number) + windowHeight + 5,
  }));

  const plaster: Colour = [214, 200, 176];
  const surround: Colour = [70, 58, 48];
  const frame: Colour = [96, 80, 66];
  const glass: Colour = [40, 48, 60];
  const panel: Colour = [84, 70, 58];
  const pixels = makeImage(width, height, (x, y) => {
    const grain = noise(x, y, 3);
    const box = windows.find((candidate) => isInside(candidate, x, y));
    if (box) {
      const isFrame = x < box.left + 4 || x > box.right - 4 || y < box.top + 4 || y > box.bottom - 4;
      return shade(isFrame ? frame : glass, 1, grain);
    }
    const outer = surrounds.find((candidate) => isInside(candidate, x, y));
    if (outer) {
      const isBand = x < outer.left + 6 || x > outer.right - 6 || y < outer.top + 6 || y > outer.bottom - 6;
      return shade(isBand ? surround : panel, 1, grain);
    }
    return shade(plaster, 1 - 0.1 * (y / height), noise(x, y, 6));
  });
  return { pixels, windows, windowHeight };
}

/**
 * Two floors of three windows (70 × 110) on a 350 × 300 photo, a transom 45 pixels under each
 * window's top: the facade of the tests of decisions 189, 288 and 400, each painting its own
 * frames, glass and panes.
 */
export const transomWindows: Rectangle[] = [15, 165].flatMap((top) =>
  [20, 140, 260].map((left) => ({ left, top, right: left + 69, bottom: top + 109 })),
);
/** The transom's row of one of `transomWindows`. */
export const transomOf = (box: Rectangle) => box.top + 45;
/** Whether a pixel is in a lower pane of `transomWindows` (inside its 4-pixel frame, under the transom). */
export const isLowerPane = (x: number, y: number) =>
  transomWindows.some(
    (box) =>
      isInside(box, x, y) &&
      x > box.left + 3 &&
      x < box.right - 3 &&
      y > transomOf(box) + 3 &&
      y < box.bottom - 3,
  );
/** Whether a pixel is wall: 3 pixels clear of `transomWindows`' sides. */
export const isClearOfTransomWindows = (x: number, y: number) =>
  !transomWindows.some((box) => isInside({ ...box, left: box.left - 3, right: box.right + 3 }, x, y));
