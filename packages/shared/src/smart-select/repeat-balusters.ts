/**
 * A repeat of "select all similar" ends above the balusters under its glass. On a piano nobile
 * each window may stand on its own small balustrade (cmp_b0004); the frame search runs down
 * the stone surround past it, while a window ends at the rail. A row of balusters is a row
 * dense in vertical edges (each baluster two of them, close together), a band of such rows at
 * the repeat's foot; the window ends on the row above the band. Measured:
 * docs/decisions/161-select-all-similar-rails-and-examples.md.
 */
import type { FacadeImage, Rectangle } from './facade-select.ts';

export interface BalusterTuning {
  /** A pixel is a bar's side when the gradient across its column is this many times the photo's mean (0: off)… */
  edge: number;
  /** …and a row is balusters when at least this share of the repeat's width are bars' sides… */
  density: number;
  /**
   * …and at least this many of them (three balusters): a narrow window's own frame sides and
   * mullion are 3–4 sides, a fifth of its 18 pixels, and cut cmp_b0008's short windows
   * (docs/decisions/276-select-all-similar-balusters-in-numbers.md).
   */
  minimumSides: number;
  /** The band of baluster rows is at least this share of the repeat's height… */
  minimumBand: number;
  /** …starts within this share of it above the repeat's bottom… */
  foot: number;
  /** …and stays in the repeat's lower half (a window is not cut to less than half). */
  lowest: number;
  /** Rows of a band may miss this many times running (the bars' knobs, a joint). */
  gap: number;
}

export const defaultBalusterTuning: BalusterTuning = {
  edge: 3,
  density: 0.2,
  minimumSides: 6,
  minimumBand: 0.1,
  foot: 0.1,
  lowest: 0.5,
  gap: 2,
};

/**
 * The repeats (the example first, kept as the user marked it) with each one's bottom raised
 * to the top of a band of balusters at its foot, where there is one.
 */
export function endAboveBalusters(
  image: FacadeImage,
  repeats: Rectangle[],
  tuning: BalusterTuning = defaultBalusterTuning,
): Rectangle[] {
  if (tuning.edge <= 0 || repeats.length < 2) return repeats;
  const { width, height, verticalEdgeSums } = image;
  let total = 0;
  for (let x = 0; x < width; x++) total += verticalEdgeSums[height * width + x] as number;
  const threshold = (tuning.edge * total) / (width * height);
  const edgeAt = (x: number, y: number) =>
    (verticalEdgeSums[(y + 1) * width + x] as number) - (verticalEdgeSums[y * width + x] as number);
  return repeats.map((repeat, index) => {
    if (index === 0) return repeat;
    const left = Math.max(0, repeat.left);
    const right = Math.min(width - 1, repeat.right);
    const repeatHeight = repeat.bottom - repeat.top + 1;
    // A bar's side: a local peak of the gradient across columns, strong enough.
    const isBalusters = (y: number) => {
      if (y < 0 || y >= height) return false;
      let sides = 0;
      for (let x = left; x <= right; x++) {
        const value = edgeAt(x, y);
        if (
          value > threshold &&
          value >= edgeAt(Math.max(0, x - 1), y) &&
          value >= edgeAt(Math.min(width - 1, x + 1), y)
        ) {
          sides++;
        }
      }
      return sides >= tuning.minimumSides && sides >= tuning.density * (repeat.right - repeat.left + 1);
    };
    let start = Math.min(height - 1, repeat.bottom);
    while (start > repeat.bottom - tuning.foot * repeatHeight && !isBalusters(start)) start--;
    if (!isBalusters(start)) return repeat;
    const lowest = Math.round(repeat.top + tuning.lowest * repeatHeight);
    let top = start;
    let misses = 0;
    for (let y = start - 1; y > lowest; y--) {
      if (isBalusters(y)) {
        top = y;
        misses = 0;
      } else if (++misses > tuning.gap) break;
    }
    if (start - top + 1 < tuning.minimumBand * repeatHeight || top <= lowest + 1) return repeat;
    return { ...repeat, bottom: top - 1 };
  });
}
