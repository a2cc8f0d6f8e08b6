/**
 * Floors and columns the grid of "select all similar" looks along, proposed by the detector's
 * openings (docs/decisions/187). The grid finds its floors and columns by the example's
 * correlation along its own floor and column (decision 056); a floor of windows with other
 * blinds or balconies, or a column set back in shade, correlates too little there and is
 * never searched, though the detector outlined its windows. The detector's openings of about
 * the example's size only add lines: every crossing is still checked against the example,
 * and the floors unlike it dropped (decision 131), as for the lines the grid found itself.
 */
import type { Rectangle } from './facade-select.ts';

export interface OpeningLineTuning {
  /** An opening proposes lines when its width and height are within this share of the example's (0: off)… */
  sizeSlack: number;
  /** …a column when at least this many such openings line up on it (within `near` of the spacing)… */
  columnSupport: number;
  /** …a floor when at least this many do… */
  floorSupport: number;
  /** …and the floor is at least this many spacings from every floor the grid found: one right
   * above or below a floor of windows is their attic panels or balcony (cmp_b0012). */
  floorGap: number;
  near: number;
}

export const defaultOpeningLineTuning: OpeningLineTuning = {
  sizeSlack: 0.5,
  columnSupport: 2,
  floorSupport: 1,
  floorGap: 1.5,
  near: 0.25,
};

/** Where the grid's template stands for a window at a place, on the scaled copy. */
export interface TemplatePlacing {
  example: Rectangle;
  /** The example's offset in its template (its margin), in photo pixels. */
  offsetX: number;
  offsetY: number;
  factor: number;
  /** The template's furthest position on the scaled copy. */
  lastX: number;
  lastY: number;
  /** Least distance between two lines, on the scaled copy. */
  spacingX: number;
  spacingY: number;
}

/**
 * Template positions (scaled copy) of the columns and floors that the openings propose, to be
 * merged with the lines found (`foundColumns`, `foundFloors`).
 */
export function linesFromOpenings(
  openings: readonly Rectangle[],
  placing: TemplatePlacing,
  foundFloors: readonly number[],
  tuning: OpeningLineTuning = defaultOpeningLineTuning,
): { columns: number[]; floors: number[] } {
  if (tuning.sizeSlack <= 0) return { columns: [], floors: [] };
  const { example, offsetX, offsetY, factor } = placing;
  const exampleWidth = example.right - example.left + 1;
  const exampleHeight = example.bottom - example.top + 1;
  const xs: number[] = [];
  const ys: number[] = [];
  for (const opening of openings) {
    const width = opening.right - opening.left + 1;
    const height = opening.bottom - opening.top + 1;
    if (
      Math.abs(width - exampleWidth) > tuning.sizeSlack * exampleWidth ||
      Math.abs(height - exampleHeight) > tuning.sizeSlack * exampleHeight
    )
      continue;
    // The example's rectangle centred on the opening, as the template's position.
    const x = Math.round(((opening.left + opening.right - exampleWidth + 1) / 2 - offsetX) / factor);
    const y = Math.round(((opening.top + opening.bottom - exampleHeight + 1) / 2 - offsetY) / factor);
    if (x >= 0 && x <= placing.lastX) xs.push(x);
    if (y >= 0 && y <= placing.lastY) ys.push(y);
  }
  const supported = (positions: number[], at: number, spacing: number) =>
    positions.filter((other) => Math.abs(other - at) <= tuning.near * spacing).length;
  return {
    columns: xs.filter((x) => supported(xs, x, placing.spacingX) >= tuning.columnSupport),
    floors: ys.filter(
      (y) =>
        supported(ys, y, placing.spacingY) >= tuning.floorSupport &&
        foundFloors.every((floor) => Math.abs(floor - y) >= tuning.floorGap * placing.spacingY),
    ),
  };
}
