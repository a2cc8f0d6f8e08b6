/**
 * Openings that tile a surface are its texture, not openings: the bricks of a wall seen close
 * (each a darker rectangle outlined by mortar on four sides), the tiles of a roof, the stones of
 * a plinth. A facade has tens of windows, a few sizes of them; brickwork seen close gives the
 * opening detector hundreds to thousands of rectangles of one size. Openings of a size shared
 * by at least `count` of them are dropped before anything is cut or repeated
 * (docs/decisions/334-brick-texture-is-not-openings.md): a wall click on close brickwork took
 * the mortar only, and the search for repeats over thousands of bricks took seconds to a minute.
 */
import type { Rectangle } from './facade-select.ts';

/** Two sizes are one when their widths and heights are within this many steps of 10 % (a key per step). */
const step = Math.log(1.1);
const keyOf = (width: number, height: number) =>
  `${Math.round(Math.log(width) / step)},${Math.round(Math.log(height) / step)}`;

/** `openings` without those of a size at least `count` of them share (0: all kept). */
export function withoutTexture<T extends Rectangle>(openings: readonly T[], count: number): T[] {
  const isTexture = textureSizes(openings, count);
  return openings.filter((r) => !isTexture(r.right - r.left + 1, r.bottom - r.top + 1));
}

/**
 * Whether a width × height is a size at least `count` of `openings` share, give or take a
 * step of 10 % each way (a brick found a pixel short is the same brick); never with `count` 0.
 */
export function textureSizes(
  openings: readonly Rectangle[],
  count: number,
): (width: number, height: number) => boolean {
  if (count <= 0 || openings.length < count) return () => false;
  const bySize = new Map<string, number>();
  for (const r of openings) {
    const key = keyOf(r.right - r.left + 1, r.bottom - r.top + 1);
    bySize.set(key, (bySize.get(key) ?? 0) + 1);
  }
  return (width, height) => {
    if (width <= 0 || height <= 0) return false;
    const across = Math.round(Math.log(width) / step);
    const down = Math.round(Math.log(height) / step);
    let total = 0;
    for (let a = across - 1; a <= across + 1; a++) {
      for (let d = down - 1; d <= down + 1; d++) total += bySize.get(`${a},${d}`) ?? 0;
    }
    return total >= count;
  };
}
