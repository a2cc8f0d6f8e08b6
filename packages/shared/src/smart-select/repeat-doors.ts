/**
 * "Select all similar" leaves the doors out (docs/decisions/186): a glazed door's upper half
 * looks like a window, and the grid's match along the example's column takes it. The photo's
 * ground-floor openings (doors, shop fronts, garage doors reaching its foot; decision 140) tell
 * them apart: a repeat lying largely within one at least as wide as itself is a piece of it.
 */
import type { FacadeImage, Rectangle } from './facade-select.ts';
import { overlapArea, rectangleArea } from './rectangles.ts';

export interface DoorTuning {
  /** A repeat is a door's piece when this share of it lies in a ground-floor opening… */
  inside: number;
  /** …at least this many times as wide as the repeat (0 switches the step off). */
  widthRatio: number;
}

/**
 * `inside` 0.35, not half (decision 186's first value): a repeat on the ground floor's line
 * whose lower 0.35 and more lies in a door reaching the foot is the door's head with the wall over
 * it, not a window (cmp_b0003, docs/decisions/352).
 */
export const defaultDoorTuning: DoorTuning = { inside: 0.35, widthRatio: 1 };

/** The repeats (the example first, always kept) less those on a ground-floor opening. */
export function leaveOutDoors(
  image: FacadeImage,
  repeats: readonly Rectangle[],
  tuning: DoorTuning = defaultDoorTuning,
): Rectangle[] {
  if (tuning.widthRatio <= 0) return [...repeats];
  return repeats.filter(
    (repeat, at) =>
      at === 0 ||
      !image.groundOpenings.some(
        (door) =>
          door.right - door.left >= tuning.widthRatio * (repeat.right - repeat.left) &&
          overlapArea(door, repeat) >= tuning.inside * rectangleArea(repeat),
      ),
  );
}
