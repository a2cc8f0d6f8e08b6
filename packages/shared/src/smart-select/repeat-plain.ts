/**
 * "Select all similar": a repeat on plain wall goes
 * (docs/decisions/371-select-all-similar-plain-wall-repeats.md). The grid's crossings of a
 * floor line with another bay's column line can land on a stretch of blank wall between two
 * windows (cmp_b0010's top floor, between the window over the bay and the next one), and the
 * steps after it give such a repeat the sides of the window surrounds either side. Its
 * likeness to the example reads as its floor's windows' (the balcony's railing under it, the
 * cornice over it), but its middle is bare: a window's middle holds glazing bars, shutter
 * slats, curtains' folds, reflections.
 */
import { barDensity } from './balcony-repeats.ts';
import type { FacadeImage, Rectangle } from './facade-select.ts';
import { bands, median } from './repeat-bands.ts';

export interface PlainRepeatTuning {
  /**
   * A repeat (not the example) goes when its middle's line strength is under this share of its
   * floor's median (0: off)…
   */
  share: number;
  /** …on a floor of at least this many repeats. */
  leastMembers: number;
}

export const defaultPlainRepeatTuning: PlainRepeatTuning = {
  share: 0.2,
  leastMembers: 3,
};

/**
 * The repeats (the example first, always kept) less those whose middle half is far plainer
 * than the middles of its floor's repeats and that lie on no opening the detector found.
 */
export function dropPlainRepeats(
  image: FacadeImage,
  repeats: Rectangle[],
  tuning: PlainRepeatTuning = defaultPlainRepeatTuning,
): Rectangle[] {
  const example = repeats[0];
  if (!example || tuning.share <= 0) return repeats;
  const lines = repeats.map((repeat) => middleLines(image, repeat));
  const dropped = new Set<number>();
  for (const floor of bands(
    repeats.map((repeat) => (repeat.top + repeat.bottom) / 2),
    0.5 * (example.bottom - example.top + 1),
  )) {
    if (floor.length < tuning.leastMembers) continue;
    const typical = median(floor.map((index) => Math.round(1000 * (lines[index] as number)))) / 1000;
    for (const index of floor) {
      if (index === 0 || (lines[index] as number) >= tuning.share * typical) continue;
      if (!isOnDetectedOpening(image, repeats[index] as Rectangle)) dropped.add(index);
    }
  }
  return dropped.size === 0 ? repeats : repeats.filter((_, index) => !dropped.has(index));
}

/** Whether the repeat's middle lies in an opening the detector found (decisions 353, 371). */
export function isOnDetectedOpening(image: FacadeImage, repeat: Rectangle): boolean {
  const x = (repeat.left + repeat.right) / 2;
  const y = (repeat.top + repeat.bottom) / 2;
  return image.openings.some((o) => x >= o.left && x <= o.right && y >= o.top && y <= o.bottom);
}

/**
 * The mean line strength (the colour's gradient across the columns plus that down the rows)
 * over the middle half, each way, of a rectangle.
 */
function middleLines(image: FacadeImage, rectangle: Rectangle): number {
  const { width, height, horizontalEdgeSums } = image;
  const insetX = Math.floor((rectangle.right - rectangle.left + 1) / 4);
  const insetY = Math.floor((rectangle.bottom - rectangle.top + 1) / 4);
  const left = Math.max(0, rectangle.left + insetX);
  const right = Math.min(width - 1, rectangle.right - insetX);
  const top = Math.max(0, rectangle.top + insetY);
  const bottom = Math.min(height - 1, rectangle.bottom - insetY);
  if (right < left || bottom < top) return 0;
  let across = 0;
  for (let y = top; y <= bottom; y++)
    across +=
      (horizontalEdgeSums[y * (width + 1) + right + 1] as number) -
      (horizontalEdgeSums[y * (width + 1) + left] as number);
  return barDensity(image, { left, top, right, bottom }) + across / ((right - left + 1) * (bottom - top + 1));
}
