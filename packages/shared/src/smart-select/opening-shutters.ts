/**
 * Open shutters beside a window (docs/decisions/495-open-shutters-beside-a-window.md): a pair of
 * leaves folded back against the wall, one each side of the glass, as tall as the window and
 * in one colour unlike the wall beside them. The detector's cut stops at the glass, so a wall
 * click kept both leaves. A window's cut takes them when, on both sides, a band adjoining the
 * jamb stands out from the wall just beyond it all along the side, the wall (unlike the glass:
 * not the next window past a pier) follows it within `widest` of the window's width, the band
 * is unlike the glass too (not another pane), and the two bands are alike in colour and width.
 */

import { middleColour } from './cut-sides.ts';
import type { FacadeImage, Rectangle } from './facade-select.ts';
import { boxColour, colourDistance, lineColour } from './opening-rectangle.ts';
import { edgeBlend, type SideTrim } from './opening-trims.ts';

export interface ShutterTuning {
  /** A leaf is at least this share of the window's width wide… (0: no shutters) */
  narrowest: number;
  /** …and at most this share. */
  widest: number;
  /** A column is the leaf's when at least this far (OKLab ×100) from the wall beyond it… */
  contrast: number;
  /** …and the leaf's middle column is, along this share of its pixels. */
  along: number;
  /** The two leaves' widths differ at most by this factor. */
  widthRatio: number;
  /** The window is at least this many times as tall as wide… */
  upright: number;
  /** …and at least this many pixels wide (a few superpixels: a sliver's sides are no leaves). */
  minimumWidth: number;
}

/**
 * Share of the pixels of column `x` from `from` to `to` at least `limit` from `reference`. Not
 * opening-trims.ts's `shareUnlike`, which counts a pixel lighter or of another hue than the wall:
 * a leaf may be darker than the wall too, so the whole colour distance counts here.
 */
function shareUnlike(
  image: FacadeImage,
  x: number,
  from: number,
  to: number,
  reference: Float64Array,
  limit: number,
): number {
  const { lab, width } = image;
  const limitSquared = limit * limit;
  let unlike = 0;
  for (let y = from; y <= to; y++) {
    const offset = (y * width + x) * 3;
    const l = (lab[offset] as number) - (reference[0] as number);
    const a = (lab[offset + 1] as number) - (reference[1] as number);
    const b = (lab[offset + 2] as number) - (reference[2] as number);
    if (l * l + a * a + b * b >= limitSquared) unlike++;
  }
  return unlike / Math.max(1, to - from + 1);
}

/** The leaf outside the `side` of `opening`, or null. */
function sideLeaf(
  image: FacadeImage,
  opening: Rectangle,
  side: 'left' | 'right',
  glass: Float64Array,
  tuning: ShutterTuning,
): SideTrim | null {
  const direction = side === 'left' ? -1 : 1;
  const edge = opening[side];
  const width = opening.right - opening.left + 1;
  const height = opening.bottom - opening.top + 1;
  const inset = Math.floor(0.15 * height);
  const from = opening.top + inset;
  const to = opening.bottom - inset;
  const widest = Math.round(tuning.widest * width);
  const narrowest = Math.max(2, Math.round(tuning.narrowest * width));
  // The wall beyond the widest leaf: a strip of like columns…
  const strip = Math.max(2, Math.round(0.1 * width));
  const beyondAt = edge + direction * (widest + edgeBlend + 1);
  const beyondEnd = beyondAt + direction * (strip - 1);
  if (Math.min(beyondAt, beyondEnd) < 0 || Math.max(beyondAt, beyondEnd) >= image.width) return null;
  const columns: Float64Array[] = [];
  for (let step = 0; step < strip; step++)
    columns.push(lineColour(image, true, beyondAt + direction * step, from, to));
  const beyond = boxColour(image, {
    left: Math.min(beyondAt, beyondEnd),
    right: Math.max(beyondAt, beyondEnd),
    top: from,
    bottom: to,
  });
  if (columns.some((colour) => colourDistance(colour, beyond) >= tuning.contrast)) return null;
  // …unlike the glass: not the next window past a pier or a column.
  if (colourDistance(beyond, glass) < tuning.contrast) return null;
  let band = 0;
  for (let step = 1; step <= widest + edgeBlend; step++) {
    const colour = lineColour(image, true, edge + direction * step, from, to);
    if (colourDistance(colour, beyond) < tuning.contrast) {
      // The jamb's own edge, blurred.
      if (band === 0 && step <= edgeBlend) continue;
      break;
    }
    band = step;
  }
  if (band < narrowest || band > widest) return null;
  const middle = edge + direction * Math.ceil(band / 2);
  if (shareUnlike(image, middle, from, to, beyond, tuning.contrast) < tuning.along) return null;
  // A leaf is not another pane of glass (a neighbouring window, a sash the cut missed).
  const colour = lineColour(image, true, middle, from, to);
  if (colourDistance(colour, glass) < tuning.contrast) return null;
  return { width: band, colour };
}

/** `opening` with its open shutters, when a like leaf stands beside each side (`sideLeaf`). */
export function withShutters(image: FacadeImage, opening: Rectangle, tuning: ShutterTuning): Rectangle {
  if (tuning.narrowest <= 0) return opening;
  const width = opening.right - opening.left + 1;
  const height = opening.bottom - opening.top + 1;
  // Shutters hang beside upright windows.
  if (height < tuning.upright * width || width < tuning.minimumWidth) return opening;
  const glass = middleColour(image, opening);
  const left = sideLeaf(image, opening, 'left', glass, tuning);
  if (!left) return opening;
  const right = sideLeaf(image, opening, 'right', glass, tuning);
  if (!right) return opening;
  if (colourDistance(left.colour, right.colour) >= tuning.contrast) return opening;
  if (Math.max(left.width, right.width) > tuning.widthRatio * Math.min(left.width, right.width))
    return opening;
  return { ...opening, left: opening.left - left.width, right: opening.right + right.width };
}
