/*
 * A long dark band the opening detector cut from the wall (a balustrade's shadows between its
 * balusters or panels, a railing's) stops at the light stone framing it: the coping over it and
 * the plinth or slab under it catch the light, are no darker than the wall, and the wall click
 * took them. The labels take them with the balcony. Such a cut reaches up and down over rows
 * lighter than the rows beyond them, to the strongest step from light (its side) to dark
 * (beyond), when that step is at least `step` and within `reach` of its height
 * (docs/decisions/510-long-cuts-take-coping-and-plinth.md).
 */
import type { FacadeImage, Rectangle } from './facade-select.ts';
import { rowLightness } from './row-measures.ts';

export interface RimTuning {
  /** A cut at least this many times as wide as high (0: never)… */
  aspect: number;
  /** …and at least this many pixels wide… */
  minimumWidth: number;
  /** …reaches at most this share of its height up and down… */
  reach: number;
  /** …to a step at least this much lighter (OKLab lightness × 100) on its side than beyond. */
  step: number;
}

/** `cut` grown over its light coping and plinth, or `cut` itself (see the module's comment). */
export function withRims(image: FacadeImage, cut: Rectangle, tuning: RimTuning): Rectangle {
  const width = cut.right - cut.left + 1;
  const height = cut.bottom - cut.top + 1;
  if (tuning.aspect <= 0 || width < tuning.aspect * height || width < tuning.minimumWidth) return cut;
  const reach = Math.max(1, Math.round(tuning.reach * height));
  const rows = new Map<number, number>();
  const lightness = (y: number) => {
    let value = rows.get(y);
    if (value === undefined) {
      value = rowLightness(image, y, cut.left, cut.right);
      rows.set(y, value);
    }
    return value;
  };
  // A step over two rows each side: the coping's and the plinth's edges are soft.
  const pair = (y: number) => (lightness(y) + lightness(y + 1)) / 2;
  let top = cut.top;
  let best = tuning.step;
  for (let y = cut.top - 1; y >= Math.max(2, cut.top - reach); y--) {
    // Rows y up to the cut join it when the two rows over y are this much darker.
    const step = pair(y) - pair(y - 2);
    if (step >= best) {
      best = step;
      top = y;
    }
  }
  let bottom = cut.bottom;
  best = tuning.step;
  for (let y = cut.bottom + 1; y <= Math.min(image.height - 3, cut.bottom + reach); y++) {
    const step = pair(y - 1) - pair(y + 1);
    if (step >= best) {
      best = step;
      bottom = y;
    }
  }
  return top === cut.top && bottom === cut.bottom ? cut : { ...cut, top, bottom };
}
