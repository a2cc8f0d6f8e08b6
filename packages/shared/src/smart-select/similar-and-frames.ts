/**
 * Two steps after a window (or door, shutter) is selected: "select all similar" finds its
 * repeats on the facade among the detected openings and by template matching, and "frames from openings" turns an opening
 * into its frame (the band and glazing bars around the glass), so recolouring frames
 * leaves the panes alone. Route and measurements: docs/decisions/050-facade-smart-select.md
 * and 051-opening-detector.md.
 */
import { type Bitmask, createBitmask } from '../mask/mask-contract.ts';
import { type FacadeImage, type Rectangle, rectangleArea } from './facade-select.ts';

/** The template is matched on a copy scaled so that its shorter side is about this long. */
const templateShortSide = 10;
/** Template pixels at most, after scaling: about a 10 × 40 example. */
const maximumTemplateArea = 400;

/**
 * The repeats of an opening on the facade, the example first: the openings the detector
 * found (docs/decisions/051) of about the example's size, then every other place that looks
 * like it (normalised cross-correlation of lightness, at least `minimumCorrelation`, best
 * first); overlapping finds keep the first.
 */
export function findSimilar(
  image: FacadeImage,
  opening: Rectangle,
  minimumCorrelation?: number,
): Rectangle[] {
  // The user's rectangle may be one pane of a window the detector found whole: the detected
  // opening around its middle, if not much larger, is the better example.
  const middleX = (opening.left + opening.right) / 2;
  const middleY = (opening.top + opening.bottom) / 2;
  const around = image.openings
    .filter(
      (candidate) =>
        middleX >= candidate.left &&
        middleX <= candidate.right &&
        middleY >= candidate.top &&
        middleY <= candidate.bottom &&
        rectangleArea(candidate) <= image.tuning.similarExampleGrowth * rectangleArea(opening) &&
        overlapArea(candidate, opening) >= 0.5 * rectangleArea(opening),
    )
    .sort((a, b) => rectangleArea(a) - rectangleArea(b))[0];
  const example = around ?? opening;
  const matched = matchTemplate(image, example, minimumCorrelation);
  const tolerance = image.tuning.similarSize;
  const width = example.right - example.left + 1;
  const height = example.bottom - example.top + 1;
  const found: Rectangle[] = [example];
  const isNew = (candidate: Rectangle) =>
    !found.some((other) => overlapArea(other, candidate) > 0.2 * rectangleArea(candidate));
  const detected = image.openings.filter((candidate) => {
    const candidateWidth = candidate.right - candidate.left + 1;
    const candidateHeight = candidate.bottom - candidate.top + 1;
    return (
      Math.abs(candidateWidth - width) <= tolerance * width &&
      Math.abs(candidateHeight - height) <= tolerance * height
    );
  });
  for (const candidate of detected) if (isNew(candidate)) found.push(candidate);
  for (const match of matched) if (isNew(match.rectangle)) found.push(match.rectangle);
  return found;
}

function matchTemplate(
  image: FacadeImage,
  opening: Rectangle,
  minimumCorrelation?: number,
): Array<{ rectangle: Rectangle; score: number }> {
  const threshold = minimumCorrelation ?? image.tuning.similarMinimumCorrelation;
  // The template is the opening with a margin of wall around it: a pane alone is nearly
  // uniform, and a uniform template correlates with noise anywhere.
  const marginX = Math.round(0.25 * (opening.right - opening.left + 1));
  const marginY = Math.round(0.25 * (opening.bottom - opening.top + 1));
  const example = {
    left: Math.max(0, opening.left - marginX),
    top: Math.max(0, opening.top - marginY),
    right: Math.min(image.width - 1, opening.right + marginX),
    bottom: Math.min(image.height - 1, opening.bottom + marginY),
  };
  const exampleWidth = example.right - example.left + 1;
  const exampleHeight = example.bottom - example.top + 1;
  // Scaled so the template's short side is ~templateShortSide pixels, and further for long thin
  // examples (a band, a shop front): the correlation costs the template's area at every
  // position, so its area is capped too (an example 15 × 300 px took seconds at full size).
  const factor = Math.max(
    1,
    Math.floor(Math.min(exampleWidth, exampleHeight) / templateShortSide),
    Math.ceil(Math.sqrt((exampleWidth * exampleHeight) / maximumTemplateArea)),
  );
  const smallWidth = Math.floor(image.width / factor);
  const smallHeight = Math.floor(image.height / factor);
  const small = new Float32Array(smallWidth * smallHeight);
  for (let y = 0; y < smallHeight * factor; y++) {
    const rowOffset = Math.floor(y / factor) * smallWidth;
    for (let x = 0; x < smallWidth * factor; x++) {
      const target = rowOffset + Math.floor(x / factor);
      small[target] = (small[target] as number) + (image.lab[(y * image.width + x) * 3] as number);
    }
  }
  const cellArea = factor * factor;
  for (let index = 0; index < small.length; index++) small[index] = (small[index] as number) / cellArea;

  const templateWidth = Math.max(2, Math.round(exampleWidth / factor));
  const templateHeight = Math.max(2, Math.round(exampleHeight / factor));
  const templateLeft = Math.min(smallWidth - templateWidth, Math.round(example.left / factor));
  const templateTop = Math.min(smallHeight - templateHeight, Math.round(example.top / factor));
  if (templateLeft < 0 || templateTop < 0) return [{ rectangle: opening, score: 1 }];
  const template = new Float32Array(templateWidth * templateHeight);
  let templateMean = 0;
  for (let y = 0; y < templateHeight; y++) {
    for (let x = 0; x < templateWidth; x++) {
      const value = small[(templateTop + y) * smallWidth + templateLeft + x] as number;
      template[y * templateWidth + x] = value;
      templateMean += value;
    }
  }
  templateMean /= template.length;
  let templateNorm = 0;
  for (let index = 0; index < template.length; index++) {
    const centred = (template[index] as number) - templateMean;
    template[index] = centred;
    templateNorm += centred * centred;
  }
  templateNorm = Math.sqrt(templateNorm);
  if (templateNorm === 0) return [{ rectangle: opening, score: 1 }];

  // Running sums of the values and their squares: each window's spread in constant time.
  const stride = smallWidth + 1;
  const sums = new Float64Array(stride * (smallHeight + 1));
  const squares = new Float64Array(stride * (smallHeight + 1));
  for (let y = 0; y < smallHeight; y++) {
    let row = 0;
    let rowSquares = 0;
    for (let x = 0; x < smallWidth; x++) {
      const value = small[y * smallWidth + x] as number;
      row += value;
      rowSquares += value * value;
      sums[(y + 1) * stride + x + 1] = (sums[y * stride + x + 1] as number) + row;
      squares[(y + 1) * stride + x + 1] = (squares[y * stride + x + 1] as number) + rowSquares;
    }
  }
  const count = template.length;
  const matches: Array<{ x: number; y: number; score: number }> = [];
  for (let y = 0; y + templateHeight <= smallHeight; y++) {
    for (let x = 0; x + templateWidth <= smallWidth; x++) {
      const boxSum = (table: Float64Array) =>
        (table[(y + templateHeight) * stride + x + templateWidth] as number) -
        (table[y * stride + x + templateWidth] as number) -
        (table[(y + templateHeight) * stride + x] as number) +
        (table[y * stride + x] as number);
      const sum = boxSum(sums);
      const variance = boxSum(squares) - (sum * sum) / count;
      if (variance <= 1e-6) continue;
      let product = 0;
      for (let row = 0; row < templateHeight; row++) {
        const source = (y + row) * smallWidth + x;
        const from = row * templateWidth;
        for (let column = 0; column < templateWidth; column++) {
          product += (small[source + column] as number) * (template[from + column] as number);
        }
      }
      const score = product / (Math.sqrt(variance) * templateNorm);
      if (score >= threshold) matches.push({ x, y, score });
    }
  }
  matches.sort((a, b) => b.score - a.score);
  const found: Array<{ rectangle: Rectangle; score: number }> = [{ rectangle: opening, score: 1 }];
  const openingWidth = opening.right - opening.left + 1;
  const openingHeight = opening.bottom - opening.top + 1;
  for (const match of matches) {
    const { left, top } = refinePosition(
      image,
      opening,
      match.x * factor + (opening.left - example.left),
      match.y * factor + (opening.top - example.top),
      factor,
    );
    const candidate = {
      left,
      top,
      right: Math.min(image.width - 1, left + openingWidth - 1),
      bottom: Math.min(image.height - 1, top + openingHeight - 1),
    };
    // Repeats do not overlap; a shifted copy of a match is the same window.
    if (found.some((other) => overlapArea(other.rectangle, candidate) > 0.2 * rectangleArea(candidate))) {
      continue;
    }
    found.push({ rectangle: candidate, score: match.score });
  }
  return found;
}

/**
 * A match on the scaled copy is placed to within `factor` pixels: the full-size position with
 * the least squared difference from the opening within that reach, searched coarse to fine
 * on about 400 sampled pixels, so that large openings cost no more than small ones.
 */
function refinePosition(
  image: FacadeImage,
  opening: Rectangle,
  roughLeft: number,
  roughTop: number,
  factor: number,
): { left: number; top: number } {
  if (factor <= 1) return { left: roughLeft, top: roughTop };
  const { width, height, lab } = image;
  const openingWidth = opening.right - opening.left + 1;
  const openingHeight = opening.bottom - opening.top + 1;
  const stride = Math.max(1, Math.round(Math.sqrt((openingWidth * openingHeight) / 400)));
  const differenceAt = (left: number, top: number, limit: number) => {
    let difference = 0;
    for (let y = 0; y < openingHeight && difference < limit; y += stride) {
      const from = ((opening.top + y) * width + opening.left) * 3;
      const to = ((top + y) * width + left) * 3;
      for (let x = 0; x < openingWidth; x += stride) {
        const delta = (lab[from + x * 3] as number) - (lab[to + x * 3] as number);
        difference += delta * delta;
      }
    }
    return difference;
  };
  let best = { left: roughLeft, top: roughTop };
  let bestDifference = Number.POSITIVE_INFINITY;
  const search = (centreLeft: number, centreTop: number, reach: number, step: number) => {
    for (let top = centreTop - reach; top <= centreTop + reach; top += step) {
      if (top < 0 || top + openingHeight > height) continue;
      for (let left = centreLeft - reach; left <= centreLeft + reach; left += step) {
        if (left < 0 || left + openingWidth > width) continue;
        const difference = differenceAt(left, top, bestDifference);
        if (difference < bestDifference) {
          bestDifference = difference;
          best = { left, top };
        }
      }
    }
  };
  const coarse = Math.max(1, Math.ceil(factor / 3));
  search(roughLeft, roughTop, factor - 1, coarse);
  if (coarse > 1) search(best.left, best.top, coarse - 1, 1);
  return best;
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
  const { width, lab } = image;
  const mask = createBitmask(image.width, image.height);
  const left = Math.max(0, opening.left);
  const top = Math.max(0, opening.top);
  const right = Math.min(image.width - 1, opening.right);
  const bottom = Math.min(image.height - 1, opening.bottom);
  const boxWidth = right - left + 1;
  const boxHeight = bottom - top + 1;
  if (boxWidth < 1 || boxHeight < 1) return mask;
  const band = Math.max(1, Math.round(frameWidth * Math.min(boxWidth, boxHeight)));
  const isInBand = (x: number, y: number) =>
    x - left < band || right - x < band || y - top < band || bottom - y < band;
  const isInMiddle = (x: number, y: number) =>
    Math.abs(x - (left + right) / 2) < boxWidth / 4 && Math.abs(y - (top + bottom) / 2) < boxHeight / 4;
  // Two colour centres, glass (0) and frame (1), four numbers each: L, a, b and a count.
  const centres = new Float64Array(8);
  const addTo = (sums: Float64Array, group: number, offset: number) => {
    sums[group * 4] = (sums[group * 4] as number) + (lab[offset] as number);
    sums[group * 4 + 1] = (sums[group * 4 + 1] as number) + (lab[offset + 1] as number);
    sums[group * 4 + 2] = (sums[group * 4 + 2] as number) + (lab[offset + 2] as number);
    sums[group * 4 + 3] = (sums[group * 4 + 3] as number) + 1;
  };
  const averageInPlace = (sums: Float64Array, previous: Float64Array) => {
    for (let group = 0; group < 2; group++) {
      const count = sums[group * 4 + 3] as number;
      for (let channel = 0; channel < 3; channel++) {
        previous[group * 4 + channel] =
          count === 0
            ? (previous[group * 4 + channel] as number)
            : (sums[group * 4 + channel] as number) / count;
      }
    }
  };
  const start = new Float64Array(8);
  for (let y = top; y <= bottom; y++) {
    for (let x = left; x <= right; x++) {
      const group = isInMiddle(x, y) ? 0 : isInBand(x, y) ? 1 : -1;
      if (group >= 0) addTo(start, group, (y * width + x) * 3);
    }
  }
  averageInPlace(start, centres);
  const isGlass = new Uint8Array(boxWidth * boxHeight);
  const squaredDistance = (offset: number, group: number) =>
    ((lab[offset] as number) - (centres[group * 4] as number)) ** 2 +
    ((lab[offset + 1] as number) - (centres[group * 4 + 1] as number)) ** 2 +
    ((lab[offset + 2] as number) - (centres[group * 4 + 2] as number)) ** 2;
  for (let iteration = 0; iteration < 4; iteration++) {
    const sums = new Float64Array(8);
    for (let y = top; y <= bottom; y++) {
      for (let x = left; x <= right; x++) {
        const offset = (y * width + x) * 3;
        const group = squaredDistance(offset, 0) <= squaredDistance(offset, 1) ? 0 : 1;
        isGlass[(y - top) * boxWidth + x - left] = group === 0 ? 1 : 0;
        addTo(sums, group, offset);
      }
    }
    averageInPlace(sums, centres);
  }
  // Glazing bars are thin: what is not glass but thicker than the band (a blind, a curtain,
  // a dark reflection behind the pane) is pane, not frame (decision 055).
  markThickAsGlass(isGlass, boxWidth, boxHeight, band);
  // The band, then what is not glass and joined to it.
  const queue: number[] = [];
  for (let y = top; y <= bottom; y++) {
    for (let x = left; x <= right; x++) {
      if (!isInBand(x, y)) continue;
      mask.data[y * width + x] = 1;
      queue.push(y * width + x);
    }
  }
  for (let head = 0; head < queue.length; head++) {
    const index = queue[head] as number;
    const x = index % width;
    const y = (index - x) / width;
    for (const [nextX, nextY] of [
      [x - 1, y],
      [x + 1, y],
      [x, y - 1],
      [x, y + 1],
    ] as const) {
      if (nextX < left || nextX > right || nextY < top || nextY > bottom) continue;
      const next = nextY * width + nextX;
      if (mask.data[next] === 1 || isGlass[(nextY - top) * boxWidth + nextX - left] === 1) continue;
      mask.data[next] = 1;
      queue.push(next);
    }
  }
  return mask;
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
