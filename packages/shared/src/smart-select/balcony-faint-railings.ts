/**
 * Floor-long balconies whose iron bars are too faint for railing cells: thin light bars before
 * a light wall change the colour across a row by less than the photo's mean (cmp_b0002's second
 * floor: 10 grey levels every 4–5 px), where decision 155 asks for twice the mean. What tells
 * such a balcony is its floor: French windows go down behind the railing to one slab, whose
 * line is deep and runs along the floor, and over the piers between them the bars, faint in each
 * row, stand in the same columns all the way down, so that the rows' mean along each column
 * ripples at the bars' pitch where the plain wall above does not. A sill course under a row of
 * windows has the line, not the ripple over the piers. Measured:
 * docs/decisions/410-faint-railings-on-a-floor.md.
 */

import { balconyAlongItsFloor } from './balcony-along-floor.ts';
import type { FacadeImage, Rectangle } from './facade-select.ts';
import { rowEdge } from './opening-rectangle.ts';
import { strongestLine } from './row-measures.ts';
import { runsOf } from './runs.ts';

export interface FaintRailingTuning {
  /** The slab's line at least this many times the photo's mean row edge (0: never). */
  slab: number;
  /** The handrail's line over the piers at least this many times the photo's mean row edge. */
  handrail: number;
  /** The railing (handrail to slab) at least and at most this many superpixel sizes high. */
  lowest: number;
  highest: number;
  /** The piers' ripple between the handrail and the slab at least this many times the wall's above. */
  ripple: number;
  /** …and at least this much (OKLab lightness × 100). */
  leastRipple: number;
  /** Past the outer windows, the slab's line at least this share of its strength under them (0: not). */
  along: number;
  /** A floor whose span is covered by balconies found already over at least this share is theirs. */
  covered: number;
}

export const defaultFaintRailingTuning: FaintRailingTuning = {
  slab: 4,
  handrail: 1.5,
  lowest: 1.5,
  highest: 5,
  ripple: 2,
  leastRipple: 0.5,
  along: 0.7,
  covered: 0.5,
};

/**
 * The mean ripple along `columns` (each with its neighbours two either way among them) of the
 * rows' mean lightness from `top` to `bottom`: bars standing in the same columns down the rows
 * keep their dip in the mean, a wall's grain averages out.
 */
export function rowsRipple(
  image: FacadeImage,
  columns: readonly number[],
  top: number,
  bottom: number,
): number {
  const { width, lab } = image;
  const from = Math.max(0, top);
  const to = Math.min(image.height - 1, bottom);
  if (to < from || columns.length === 0) return 0;
  // Each column's mean down the rows, by its offset from the first (NaN: not one of `columns`).
  const first = Math.min(...columns);
  const mean = new Float64Array(Math.max(...columns) - first + 1).fill(Number.NaN);
  for (const x of columns) {
    let sum = 0;
    for (let y = from; y <= to; y++) sum += lab[(y * width + x) * 3] as number;
    mean[x - first] = sum / (to - from + 1);
  }
  let total = 0;
  let count = 0;
  for (const x of columns) {
    const left = mean[x - 2 - first] ?? Number.NaN;
    const right = mean[x + 2 - first] ?? Number.NaN;
    if (Number.isNaN(left) || Number.isNaN(right)) continue;
    total += Math.abs((mean[x - first] as number) - (left + right) / 2);
    count++;
  }
  return count === 0 ? 0 : total / count;
}

/**
 * The floor-long balconies with faint bars: for each floor's windows ending together on a
 * deep slab line, the handrail over the piers and the ripple of the bars under it; each found
 * from the handrail down to the slab's line over the windows' span (`size`: a superpixel size in
 * pixels). `found` are the balconies found already: a floor they mostly cover is left to them.
 */
export function faintRailingsOnFloors(
  image: FacadeImage,
  found: readonly Rectangle[],
  meanRowEdge: number,
  size: number,
  tuning: FaintRailingTuning = defaultFaintRailingTuning,
): Rectangle[] {
  if (tuning.slab <= 0) return [];
  const snap = Math.max(1, Math.round(size / 2));
  const windows = image.openings
    .filter((opening) => opening.bottom - opening.top + 1 >= tuning.lowest * size)
    .slice()
    .sort((a, b) => a.bottom - b.bottom);
  const balconies: Rectangle[] = [];
  let at = 0;
  while (at < windows.length) {
    const first = windows[at] as Rectangle;
    let end = at;
    while (end + 1 < windows.length && (windows[end + 1] as Rectangle).bottom - first.bottom <= snap) end++;
    const group = windows.slice(at, end + 1);
    at = end + 1;
    if (group.length < 2) continue;
    const left = Math.min(...group.map((window) => window.left));
    const right = Math.max(...group.map((window) => window.right));
    const bottom = Math.max(...group.map((window) => window.bottom));
    const strength = (y: number) => rowEdge(image, y, left, right);
    // The slab's line: the strongest within a superpixel size under the windows' feet.
    const slabLine = strongestLine(
      first.bottom - snap,
      Math.min(image.height - 2, bottom + Math.round(size)),
      strength,
    );
    // No row stronger than 0 (none at all): no slab.
    if (slabLine.strength <= 0 || slabLine.strength < tuning.slab * meanRowEdge) continue;
    const slab = slabLine.at;
    const highest = Math.max(0, slab - Math.round(tuning.highest * size));
    const lowest = slab - Math.round(tuning.lowest * size);
    if (lowest <= highest) continue;
    // A floor with a balcony found already is theirs.
    const onFloor = found.filter((box) => box.top <= slab && box.bottom >= lowest);
    let covered = 0;
    for (let x = left; x <= right; x++) if (onFloor.some((box) => box.left <= x && box.right >= x)) covered++;
    if (covered >= tuning.covered * (right - left + 1)) continue;
    // The piers: the span's columns outside every opening reaching the railing's rows.
    const reaching = image.openings.filter((opening) => opening.top <= slab && opening.bottom >= highest);
    // The piers' runs of columns, each read from the row sums at once.
    const runs = runsOf(
      (x) => x >= left && !reaching.some((opening) => opening.left <= x && opening.right >= x),
      right + 1,
      0,
    );
    const piers: number[] = [];
    for (const [from, to] of runs) for (let x = from; x <= to; x++) piers.push(x);
    if (piers.length < size) continue;
    const pierLine = (y: number) => {
      let sum = 0;
      for (const [from, to] of runs) sum += rowEdge(image, y, from, to) * (to - from + 1);
      return sum / piers.length;
    };
    const handrailLine = strongestLine(highest, lowest, pierLine);
    if (handrailLine.strength <= 0 || handrailLine.strength < tuning.handrail * meanRowEdge) continue;
    const { at: handrail, strength: handrailStrength } = handrailLine;
    // French windows go on above the railing: at least half of them are at least twice as high
    // as the railing (a railing over whole windows is their grilles or a row of shutters).
    const rising = group.filter((window) => window.top <= handrail - (slab - handrail)).length;
    if (rising < group.length / 2) continue;
    // The bars: their ripple over the upper part of the railing (above the slab's own rows)
    // against the wall's as high above the handrail.
    const barsBottom = handrail + Math.round(0.6 * (slab - handrail));
    const bars = rowsRipple(image, piers, handrail + 2, barsBottom);
    // The wall's rows must lie inside the photo: clipped at its top they read less wall or none
    // (a ripple of 0, and the bars would pass against it by default). While the rising windows
    // above must reach the railing's height over the handrail, the rows are inside already
    // (handrail >= railing > 0.6 railing): this keeps it so if that check is loosened.
    const wallTop = handrail - 2 - (barsBottom - handrail - 2);
    if (wallTop < 0) continue;
    const wall = rowsRipple(image, piers, wallTop, handrail - 2);
    if (bars < tuning.leastRipple || bars < tuning.ripple * wall) continue;
    // Along the floor past the outer windows while the slab's and the handrail's lines run on.
    const box = { left, top: handrail, right, bottom: slab };
    const sides = balconyAlongItsFloor(
      image,
      box,
      slab,
      { share: tuning.along, least: tuning.slab * meanRowEdge * tuning.along, stretch: size },
      // The handrail's line runs on with the slab's (a cornice or course has the one, not both).
      (from, to) => {
        let rail = 0;
        for (let y = handrail - 1; y <= handrail + 1; y++) rail = Math.max(rail, rowEdge(image, y, from, to));
        return rail >= tuning.along * handrailStrength;
      },
    );
    balconies.push({
      ...box,
      left: Math.min(left, ...sides.map((side) => side.left)),
      right: Math.max(right, ...sides.map((side) => side.right)),
    });
  }
  return balconies;
}
