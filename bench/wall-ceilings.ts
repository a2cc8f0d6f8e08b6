/**
 * What limits the facade select's wall selections on a labelled photo, as ceilings of its two
 * parts (docs/decisions/192-wall-ceilings.md): a wall click selects whole superpixels (the
 * surface it reaches) and cuts opening rectangles out of them.
 * - `superpixels`: each superpixel of the prepared photo taken when most of its pixels are
 *   labelled wall — what the superpixels' boundaries allow;
 * - `perfectCuts`: the user's final selection with every cut made perfect — within what the
 *   clicks reach, every labelled wall pixel and no labelled opening: what perfect opening
 *   detection would score with the surface as it is;
 * - `noCuts`: what the clicks reach with nothing cut — against the final score, what the cuts win.
 */
import {
  applySelection,
  type Bitmask,
  createBitmask,
  type FacadeImage,
  paintRectangle,
  subtractFromSurface,
  surfaceClick,
} from '@facelift/shared';
import { type ClickResult, intersectionOverUnion } from './click-protocol.ts';

/** The CMP labels' class ids (labels/*_ids5.png): 1 door, 2 shop, 3 balcony, 4 window, 5 wall. */
const wallId = 5;
const isOpeningId = (id: number) => id >= 1 && id <= 4;

export interface WallCeilings {
  superpixels: number;
  perfectCuts: number;
  noCuts: number;
}

/** IoU with `truth` of the superpixels (`labels`: one id 0 … count-1 a pixel) mostly inside it. */
export function superpixelCeiling(labels: Int32Array, count: number, truth: Uint8Array): number {
  const area = new Int32Array(count);
  const inside = new Int32Array(count);
  let truthArea = 0;
  for (let index = 0; index < labels.length; index++) {
    const label = labels[index] as number;
    area[label] = (area[label] as number) + 1;
    if (truth[index] === 1) {
      inside[label] = (inside[label] as number) + 1;
      truthArea++;
    }
  }
  let intersection = 0;
  let union = truthArea;
  for (let label = 0; label < count; label++) {
    if (2 * (inside[label] as number) <= (area[label] as number)) continue;
    intersection += inside[label] as number;
    union += (area[label] as number) - (inside[label] as number);
  }
  return union === 0 ? 1 : intersection / union;
}

/**
 * `selection` with its cuts made perfect: of what the clicks reach (`reach`, nothing cut), each
 * labelled wall pixel, no labelled opening, and the rest (unlabelled background) as
 * `selection` has it.
 */
export function withPerfectCuts(selection: Bitmask, reach: Bitmask, ids: Uint8Array): Bitmask {
  const perfect = createBitmask(selection.width, selection.height);
  for (let index = 0; index < ids.length; index++) {
    const id = ids[index] as number;
    const isTaken =
      reach.data[index] === 1 && (id === wallId || (!isOpeningId(id) && selection.data[index] === 1));
    if (isTaken) perfect.data[index] = 1;
  }
  return perfect;
}

/**
 * What the kept wall clicks reach with nothing cut: an adding click its surface; a subtracting
 * click that took a surface away takes that surface away, one that took an opening away (a
 * shift-click on a window the detector missed) is a cut and leaves the reach. The final
 * selection lies inside it.
 */
export function reachOfClicks(facade: FacadeImage, clicked: ClickResult): Bitmask {
  const reach = createBitmask(facade.width, facade.height);
  for (const click of clicked.clicks) {
    if (!click.kept) continue;
    const { surface, cuts } = surfaceClick(facade, click);
    if (click.mode === 'add') {
      applySelection(reach, surface, 'add');
      continue;
    }
    const removed = subtractFromSurface(facade, click);
    const cutSurface = createBitmask(facade.width, facade.height);
    cutSurface.data.set(surface.data);
    for (const cut of cuts) paintRectangle(cutSurface, cut, 0);
    const tookSurface = removed.data.every((value, index) => value === cutSurface.data[index]);
    if (tookSurface) applySelection(reach, surface, 'subtract');
  }
  applySelection(reach, clicked.prediction, 'add');
  return reach;
}

export function wallCeilings(
  facade: FacadeImage,
  clicked: ClickResult,
  ids: Uint8Array,
  wallTruth: Bitmask,
): WallCeilings {
  const reach = reachOfClicks(facade, clicked);
  const { labels, count } = facade.superpixels;
  return {
    superpixels: superpixelCeiling(labels, count, wallTruth.data),
    perfectCuts: intersectionOverUnion(withPerfectCuts(clicked.prediction, reach, ids).data, wallTruth.data),
    noCuts: intersectionOverUnion(reach.data, wallTruth.data),
  };
}
