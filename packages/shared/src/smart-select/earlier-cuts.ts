/**
 * What earlier wall clicks on a layer cut, in a later click on it
 * (docs/decisions/590-earlier-cuts-a-later-click-misses.md): a large cut of an earlier click that
 * the later click reaches and whose own cuts all but miss stays cut — the earlier click found an
 * opening the later click's detector did not see — unless the later click lands in it or asks it
 * back as wall (docs/decisions/326-a-wall-click-inside-a-cut.md).
 */
import type { Bitmask } from '../mask/mask-contract.ts';
import type { Rectangle } from './facade-select.ts';
import { overlapArea, rectangleArea } from './rectangles.ts';

export interface EarlierCutTuning {
  /** An earlier cut at least this many pixels large may stay cut (0: none). */
  minimumArea: number;
  /** …when at most this share of it lies in the later click's own cuts where it reaches. */
  covered: number;
}

/**
 * `earlier`'s cuts that stay cut in a click at (`x`, `y`) that reached `reached` and cut
 * `own`, having asked `askedBack` back as wall; and what the layer remembers after it: the
 * earlier cuts but those the click lands in or asks back, and the click's own.
 */
export function earlierCutsKept(
  earlier: readonly Rectangle[],
  own: readonly Rectangle[],
  askedBack: readonly Rectangle[],
  reached: Bitmask,
  x: number,
  y: number,
  tuning: EarlierCutTuning,
): { kept: Rectangle[]; remembered: Rectangle[] } {
  const isAskedBack = (cut: Rectangle) =>
    (x >= cut.left && x <= cut.right && y >= cut.top && y <= cut.bottom) ||
    askedBack.some((other) => overlapArea(cut, other) > 0);
  const still = earlier.filter((cut) => !isAskedBack(cut));
  const key = (cut: Rectangle) => `${cut.left},${cut.top},${cut.right},${cut.bottom}`;
  const known = new Set(own.map(key));
  const remembered = [...own, ...still.filter((cut) => !known.has(key(cut)))];
  if (tuning.minimumArea <= 0) return { kept: [], remembered };
  const kept: Rectangle[] = [];
  for (const cut of still) {
    const area = rectangleArea(cut);
    if (area < tuning.minimumArea) continue;
    const left = Math.max(0, cut.left);
    const right = Math.min(reached.width - 1, cut.right);
    const nearby = own.filter((other) => overlapArea(cut, other) > 0);
    let isReached = false;
    let covered = 0;
    for (let row = Math.max(0, cut.top); row <= Math.min(reached.height - 1, cut.bottom); row++) {
      for (let column = left; column <= right; column++) {
        if (reached.data[row * reached.width + column] !== 1) continue;
        isReached = true;
        if (
          nearby.some(
            (other) =>
              column >= other.left && column <= other.right && row >= other.top && row <= other.bottom,
          )
        )
          covered++;
      }
    }
    if (isReached && covered <= tuning.covered * area) kept.push(cut);
  }
  return { kept, remembered };
}
