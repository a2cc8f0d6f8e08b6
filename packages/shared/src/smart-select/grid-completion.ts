/**
 * Windows the opening detector missed in a full grid: where a column of two or more of the
 * wall click's cuts (left and right sides alike) and a floor of cuts in other columns (top and
 * bottom alike) both put a window at a place no cut holds, and that place looks like an opening
 * (its colour differs from the wall on both sides and is nearer to its column's windows), it
 * is cut too. Measurements: docs/decisions/333-windows-completing-the-grid.md.
 */
import type { FacadeImage, Rectangle } from './facade-select.ts';
import { boxColour } from './opening-rectangle.ts';
import { overlapArea, rectangleArea } from './rectangles.ts';

export interface GridCompletionTuning {
  /** Sides of a column's (tops and bottoms of a floor's) cuts within this × their width (height); 0: off. */
  slack: number;
  /** Cuts (and places) at most this many times as long one way as the other. */
  maximumAspect: number;
  /** At least this many cuts in the column… */
  columnPeers: number;
  /** …and this many in the floor, in other columns. */
  floorPeers: number;
  /**
   * The place's colour at least this far (OKLab ×100) from the wall just beyond each of its
   * sides, and nearer to the colour of its column's nearest window.
   */
  unlikeSides: number;
}

const width = (r: Rectangle) => r.right - r.left + 1;
const height = (r: Rectangle) => r.bottom - r.top + 1;

/** The windows the grid of `windows` predicts where none of `cuts` holds one and the photo shows an opening. */
export function gridCompletion(
  image: FacadeImage,
  windows: readonly Rectangle[],
  cuts: readonly Rectangle[],
  tuning: GridCompletionTuning,
): Rectangle[] {
  if (tuning.slack <= 0) return [];
  // Window-shaped cuts only: strips (a sill's shadow, a cornice) and slivers make no grid.
  const cell = Math.sqrt((image.width * image.height) / image.superpixels.count);
  const isWindowShaped = (r: Rectangle) =>
    Math.min(width(r), height(r)) >= cell &&
    Math.max(width(r), height(r)) <= tuning.maximumAspect * Math.min(width(r), height(r));
  const shaped = windows.filter(isWindowShaped);
  const isApartVertically = (a: Rectangle, b: Rectangle) => a.bottom < b.top || a.top > b.bottom;
  const isApartSideways = (a: Rectangle, b: Rectangle) => a.right < b.left || a.left > b.right;
  const added: Rectangle[] = [];
  const taken = (place: Rectangle) =>
    [...cuts, ...added].some((cut) => overlapArea(cut, place) > 0.2 * rectangleArea(place));
  for (const member of shaped) {
    const reach = tuning.slack * width(member);
    const column = shaped.filter(
      (other) => Math.abs(other.left - member.left) <= reach && Math.abs(other.right - member.right) <= reach,
    );
    if (column.length < tuning.columnPeers) continue;
    for (const row of shaped) {
      if (column.includes(row)) continue;
      if (!column.every((cut) => isApartVertically(cut, row))) continue;
      const lift = tuning.slack * height(row);
      const floor = shaped.filter(
        (other) =>
          Math.abs(other.top - row.top) <= lift &&
          Math.abs(other.bottom - row.bottom) <= lift &&
          isApartSideways(other, member),
      );
      if (!floor.includes(row) || floor.length < tuning.floorPeers) continue;
      const place = { left: member.left, right: member.right, top: row.top, bottom: row.bottom };
      // Windows of one facade differ by floor, but not by more than twice each way.
      const isAlike = (a: number, b: number) => a <= 2 * b && b <= 2 * a;
      if (!isAlike(width(row), width(member)) || !isAlike(height(row), height(member))) continue;
      if (!isWindowShaped(place)) continue;
      // Between windows of its column: below the lowest one lies the ground floor's own order
      // (shop fronts, doors, piers), above the highest one the crowning.
      if (!column.some((cut) => cut.bottom < place.top) || !column.some((cut) => cut.top > place.bottom))
        continue;
      if (taken(place)) continue;
      const nearest = column.reduce((best, cut) =>
        Math.abs(cut.top - place.top) < Math.abs(best.top - place.top) ? cut : best,
      );
      if (!looksLikeAnOpening(image, place, nearest, tuning.unlikeSides)) continue;
      added.push(place);
    }
  }
  return added;
}

/**
 * Whether `place` differs from the wall just beyond both its sides by at least `limit` (OKLab
 * ×100) and looks more like `neighbour`, the nearest window of its column, than like that wall.
 */
function looksLikeAnOpening(
  image: FacadeImage,
  place: Rectangle,
  neighbour: Rectangle,
  limit: number,
): boolean {
  const strip = Math.max(3, Math.round(0.25 * width(place)));
  const gap = 2;
  if (place.left - gap - strip < 0 || place.right + gap + strip >= image.width) return false;
  const colour = boxColour(image, place);
  const left = boxColour(image, { ...place, left: place.left - gap - strip, right: place.left - gap - 1 });
  const right = boxColour(image, { ...place, left: place.right + gap + 1, right: place.right + gap + strip });
  const fromWall = Math.min(distance(colour, left), distance(colour, right));
  return fromWall >= limit && distance(colour, boxColour(image, neighbour)) < fromWall;
}

function distance(a: Float64Array, b: Float64Array): number {
  const l = (a[0] as number) - (b[0] as number);
  const green = (a[1] as number) - (b[1] as number);
  const blue = (a[2] as number) - (b[2] as number);
  return Math.sqrt(l * l + green * green + blue * blue);
}
