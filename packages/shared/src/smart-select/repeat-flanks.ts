/**
 * "Select all similar": the leaves flanking a window (docs/decisions/254). Open shutters fold
 * back against the wall on both sides of their window, as tall as it; a tripartite window has
 * a narrow side light on each side of its main light. Either way the window is flanked by a
 * pair of narrow panels that stand out from the wall beyond them, by colour and by texture
 * (louvres, panels, glazing bars), and the labels count them as windows. The grid (decision
 * 056) matches the window between them and left them out.
 */
import type { FacadeImage, Rectangle } from './facade-select.ts';
import { boxColour } from './opening-rectangle.ts';
import { overlapArea, rectangleArea } from './rectangles.ts';

export interface FlankTuning {
  /** A leaf differs from the wall beyond it by at least this (OKLab ×100, lightness weighted; 0: off). */
  contrast: number;
  /** A leaf starts at most this share of the window's width (and 2 pixels) outside its side… */
  gap: number;
  /** …is at least this share of the window's width wide (and 4 pixels)… */
  narrowest: number;
  /** …and at most this share (a shutter leaf covers half its window when closed). */
  widest: number;
  /** The wall read beyond a leaf, as a share of the window's width (at least 3 pixels). */
  beyond: number;
  /**
   * The leaf's outer edge is a line on at least this share of the window's rows: an open
   * leaf's outer stile fades into the wall's shadow or worn paint over part of its height
   * (docs/decisions/292).
   */
  edgeRows: number;
  /** A leaf's mean gradient is at least this many times the wall's beyond it (grainy render: decision 292). */
  texture: number;
  /** The two leaves of a window are as wide within this share of the wider. */
  pairSlack: number;
  /**
   * Two "leaves" both within this of the facade's main wall colour (OKLab ×100, lightness
   * weighted) are the piers between windows in the wall's own stone, not shutters or side
   * lights (docs/decisions/351); 0 keeps them.
   */
  wallLike: number;
}

export const defaultFlankTuning: FlankTuning = {
  contrast: 8,
  gap: 0.06,
  narrowest: 0.12,
  widest: 0.65,
  beyond: 0.1,
  edgeRows: 0.6,
  texture: 1.5,
  pairSlack: 0.3,
  wallLike: 3,
};

/** The repeats (unchanged, in order) followed by the pairs of leaves found flanking them. */
export function withFlankingLeaves(
  image: FacadeImage,
  repeats: Rectangle[],
  tuning: FlankTuning = defaultFlankTuning,
): Rectangle[] {
  if (tuning.contrast <= 0) return repeats;
  const leaves: Rectangle[] = [];
  for (const repeat of repeats) {
    const left = leafBeside(image, repeat, -1, tuning);
    const right = left ? leafBeside(image, repeat, 1, tuning) : null;
    if (!left || !right) continue;
    const leftWidth = left.right - left.left + 1;
    const rightWidth = right.right - right.left + 1;
    if (Math.min(leftWidth, rightWidth) < (1 - tuning.pairSlack) * Math.max(leftWidth, rightWidth)) continue;
    if (isWallLike(image, left, tuning) && isWallLike(image, right, tuning)) continue;
    for (const leaf of [left, right]) {
      if (!repeats.some((other) => overlaps(other, leaf)) && !leaves.some((other) => overlaps(other, leaf)))
        leaves.push(leaf);
    }
  }
  return leaves.length === 0 ? repeats : [...repeats, ...leaves];
}

/**
 * Whether a leaf's mean colour is the facade's main wall's (within `wallLike`): a tower's
 * pilasters between its windows stand out from the dark frame of the next window, which the
 * leaf's "wall beyond" then reads, but are of the wall's own stone (docs/decisions/351).
 */
function isWallLike(image: FacadeImage, leaf: Rectangle, tuning: FlankTuning): boolean {
  // Over the leaf's inner columns, as decision 351 measured the piers (none: not wall-like).
  if (tuning.wallLike <= 0 || leaf.right - leaf.left < 2 || leaf.bottom < leaf.top) return false;
  const [l = 0, a = 0, b = 0] = boxColour(image, { ...leaf, left: leaf.left + 1, right: leaf.right - 1 });
  return distance(image, { l, a, b }, image.wall) < tuning.wallLike;
}

/** Whether two rectangles share more than half the smaller one. */
function overlaps(a: Rectangle, b: Rectangle): boolean {
  const shared = overlapArea(a, b);
  return shared > 0 && shared > 0.5 * Math.min(rectangleArea(a), rectangleArea(b));
}

interface Colour {
  l: number;
  a: number;
  b: number;
}

function distance(image: FacadeImage, first: Colour, second: Colour): number {
  const l = first.l - second.l;
  const a = first.a - second.a;
  const b = first.b - second.b;
  return Math.sqrt(image.wall.lightnessWeight * l * l + a * a + b * b);
}

/** Mean of the absolute lightness change across and down, over a rectangle inside the photo's border. */
function gradient(image: FacadeImage, left: number, top: number, right: number, bottom: number): number {
  const { lab, width } = image;
  const row = width * 3;
  let sum = 0;
  let count = 0;
  for (let y = Math.max(1, top); y <= Math.min(image.height - 2, bottom); y++) {
    for (let x = Math.max(1, left); x <= Math.min(width - 2, right); x++) {
      const offset = (y * width + x) * 3;
      sum +=
        Math.abs((lab[offset + 3] as number) - (lab[offset - 3] as number)) +
        Math.abs((lab[offset + row] as number) - (lab[offset - row] as number));
      count++;
    }
  }
  return count === 0 ? 0 : sum / count;
}

/**
 * The leaf on one side of a window (`direction` −1 left, 1 right), or null: over the window's
 * height less a tenth at its head and foot, a run of columns starting at the side whose mean
 * colour differs most from a flat stretch of wall just beyond it, at least `contrast`; its
 * outer edge a line along the window; more textured than that wall.
 */
function leafBeside(
  image: FacadeImage,
  repeat: Rectangle,
  direction: -1 | 1,
  tuning: FlankTuning,
): Rectangle | null {
  const width = repeat.right - repeat.left + 1;
  const height = repeat.bottom - repeat.top + 1;
  const inset = Math.round(0.1 * height);
  const top = repeat.top + inset;
  const bottom = repeat.bottom - inset;
  if (bottom <= top) return null;
  const gap = Math.max(2, Math.round(tuning.gap * width));
  const widest = Math.round(tuning.widest * width);
  const narrowest = Math.max(4, Math.round(tuning.narrowest * width));
  const beyond = Math.max(3, Math.round(tuning.beyond * width));
  const side = direction > 0 ? repeat.right : repeat.left;
  const reach = gap + widest + beyond + 1;
  const farthest = side + direction * reach;
  if (farthest < 1 || farthest > image.width - 2 || top < 1 || bottom > image.height - 2) return null;
  // Column means over the window's height (step 1 is the first column outside the side), read
  // row by row, and their running sums: a run's mean is then two reads.
  const count = bottom - top + 1;
  const sumL = new Float64Array(reach + 1);
  const sumA = new Float64Array(reach + 1);
  const sumB = new Float64Array(reach + 1);
  const { lab } = image;
  for (let y = top; y <= bottom; y++) {
    const row = y * image.width;
    for (let step = 1; step <= reach; step++) {
      const offset = (row + side + direction * step) * 3;
      sumL[step] = (sumL[step] as number) + (lab[offset] as number);
      sumA[step] = (sumA[step] as number) + (lab[offset + 1] as number);
      sumB[step] = (sumB[step] as number) + (lab[offset + 2] as number);
    }
  }
  const columns: Colour[] = [{ l: 0, a: 0, b: 0 }];
  const running: Colour[] = [{ l: 0, a: 0, b: 0 }];
  for (let step = 1; step <= reach; step++) {
    const colour = {
      l: (sumL[step] as number) / count,
      a: (sumA[step] as number) / count,
      b: (sumB[step] as number) / count,
    };
    columns.push(colour);
    const previous = running[step - 1] as Colour;
    running.push({ l: previous.l + colour.l, a: previous.a + colour.a, b: previous.b + colour.b });
  }
  const meanOf = (from: number, to: number): Colour => {
    const last = running[to] as Colour;
    const first = running[from - 1] as Colour;
    const length = to - from + 1;
    return { l: (last.l - first.l) / length, a: (last.a - first.a) / length, b: (last.b - first.b) / length };
  };
  const limit = tuning.contrast;
  // The wall beyond a leaf ending at `end` is flat: no column of it far from its mean.
  const lastEnd = gap + widest;
  const walls: Array<Colour | null> = [];
  for (let end = 0; end <= lastEnd; end++) {
    const wall = meanOf(end + 2, end + 1 + beyond);
    let flat = true;
    for (let at = end + 2; at <= end + 1 + beyond && flat; at++)
      flat = distance(image, columns[at] as Colour, wall) <= 0.5 * limit;
    walls.push(flat ? wall : null);
  }
  let best: { start: number; end: number; contrast: number } | null = null;
  for (let start = 1; start <= gap + 1; start++) {
    for (let end = start + narrowest - 1; end <= start + widest - 1; end++) {
      const wall = walls[end];
      if (!wall) continue;
      // The leaf's own edge columns are blends with what lies beside them.
      const contrast = distance(image, meanOf(start + 1, end - 1), wall);
      if (contrast >= limit && (!best || contrast > best.contrast)) best = { start, end, contrast };
    }
  }
  if (!best) return null;
  const left = direction > 0 ? side + best.start : side - best.end;
  const right = direction > 0 ? side + best.end : side - best.start;
  // The leaf's outer edge is a line along the window's height.
  const inner = direction > 0 ? right - 1 : left + 1;
  const outer = direction > 0 ? right + 2 : left - 2;
  const weight = image.wall.lightnessWeight;
  const edgeLimit = 0.25 * limit * limit;
  let edgeRows = 0;
  for (let y = top; y <= bottom; y++) {
    const from = (y * image.width + inner) * 3;
    const to = (y * image.width + outer) * 3;
    const l = (lab[from] as number) - (lab[to] as number);
    const a = (lab[from + 1] as number) - (lab[to + 1] as number);
    const b = (lab[from + 2] as number) - (lab[to + 2] as number);
    if (weight * l * l + a * a + b * b >= edgeLimit) edgeRows++;
  }
  if (edgeRows < tuning.edgeRows * (bottom - top + 1)) return null;
  // Louvres, panels or glazing bars against a plain surround or pier.
  const wallLeft = direction > 0 ? right + 2 : left - 1 - beyond;
  const leafTexture = gradient(image, left + 1, top, right - 1, bottom);
  // A flat leaf is no louvre or panel, however flat the wall beyond.
  if (
    leafTexture <= 0 ||
    leafTexture < tuning.texture * gradient(image, wallLeft, top, wallLeft + beyond - 1, bottom)
  )
    return null;
  return { left, top: repeat.top, right, bottom: repeat.bottom };
}
