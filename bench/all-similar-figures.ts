/**
 * What limits "select all similar" on a labelled photo (docs/decisions/059): which labelled
 * windows its repeats found, how many repeats lie on no window, how well each found window's
 * rectangle fits its label, and the ceilings — the same repeats with perfect sizes, every
 * window found but drawn at the example's size, and every window's labelled rectangle.
 */
import { type Bitmask, boundingBox, createBitmask, paintRectangle, type Rectangle } from '@facelift/shared';
import { intersectionOverUnion } from './click-protocol.ts';

export interface AllSimilarFigures {
  /** IoU of the repeats (painted as rectangles) with every labelled window. */
  iou: number;
  windows: number;
  /** Labelled windows with a repeat's middle inside their bounding box. */
  found: number;
  /** Repeats whose middle lies in no window's bounding box. */
  falseFinds: number;
  /** Mean IoU of each found window's rectangle with its labelled bounding box. */
  sizeFit: number;
  /** The repeats on windows replaced by those windows' bounding boxes (false finds kept). */
  perfectSizes: number;
  /** Every labelled window found, each drawn at the example's size around its middle. */
  perfectRecallExampleSize: number;
  /** Every labelled window's bounding box: the best any set of rectangles can score. */
  rectangles: number;
}

function rectangleIou(a: Rectangle, b: Rectangle): number {
  const width = Math.min(a.right, b.right) - Math.max(a.left, b.left) + 1;
  const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) + 1;
  const overlap = width > 0 && height > 0 ? width * height : 0;
  const area = (r: Rectangle) => (r.right - r.left + 1) * (r.bottom - r.top + 1);
  return overlap / (area(a) + area(b) - overlap);
}

export function allSimilarFigures(
  repeats: Rectangle[],
  example: Rectangle,
  windowInstances: Bitmask[],
  windowTruth: Bitmask,
): AllSimilarFigures {
  const { width, height } = windowTruth;
  const boxes = windowInstances.map((instance) => boundingBox(instance)).filter((box) => box !== null);
  const painted = (rectangles: Rectangle[]) => {
    const mask = createBitmask(width, height);
    for (const rectangle of rectangles) paintRectangle(mask, rectangle);
    return intersectionOverUnion(mask.data, windowTruth.data);
  };
  const middleInside = (r: Rectangle, box: Rectangle) => {
    const x = (r.left + r.right) / 2;
    const y = (r.top + r.bottom) / 2;
    return x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
  };
  const foundBoxes = new Set<number>();
  const fits: number[] = [];
  let falseFinds = 0;
  const withPerfectSizes: Rectangle[] = [];
  for (const repeat of repeats) {
    const at = boxes.findIndex((box) => middleInside(repeat, box));
    if (at < 0) {
      falseFinds++;
      withPerfectSizes.push(repeat);
      continue;
    }
    const box = boxes[at] as Rectangle;
    foundBoxes.add(at);
    fits.push(rectangleIou(repeat, box));
    withPerfectSizes.push(box);
  }
  const exampleWidth = example.right - example.left + 1;
  const exampleHeight = example.bottom - example.top + 1;
  const atExampleSize = boxes.map((box) => {
    const left = Math.round((box.left + box.right - exampleWidth + 1) / 2);
    const top = Math.round((box.top + box.bottom - exampleHeight + 1) / 2);
    return { left, top, right: left + exampleWidth - 1, bottom: top + exampleHeight - 1 };
  });
  return {
    iou: painted(repeats),
    windows: boxes.length,
    found: foundBoxes.size,
    falseFinds,
    sizeFit: fits.length === 0 ? Number.NaN : fits.reduce((sum, value) => sum + value, 0) / fits.length,
    perfectSizes: painted(withPerfectSizes),
    perfectRecallExampleSize: painted(atExampleSize),
    rectangles: painted(boxes),
  };
}
