/**
 * "Select all similar": a column of windows goes on up the facade
 * (docs/decisions/251-select-all-similar-columns-go-on-up.md). An attic, a tower's top storey
 * or a top floor behind a balustrade has windows of another size or look than the floors
 * under it, but they stand on the same axes: the grid (decision 056) matches the example and
 * passes them over. One floor above each column's top repeat the window click's own search
 * (`findOpening`) is asked at the column's axis; what it finds is a window of that column when
 * it is centred on the axis, of a window's proportions beside the column's, over no repeat,
 * and when at least two columns find one on the same floor (a floor of windows, not a
 * chimney or an ornament over one column). Only up: one floor under the lowest repeats lie
 * the ground floor's doors and shop fronts, which decision 186 keeps out.
 */
import { type FacadeImage, findOpening, type Rectangle } from './facade-select.ts';
import { outlineStrength } from './opening-detector.ts';
import { overlapArea, rectangleArea } from './rectangles.ts';
import { bands, median } from './repeat-bands.ts';
import { defaultRepeatGridTuning, matchesAlongFloor } from './repeat-grid.ts';

export interface ColumnsGoOnTuning {
  /** A column of at least this many repeats is followed up (0 switches the step off). */
  leastRepeats: number;
  /** The found window's middle is at most this share of the column's width off its axis. */
  axisSlack: number;
  /** Its width is within these shares of the column's repeats' width… */
  narrowest: number;
  widest: number;
  /** …and its height within these shares of their height. */
  shortest: number;
  tallest: number;
  /** At least this many columns find one on the same floor (middles within half the example's height). */
  floorColumns: number;
  /** …whose tops and bottoms lie within this share of their median height of the floor's median top and bottom. */
  lineSlack: number;
  /**
   * What the search finds must be outlined at least this strongly (`outlineStrength`): on
   * plain wall the search still returns a rectangle. A low bar: real attic and tower windows
   * read 0.25–0.5 (docs/decisions/264-columns-go-on-outlined-and-capped.md).
   */
  outline: number;
  /** At most this many columns are followed up, spread along the facade (each is a window click's search). */
  maximumProbes: number;
  /**
   * A floor where fewer than `floorColumns` columns found a window still counts when that
   * window's look, matched along its floor, finds windows like it at least this well on the
   * axes of the other columns (docs/decisions/280); above 1 switches this off.
   */
  lookCorrelation: number;
}

export const defaultColumnsGoOnTuning: ColumnsGoOnTuning = {
  leastRepeats: 3,
  axisSlack: 0.25,
  narrowest: 0.5,
  widest: 2.5,
  shortest: 0.4,
  tallest: 2.5,
  floorColumns: 2,
  lineSlack: 0.25,
  outline: 0.25,
  maximumProbes: 12,
  lookCorrelation: defaultRepeatGridTuning.bandCorrelation,
};

/** A column of repeats: its axis (median middle) and its windows' median width. */
interface ColumnAxis {
  axis: number;
  width: number;
}

/** The repeats (unchanged, in order) followed by the windows found above their columns. */
export function withColumnsGoingOnUp(
  image: FacadeImage,
  repeats: Rectangle[],
  tuning: ColumnsGoOnTuning = defaultColumnsGoOnTuning,
): Rectangle[] {
  const example = repeats[0];
  if (!example || tuning.leastRepeats <= 0) return repeats;
  const exampleWidth = example.right - example.left + 1;
  const exampleHeight = example.bottom - example.top + 1;
  const found: Rectangle[] = [];
  const columns = bands(
    repeats.map((repeat) => (repeat.left + repeat.right) / 2),
    0.5 * exampleWidth,
  ).filter((column) => column.length >= tuning.leastRepeats);
  const axes = columns.map((column) => {
    const members = column.map((index) => repeats[index] as Rectangle);
    return {
      axis: median(members.map((member) => (member.left + member.right) / 2)),
      width: median(members.map((member) => member.right - member.left + 1)),
    };
  });
  for (const column of spreadOut(columns, tuning.maximumProbes)) {
    const members = column.map((index) => repeats[index] as Rectangle).sort((a, b) => a.top - b.top);
    const middles = members.map((member) => (member.top + member.bottom) / 2);
    const steps = middles.slice(1).map((middle, at) => middle - (middles[at] as number));
    // The floors' pitch: the next floor up is one pitch above the column's top window.
    const point = {
      x: Math.round(median(members.map((member) => (member.left + member.right) / 2))),
      y: Math.round((middles[0] as number) - median(steps)),
    };
    if (point.y < 0 || repeats.some((repeat) => isInside(repeat, point))) continue;
    const width = median(members.map((member) => member.right - member.left + 1));
    const height = median(members.map((member) => member.bottom - member.top + 1));
    const window = findOpening(image, point);
    const windowWidth = window.right - window.left + 1;
    const windowHeight = window.bottom - window.top + 1;
    if (
      isInside(window, point) &&
      Math.abs((window.left + window.right) / 2 - point.x) <= tuning.axisSlack * width &&
      windowWidth >= tuning.narrowest * width &&
      windowWidth <= tuning.widest * width &&
      windowHeight >= tuning.shortest * height &&
      windowHeight <= tuning.tallest * height &&
      outlineStrength(image, window) >= tuning.outline &&
      !repeats.some(
        (repeat) =>
          overlapArea(repeat, window) > 0.2 * Math.min(rectangleArea(repeat), rectangleArea(window)),
      )
    )
      found.push(window);
  }
  const kept: Rectangle[] = [];
  for (const floor of bands(
    found.map((window) => (window.top + window.bottom) / 2),
    0.5 * exampleHeight,
  )) {
    // A floor's windows share its top and bottom lines (decision 130): a crowning ornament on
    // one tower and a shield on the other are no floor of windows (docs/decisions/253).
    const windows = floor.map((index) => found[index] as Rectangle);
    const top = median(windows.map((window) => window.top));
    const bottom = median(windows.map((window) => window.bottom));
    const reach = tuning.lineSlack * (bottom - top + 1);
    const lined = windows.filter(
      (window) => Math.abs(window.top - top) <= reach && Math.abs(window.bottom - bottom) <= reach,
    );
    const windowsOfFloor =
      lined.length >= tuning.floorColumns
        ? lined
        : [...lined, ...alikeOnOtherAxes(image, lined, repeats, example, axes, tuning)];
    if (windowsOfFloor.length < tuning.floorColumns) continue;
    for (const window of windowsOfFloor) {
      if (!kept.some((other) => overlapArea(other, window) > 0)) kept.push(window);
    }
  }
  return kept.length === 0 ? repeats : [...repeats, ...kept];
}

/**
 * The windows like the first of `lined` (a floor found over too few columns) along its floor:
 * the grid's band search with its look (`matchesAlongFloor`), each find correlating at least
 * `lookCorrelation`, centred on another column's axis (within `axisSlack` of its width), over
 * no repeat and clear of `lined`. On cmp_b0009 the search one floor up finds one attic window;
 * the other columns' probes land on the attic's sill and lintel (docs/decisions/280).
 */
function alikeOnOtherAxes(
  image: FacadeImage,
  lined: readonly Rectangle[],
  repeats: readonly Rectangle[],
  example: Rectangle,
  axes: readonly ColumnAxis[],
  tuning: ColumnsGoOnTuning,
): Rectangle[] {
  const window = lined[0];
  if (!window || tuning.lookCorrelation > 1) return [];
  return matchesAlongFloor(image, window, example)
    .filter((match) => match.score >= tuning.lookCorrelation)
    .map((match) => match.rectangle)
    .filter((find) => {
      const middle = (find.left + find.right) / 2;
      return (
        axes.some((column) => Math.abs(middle - column.axis) <= tuning.axisSlack * column.width) &&
        !repeats.some(
          (repeat) => overlapArea(repeat, find) > 0.2 * Math.min(rectangleArea(repeat), rectangleArea(find)),
        ) &&
        lined.every((other) => overlapArea(other, find) === 0)
      );
    });
}

/**
 * At most `most` of the items, evenly spread from the first to the last: each probe is a
 * window click's search (about 3 ms at 1.5 MP), and a facade of 20 or more columns would
 * otherwise take select all similar past its 100 ms a click
 * (docs/decisions/264-columns-go-on-outlined-and-capped.md).
 */
function spreadOut<T>(items: T[], most: number): T[] {
  if (items.length <= most) return items;
  if (most <= 1) return items.slice(0, Math.max(0, most));
  return Array.from(
    { length: most },
    (_, at) => items[Math.round((at * (items.length - 1)) / (most - 1))] as T,
  );
}

function isInside(box: Rectangle, point: { x: number; y: number }): boolean {
  return point.x >= box.left && point.x <= box.right && point.y >= box.top && point.y <= box.bottom;
}
