/**
 * Windows found only in part: the darkness map sees a window's dark upper panes, not its light
 * lower ones (reflections, curtains, a blind let down), and the cut stops at the transom. Where
 * both of the cut's vertical sides go on as straight edges past its foot (or head), the window
 * goes on too: the cut is completed down (up) to the strongest horizontal line the sides reach.
 * Measurements: docs/decisions/220-windows-completed-along-their-sides.md; light parts in the
 * wall's own colour range: docs/decisions/288-light-window-parts-unlike-their-sides.md; past a
 * transom bar in the frame's colour, along which the sides fade:
 * docs/decisions/485-windows-completed-past-a-transom-bar.md.
 */
import type { FacadeImage, Rectangle } from './facade-select.ts';
import { averageEdgeStrength } from './opening-detector.ts';
import { boxColour, colourDistance, columnEdge, rowEdge } from './opening-rectangle.ts';
import { isUnlike } from './opening-trims.ts';
import { rectangleArea } from './rectangles.ts';

export interface CompletionTuning {
  /**
   * Each stretch (half a superpixel size) of both sides along the added part is at least this
   * strong an edge, relative to the photo's mean (0: no completion)…
   */
  side: number;
  /** …the line it ends at at least this strong… */
  end: number;
  /** …and the completed cut at most this many times as high as wide (as long as wide, going sideways). */
  maximumAspect: number;
  /** Cuts at most this many times as wide as high are completed (railings and cornices are not). */
  maximumWidth: number;
  /** The added part is at most this share of the clicked wall's own colour (above 1: any)… */
  wallShare: number;
  /**
   * …unless it is at least this much lighter than the wall just beyond both of the cut's sides,
   * or of another hue by as much (OKLab ×100; 0: never): white curtains, a blind or glass
   * reflecting the sky fall in a light wall's colour range, and stand out from the wall beside
   * them all the same (docs/decisions/288-light-window-parts-unlike-their-sides.md).
   */
  unlikeSides: number;
  /**
   * …or unless the dark frame line along both of the cut's sides runs on along the part, as dark
   * and of the same colour, at least this much darker than the part (OKLab L ×100; 0: never):
   * a tall window whose dark part was cut and whose light part, in its frame, was not
   * (docs/decisions/400-frames-running-on-past-the-cut.md).
   */
  frameContrast?: number;
  /**
   * Whole stretches (half a superpixel size each) right past the cut where the sides may fade (a
   * transom bar; 0: none): a stretch fades only when it ends within
   * round(bar × stretch) pixels, so a fraction acts about as the whole number below it and a
   * value below 1 (0.5, say) silently turns the rule off.
   */
  bar?: number;
}

/**
 * `cuts` with each window-shaped one completed down and up along its sides (image pixels);
 * a completion stops short of the other cuts.
 */
export function completeOpenings(
  image: FacadeImage,
  cuts: readonly Rectangle[],
  tuning: CompletionTuning,
  isWall: (x: number, y: number) => boolean = () => false,
): Rectangle[] {
  if (tuning.side <= 0) return [...cuts];
  const average = averageEdgeStrength(image);
  if (average <= 0) return [...cuts];
  const cell = Math.sqrt((image.width * image.height) / image.superpixels.count);
  return cuts.map((cut) => {
    const width = cut.right - cut.left + 1;
    const height = cut.bottom - cut.top + 1;
    if (width < cell || width > tuning.maximumWidth * height) return cut;
    const others = cuts.filter((other) => other !== cut);
    // Not into the wall itself: a part mostly of the clicked wall's own colour stays, unless it
    // stands out from the wall beside it (decision 288).
    const isPlain = (part: Rectangle) =>
      wallShare(part, isWall) > tuning.wallShare &&
      !isUnlikeBothSides(image, part, tuning.unlikeSides) &&
      !frameRunsOn(image, cut, part, tuning.frameContrast ?? 0);
    let bottom = completedSide(image, cut, others, 1, tuning, average, cell);
    if (bottom !== cut.bottom && isPlain({ ...cut, top: cut.bottom + 1, bottom })) bottom = cut.bottom;
    let top = completedSide(image, cut, others, -1, tuning, average, cell);
    if (top !== cut.top && isPlain({ ...cut, top, bottom: cut.top - 1 })) top = cut.top;
    return bottom === cut.bottom && top === cut.top ? cut : { ...cut, top, bottom };
  });
}

/**
 * Whether `part` is lighter than the wall just beyond its left and its right side by `limit`, or
 * of another hue by as much (`isUnlike`, as a painted trim is told from the wall: darker alone
 * is the wall in shade — under a balcony, in a niche — which stays wall). The wall beside is a
 * strip a quarter of the part's width (at least 3 pixels) wide, 2 pixels out past the side's
 * own edge; a part whose strips leave the photo is not told apart.
 */
function isUnlikeBothSides(image: FacadeImage, part: Rectangle, limit: number): boolean {
  if (limit <= 0) return false;
  const strip = Math.max(3, Math.round(0.25 * (part.right - part.left + 1)));
  const gap = 2;
  if (part.left - gap - strip < 0 || part.right + gap + strip >= image.width) return false;
  const colour = boxColour(image, part);
  const left = boxColour(image, { ...part, left: part.left - gap - strip, right: part.left - gap - 1 });
  const right = boxColour(image, { ...part, left: part.right + gap + 1, right: part.right + gap + strip });
  return isUnlike(colour, left, limit) && isUnlike(colour, right, limit);
}

/**
 * Whether a dark frame line runs on from `cut` along both sides of `part` (the cut's rows
 * continued): on each side a strip (a twentieth of the width, at least 2 pixels) just inside or
 * just outside the side is, along the part, darker than the part's middle by `limit` and of the
 * colour it has along the cut (within `limit`, OKLab ×100). A sill, a lintel or the wall in shade
 * below a window is as light at the window's sides as in its middle.
 */
function frameRunsOn(image: FacadeImage, cut: Rectangle, part: Rectangle, limit: number): boolean {
  if (limit <= 0) return false;
  const strip = Math.max(2, Math.round(0.05 * (part.right - part.left + 1)));
  // The frame is read along at least four times its own width of the cut.
  if (cut.bottom - cut.top + 1 < 4 * strip) return false;
  if (part.left - strip < 0 || part.right + strip >= image.width) return false;
  if (part.right - part.left + 1 <= 4 * strip) return false;
  const middle = boxColour(image, { ...part, left: part.left + 2 * strip, right: part.right - 2 * strip });
  const holds = (left: number) => {
    const along = boxColour(image, { ...part, left, right: left + strip - 1 });
    const beside = boxColour(image, { ...cut, left, right: left + strip - 1 });
    return (middle[0] as number) - (along[0] as number) >= limit && colourDistance(along, beside) <= limit;
  };
  return (
    (holds(part.left) || holds(part.left - strip)) && (holds(part.right - strip + 1) || holds(part.right + 1))
  );
}

/** The share of a rectangle's pixels (sampled about 400 times) where `isWall` holds. */
function wallShare(part: Rectangle, isWall: (x: number, y: number) => boolean): number {
  const step = Math.max(1, Math.round(Math.sqrt(rectangleArea(part) / 400)));
  let total = 0;
  let wall = 0;
  for (let y = part.top; y <= part.bottom; y += step) {
    for (let x = part.left; x <= part.right; x += step) {
      total++;
      if (isWall(x, y)) wall++;
    }
  }
  return total === 0 ? 0 : wall / total;
}

/**
 * The row a cut's foot (`direction` 1) or head (-1) moves to: the strongest line across its
 * width, at least `end` × the mean edge, within the stretch where both sides stay lines.
 */
function completedSide(
  image: FacadeImage,
  cut: Rectangle,
  others: readonly Rectangle[],
  direction: 1 | -1,
  tuning: CompletionTuning,
  average: number,
  cell: number,
): number {
  const { width, height } = image;
  const from = direction === 1 ? cut.bottom : cut.top;
  const cutWidth = cut.right - cut.left + 1;
  const cutHeight = cut.bottom - cut.top + 1;
  const most = Math.floor(tuning.maximumAspect * cutWidth) - cutHeight;
  if (most < 2) return from;
  // Never into another cut across the same columns.
  let limit = direction === 1 ? Math.min(height - 1, from + most) : Math.max(0, from - most);
  for (const other of others) {
    const across = Math.min(other.right, cut.right) - Math.max(other.left, cut.left) + 1;
    if (across <= 0) continue;
    if (direction === 1 && other.top > from && other.top - 1 < limit) limit = other.top - 1;
    if (direction === -1 && other.bottom < from && other.bottom + 1 > limit) limit = other.bottom + 1;
  }
  // A side may sit a pixel off its line.
  const side = (x: number, first: number, last: number) =>
    Math.max(
      columnEdge(image, x, first, last),
      columnEdge(image, Math.max(0, x - 1), first, last),
      columnEdge(image, Math.min(width - 1, x + 1), first, last),
    );
  const inset = Math.floor(0.1 * cutWidth);
  const row = (y: number) => rowEdge(image, y, cut.left + inset, cut.right - inset);
  const stretch = Math.max(3, Math.round(cell / 2));
  const sideLimit = tuning.side * average;
  const endLimit = tuning.end * average;
  // Past the cut's own line (a transom's edge).
  const nearest = Math.max(2, Math.round(cell / 2));
  let chosen = from;
  let chosenScore = endLimit;
  let reach = from;
  // The sides may fade along the first `bar` stretches past the cut, a transom bar of the
  // frame's colour running across (docs/decisions/485-windows-completed-past-a-transom-bar.md);
  // `faded` is where the completion stopped there before.
  const bar = Math.max(0, Math.round((tuning.bar ?? 0) * stretch));
  let faded: number | null = null;
  let cameBack = false;
  for (
    let start = from + direction;
    direction === 1 ? start <= limit : start >= limit;
    start += direction * stretch
  ) {
    const end = direction === 1 ? Math.min(limit, start + stretch - 1) : Math.max(limit, start - stretch + 1);
    const first = Math.min(start, end);
    const last = Math.max(start, end);
    const holds = side(cut.left, first, last) >= sideLimit && side(cut.right, first, last) >= sideLimit;
    if (holds && faded !== null && !cameBack) {
      // Past the bar: the window's foot (head) is a line beyond it, from this stretch on.
      cameBack = true;
      chosen = from;
      chosenScore = endLimit;
    }
    // The end line may lie in the first stretch where the sides stop.
    for (let y = start; direction === 1 ? y <= end : y >= end; y += direction) {
      if (Math.abs(y - from) < nearest) continue;
      const score = row(y);
      if (score >= chosenScore) {
        chosenScore = score;
        chosen = y;
      }
    }
    reach = end;
    if (holds) continue;
    if (!cameBack && Math.abs(end - from) <= bar) {
      faded ??= chosen;
      continue;
    }
    break;
  }
  // Sides that faded at the bar and did not come back, or came back to no line: as before.
  if (faded !== null && (!cameBack || chosen === from)) return faded;
  return reach === from ? from : chosen;
}
