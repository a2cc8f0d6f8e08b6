/**
 * The repeats of "select all similar" lined up on their floors and columns: on a facade the
 * windows of a floor share their top and bottom line and those of a column their sides, but
 * each repeat is placed and sized on its own (matching, snapping, its band's frames), and one
 * of them is often pulled a few pixels off by a flower box, a shadow or a blind. Route and
 * measurements: docs/decisions/130-select-all-similar-aligned.md.
 */
import type { Rectangle } from './facade-select.ts';
import { bands, median } from './repeat-bands.ts';

export interface RepeatAlignmentTuning {
  /**
   * A repeat's side moves onto its band's line only when it is within this share of the
   * example's size of it: further off, it is another kind of window on the same floor (a
   * French window among short ones). 0 switches the alignment off.
   */
  reach: number;
  /** A floor or column without the example needs at least this many repeats to have a line. */
  minimumMembers: number;
}

export const defaultRepeatAlignmentTuning: RepeatAlignmentTuning = { reach: 0.3, minimumMembers: 3 };

/**
 * The repeats (the example first, which stays as the user marked it) with the top and bottom
 * of each floor's repeats on one line and the sides of each column's: the example's own floor
 * and column take the example's lines (the user drew them), the others the median of their
 * repeats'.
 */
export function alignRepeats(
  repeats: Rectangle[],
  tuning: RepeatAlignmentTuning = defaultRepeatAlignmentTuning,
): Rectangle[] {
  const example = repeats[0];
  if (!example || tuning.reach <= 0) return repeats;
  const exampleWidth = example.right - example.left + 1;
  const exampleHeight = example.bottom - example.top + 1;
  const aligned = repeats.map((repeat) => ({ ...repeat }));
  const align = (members: number[], low: 'top' | 'left', high: 'bottom' | 'right', size: number) => {
    const hasExample = members.includes(0);
    if (members.length < 2 || (!hasExample && members.length < tuning.minimumMembers)) return;
    const lineAt = (side: 'top' | 'left' | 'bottom' | 'right') =>
      hasExample ? example[side] : median(members.map((index) => (repeats[index] as Rectangle)[side]));
    const lowAt = lineAt(low);
    const highAt = lineAt(high);
    for (const index of members) {
      if (index === 0) continue;
      const found = repeats[index] as Rectangle;
      const rectangle = aligned[index] as Rectangle;
      if (Math.abs(found[low] - lowAt) <= tuning.reach * size) rectangle[low] = lowAt;
      if (Math.abs(found[high] - highAt) <= tuning.reach * size) rectangle[high] = highAt;
    }
  };
  const floors = bands(
    repeats.map((repeat) => (repeat.top + repeat.bottom) / 2),
    0.5 * exampleHeight,
  );
  const columns = bands(
    repeats.map((repeat) => (repeat.left + repeat.right) / 2),
    0.5 * exampleWidth,
  );
  for (const members of floors) align(members, 'top', 'bottom', exampleHeight);
  for (const members of columns) align(members, 'left', 'right', exampleWidth);
  return aligned.filter((rectangle) => rectangle.right > rectangle.left && rectangle.bottom > rectangle.top);
}
