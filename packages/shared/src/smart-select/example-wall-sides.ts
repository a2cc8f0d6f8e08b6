/**
 * The example of "select all similar" without the main wall at its sides
 * (docs/decisions/188). Where the detector holds no opening around a click, the click's own
 * search can take the window with the wall beside it (cmp_b0007: a shuttered window and the
 * wall up to the next bay, 2.4 × the window's width), and every repeat would inherit it.
 */
import type { FacadeImage, Rectangle } from './facade-select.ts';

export interface ExampleWallTuning {
  /** A column is wall when its median colour is this close to the main wall's (`FacadeImage.wall`; 0: off)… */
  distance: number;
  /** …the wall left out at a side is at least this share of the example's width… */
  leastShare: number;
  /** …and what stays at least this share: a window as dark as the wall (cmp_b0008) is not cut away. */
  keptShare: number;
  /** Columns at the very end passed over (share of the width, at least 2): the edge of what lies beyond. */
  edge: number;
}

export const defaultExampleWallTuning: ExampleWallTuning = {
  distance: 8,
  leastShare: 0.15,
  keptShare: 0.4,
  edge: 0.04,
};

/** The example with the runs of wall-coloured columns at its left and right ends left out. */
export function withoutWallSides(
  image: FacadeImage,
  example: Rectangle,
  tuning: ExampleWallTuning = defaultExampleWallTuning,
): Rectangle {
  if (tuning.distance <= 0) return example;
  const { wall } = image;
  const width = example.right - example.left + 1;
  const rows = example.bottom - example.top + 1;
  const channel = new Float64Array(rows);
  const medianAt = (x: number, offset: number) => {
    for (let y = example.top; y <= example.bottom; y++)
      channel[y - example.top] = image.lab[(y * image.width + x) * 3 + offset] as number;
    channel.sort();
    return channel[Math.floor(rows / 2)] as number;
  };
  const isWall = (x: number) => {
    const deltaL = medianAt(x, 0) - wall.l;
    const deltaA = medianAt(x, 1) - wall.a;
    const deltaB = medianAt(x, 2) - wall.b;
    return (
      Math.sqrt(wall.lightnessWeight * deltaL * deltaL + deltaA * deltaA + deltaB * deltaB) <= tuning.distance
    );
  };
  const edge = Math.max(2, Math.round(tuning.edge * width));
  let left = example.left;
  while (left < example.right && (left - example.left < edge || isWall(left))) left++;
  let right = example.right;
  while (right > left && (example.right - right < edge || isWall(right))) right--;
  if (left - example.left < tuning.leastShare * width) left = example.left;
  if (example.right - right < tuning.leastShare * width) right = example.right;
  return right - left + 1 >= tuning.keptShare * width ? { ...example, left, right } : example;
}
