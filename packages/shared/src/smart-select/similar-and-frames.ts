/**
 * Two steps after a window (or door, shutter) is selected: "select all similar" finds its
 * repeats along the facade's floors and columns, and "frames from openings" turns an opening
 * into its frame (the band and glazing bars around the glass), so recolouring frames
 * leaves the panes alone. Route and measurements: docs/decisions/050-facade-smart-select.md,
 * 055-opening-refinement.md and 056-select-all-similar-grid.md.
 */
import { type Bitmask, createBitmask } from '../mask/mask-contract.ts';
import { type FacadeImage, type Rectangle, rectangleArea } from './facade-select.ts';
import { alignRepeats } from './repeat-alignment.ts';
import { dropUnlikeFloors } from './repeat-check.ts';
import { findRepeats } from './repeat-grid.ts';

/**
 * The repeats of an opening on the facade, the example first: the places along its floor and
 * column, and along the floors and columns found there, that look like it (`findRepeats`,
 * docs/decisions/056-select-all-similar-grid.md), less the floors of them unlike the example
 * (`dropUnlikeFloors`, docs/decisions/131), lined up on their floors' and columns' lines
 * (`alignRepeats`, docs/decisions/130). The detector's openings
 * (docs/decisions/051) are not added: on the CMP photos adding those of about the example's
 * size scored lower (0.415 against 0.421).
 */
export function findSimilar(image: FacadeImage, opening: Rectangle): Rectangle[] {
  // The user's rectangle may sit a little off the window the detector found (cmp_b0010: 14
  // pixels high): the detected opening around it, about as tall and as wide, is the better
  // example. Not an opening that reaches further up or down: on the CMP photos that is a
  // window with its balcony (all windows 0.427 with those, 0.459 without). Nor one much
  // wider: that is a pair of windows with the pier between them and every repeat would be a
  // pair (docs/decisions/131); a window of two panes of which the user marked one is lost
  // with it, but the mirrored match (decision 056) finds both panes of each window.
  const middleX = (opening.left + opening.right) / 2;
  const middleY = (opening.top + opening.bottom) / 2;
  const height = opening.bottom - opening.top + 1;
  const width = opening.right - opening.left + 1;
  const around = image.openings
    .filter(
      (candidate) =>
        middleX >= candidate.left &&
        middleX <= candidate.right &&
        middleY >= candidate.top &&
        middleY <= candidate.bottom &&
        rectangleArea(candidate) <= image.tuning.similarExampleGrowth * rectangleArea(opening) &&
        overlapArea(candidate, opening) >= 0.8 * rectangleArea(opening) &&
        Math.abs(candidate.bottom - candidate.top + 1 - height) <= 0.15 * height &&
        candidate.right - candidate.left + 1 <= image.tuning.similarExampleWidening * width,
    )
    .sort((a, b) => rectangleArea(a) - rectangleArea(b))[0];
  return alignRepeats(dropUnlikeFloors(image, findRepeats(image, around ?? opening)));
}

function overlapArea(a: Rectangle, b: Rectangle): number {
  const width = Math.min(a.right, b.right) - Math.max(a.left, b.left) + 1;
  const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) + 1;
  return width > 0 && height > 0 ? width * height : 0;
}

/** How wide a frame band is by default, as a share of the opening's shorter side. */
export const defaultFrameWidth = 0.08;

/**
 * The frame of an opening: a band of `frameWidth` (share of the shorter side) along its
 * sides, plus the glazing bars, i.e. what is unlike the glass and joined to the band. The
 * glass is found by splitting the opening's colours in two (k-means, started from the
 * middle and from the rim): reflections inside a pane stay glass, being cut off from the band.
 */
export function frameOfOpening(
  image: FacadeImage,
  opening: Rectangle,
  frameWidth = defaultFrameWidth,
): Bitmask {
  return framesOfOpenings(image, [opening], frameWidth);
}

/**
 * The frames of many openings in one mask ("select all similar" in the editor): each frame
 * is worked out in its opening's box and only that box is added, where a photo-sized mask
 * per opening, merged whole, cost a second a click for hundreds of repeats at 1.5 MP
 * (docs/decisions/142-select-all-similar-click-time.md).
 */
export function framesOfOpenings(
  image: FacadeImage,
  openings: readonly Rectangle[],
  frameWidth = defaultFrameWidth,
): Bitmask {
  const mask = createBitmask(image.width, image.height);
  for (const opening of openings) {
    const frame = frameInBox(image, opening, frameWidth);
    if (!frame) continue;
    for (let y = 0; y < frame.height; y++) {
      const from = y * frame.width;
      const to = (frame.top + y) * image.width + frame.left;
      for (let x = 0; x < frame.width; x++) if (frame.data[from + x] === 1) mask.data[to + x] = 1;
    }
  }
  return mask;
}

/** An opening's frame (`frameOfOpening`) as 0/1 over its box within the photo; null when the box is empty. */
function frameInBox(
  image: FacadeImage,
  opening: Rectangle,
  frameWidth: number,
): { left: number; top: number; width: number; height: number; data: Uint8Array } | null {
  const { width, lab } = image;
  const left = Math.max(0, opening.left);
  const top = Math.max(0, opening.top);
  const right = Math.min(image.width - 1, opening.right);
  const bottom = Math.min(image.height - 1, opening.bottom);
  const boxWidth = right - left + 1;
  const boxHeight = bottom - top + 1;
  if (boxWidth < 1 || boxHeight < 1) return null;
  const frame = new Uint8Array(boxWidth * boxHeight);
  const band = Math.max(1, Math.round(frameWidth * Math.min(boxWidth, boxHeight)));
  // Which columns and rows are in the band along the sides, and in the middle half each way,
  // worked out once per line instead of for every pixel.
  const columnInBand = new Uint8Array(boxWidth);
  const columnInMiddle = new Uint8Array(boxWidth);
  for (let x = left; x <= right; x++) {
    columnInBand[x - left] = x - left < band || right - x < band ? 1 : 0;
    columnInMiddle[x - left] = Math.abs(x - (left + right) / 2) < boxWidth / 4 ? 1 : 0;
  }
  const rowInBand = new Uint8Array(boxHeight);
  const rowInMiddle = new Uint8Array(boxHeight);
  for (let y = top; y <= bottom; y++) {
    rowInBand[y - top] = y - top < band || bottom - y < band ? 1 : 0;
    rowInMiddle[y - top] = Math.abs(y - (top + bottom) / 2) < boxHeight / 4 ? 1 : 0;
  }
  // Two colour centres, glass and frame (L, a, b each), started from the middle and the band.
  // Plain locals, not arrays: hundreds of repeats' frames are worked out in one click.
  let glassL = 0;
  let glassA = 0;
  let glassB = 0;
  let frameL = 0;
  let frameA = 0;
  let frameB = 0;
  {
    let sumGlassL = 0;
    let sumGlassA = 0;
    let sumGlassB = 0;
    let glassCount = 0;
    let sumFrameL = 0;
    let sumFrameA = 0;
    let sumFrameB = 0;
    let frameCount = 0;
    for (let y = top; y <= bottom; y++) {
      const isBandRow = rowInBand[y - top] === 1;
      const isMiddleRow = rowInMiddle[y - top] === 1;
      for (let x = left; x <= right; x++) {
        const offset = (y * width + x) * 3;
        if (isMiddleRow && columnInMiddle[x - left] === 1) {
          sumGlassL += lab[offset] as number;
          sumGlassA += lab[offset + 1] as number;
          sumGlassB += lab[offset + 2] as number;
          glassCount++;
        } else if (isBandRow || columnInBand[x - left] === 1) {
          sumFrameL += lab[offset] as number;
          sumFrameA += lab[offset + 1] as number;
          sumFrameB += lab[offset + 2] as number;
          frameCount++;
        }
      }
    }
    if (glassCount > 0) {
      glassL = sumGlassL / glassCount;
      glassA = sumGlassA / glassCount;
      glassB = sumGlassB / glassCount;
    }
    if (frameCount > 0) {
      frameL = sumFrameL / frameCount;
      frameA = sumFrameA / frameCount;
      frameB = sumFrameB / frameCount;
    }
  }
  const isGlass = new Uint8Array(boxWidth * boxHeight);
  for (let iteration = 0; iteration < 4; iteration++) {
    let sumGlassL = 0;
    let sumGlassA = 0;
    let sumGlassB = 0;
    let glassCount = 0;
    let sumFrameL = 0;
    let sumFrameA = 0;
    let sumFrameB = 0;
    let frameCount = 0;
    for (let y = top; y <= bottom; y++) {
      let offset = (y * width + left) * 3;
      let index = (y - top) * boxWidth;
      for (let x = left; x <= right; x++, offset += 3, index++) {
        const valueL = lab[offset] as number;
        const valueA = lab[offset + 1] as number;
        const valueB = lab[offset + 2] as number;
        const toGlass = (valueL - glassL) ** 2 + (valueA - glassA) ** 2 + (valueB - glassB) ** 2;
        const toFrame = (valueL - frameL) ** 2 + (valueA - frameA) ** 2 + (valueB - frameB) ** 2;
        if (toGlass <= toFrame) {
          isGlass[index] = 1;
          sumGlassL += valueL;
          sumGlassA += valueA;
          sumGlassB += valueB;
          glassCount++;
        } else {
          isGlass[index] = 0;
          sumFrameL += valueL;
          sumFrameA += valueA;
          sumFrameB += valueB;
          frameCount++;
        }
      }
    }
    // A centre left without pixels stays where it was.
    if (glassCount > 0) {
      glassL = sumGlassL / glassCount;
      glassA = sumGlassA / glassCount;
      glassB = sumGlassB / glassCount;
    }
    if (frameCount > 0) {
      frameL = sumFrameL / frameCount;
      frameA = sumFrameA / frameCount;
      frameB = sumFrameB / frameCount;
    }
  }
  // Glazing bars are thin: what is not glass but thicker than the band (a blind, a curtain,
  // a dark reflection behind the pane) is pane, not frame (decision 055).
  markThickAsGlass(isGlass, boxWidth, boxHeight, band);
  // The band, then what is not glass and joined to it (indices within the box).
  const queue = new Int32Array(boxWidth * boxHeight);
  let queued = 0;
  for (let y = top; y <= bottom; y++) {
    const isBandRow = rowInBand[y - top] === 1;
    for (let x = left; x <= right; x++) {
      if (!isBandRow && columnInBand[x - left] === 0) continue;
      const index = (y - top) * boxWidth + x - left;
      frame[index] = 1;
      queue[queued++] = index;
    }
  }
  const take = (next: number) => {
    if (frame[next] === 1 || isGlass[next] === 1) return;
    frame[next] = 1;
    queue[queued++] = next;
  };
  for (let head = 0; head < queued; head++) {
    const index = queue[head] as number;
    const x = index % boxWidth;
    if (x > 0) take(index - 1);
    if (x < boxWidth - 1) take(index + 1);
    if (index >= boxWidth) take(index - boxWidth);
    if (index + boxWidth < boxWidth * boxHeight) take(index + boxWidth);
  }
  return { left, top, width: boxWidth, height: boxHeight, data: frame };
}

/**
 * Marks as glass every non-glass pixel that a square of side 2·radius+1 fits in entirely
 * (a morphological opening of the non-glass pixels): what remains non-glass is thinner than
 * that square, i.e. bars and the frame.
 */
function markThickAsGlass(isGlass: Uint8Array, width: number, height: number, radius: number): void {
  const size = width * height;
  const solid = new Uint8Array(size);
  for (let index = 0; index < size; index++) solid[index] = isGlass[index] === 1 ? 0 : 1;
  const eroded = squareFilter(
    squareFilter(solid, width, height, radius, true, true),
    width,
    height,
    radius,
    true,
    false,
  );
  const opened = squareFilter(
    squareFilter(eroded, width, height, radius, false, true),
    width,
    height,
    radius,
    false,
    false,
  );
  for (let index = 0; index < size; index++) if (opened[index] === 1) isGlass[index] = 1;
}

/** One pass of a 0/1 erosion (`isErosion`) or dilation along rows or columns, radius `radius`. */
function squareFilter(
  source: Uint8Array,
  width: number,
  height: number,
  radius: number,
  isErosion: boolean,
  alongRows: boolean,
): Uint8Array {
  const result = new Uint8Array(source.length);
  const lines = alongRows ? height : width;
  const length = alongRows ? width : height;
  const stride = alongRows ? 1 : width;
  for (let line = 0; line < lines; line++) {
    const start = alongRows ? line * width : line;
    // Running count of ones in the window, so each pixel costs O(1).
    let ones = 0;
    for (let at = 0; at < Math.min(length, radius); at++) ones += source[start + at * stride] as number;
    for (let at = 0; at < length; at++) {
      const entering = at + radius;
      const leaving = at - radius - 1;
      if (entering < length) ones += source[start + entering * stride] as number;
      if (leaving >= 0) ones -= source[start + leaving * stride] as number;
      const window = Math.min(length - 1, at + radius) - Math.max(0, at - radius) + 1;
      // Outside the box counts as non-glass for erosion, so bars reaching the box's edge stay.
      const full = ones === window;
      result[start + at * stride] = isErosion ? (full ? 1 : 0) : ones > 0 ? 1 : 0;
    }
  }
  return result;
}
