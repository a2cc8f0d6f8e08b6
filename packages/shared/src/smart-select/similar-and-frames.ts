/**
 * Two steps after a window (or door, shutter) is selected: "select all similar" finds its
 * repeats along the facade's floors and columns, and "frames from openings" turns an opening
 * into its frame (the band and glazing bars around the glass), so recolouring frames
 * leaves the panes alone. Route and measurements: docs/decisions/050-facade-smart-select.md,
 * 055-opening-refinement.md and 056-select-all-similar-grid.md.
 */
import { type Bitmask, createBitmask } from '../mask/mask-contract.ts';
import { withoutWallSides } from './example-wall-sides.ts';
import { type FacadeImage, type Rectangle, trimTuning } from './facade-select.ts';
import { withTrims } from './opening-trims.ts';
import { overlapArea, rectangleArea } from './rectangles.ts';
import { alignRepeats } from './repeat-alignment.ts';
import { endAtBalconyRails } from './repeat-balcony-rails.ts';
import { endAboveBalusters } from './repeat-balusters.ts';
import {
  dropCorniceRow,
  dropLoneColumns,
  dropLoneFloors,
  dropUnjudgedAtEdge,
  dropUnlikeFloors,
  dropUnlikeInFloor,
} from './repeat-check.ts';
import { withColumnsGoingOnUp } from './repeat-columns-go-on.ts';
import { toDetectedSides } from './repeat-detected-sides.ts';
import { leaveOutDoors } from './repeat-doors.ts';
import { withFindsAlongTheirColumns } from './repeat-finds-columns.ts';
import { withFlankingLeaves } from './repeat-flanks.ts';
import { withColumnGapsFilled, withFloorGapsFilled } from './repeat-floor-gaps.ts';
import { grownInColumns, toFloorHeads } from './repeat-floor-heads.ts';
import { withFloorsGoingOn, withFoundFloorsGoingOn } from './repeat-floors-go-on.ts';
import { findRepeats } from './repeat-grid.ts';
import { grownAlongJambs } from './repeat-jambs.ts';
import { defaultOwnFrameTuning, toOwnFrames } from './repeat-own-frames.ts';
import { joinPairsOnOneWindow } from './repeat-pairs.ts';
import { dropPlainRepeats } from './repeat-plain.ts';
import { dropOverlappingNeighbours } from './repeat-side-by-side.ts';
import { keepStackedOverlapApart } from './repeat-stacked-overlap.ts';

/**
 * The repeats of an opening on the facade, the example first: the places along its floor and
 * column, and along the floors and columns found there, that look like it (`findRepeats`,
 * docs/decisions/056-select-all-similar-grid.md), less the floors of them unlike the example
 * (`dropUnlikeFloors`, docs/decisions/131), lined up on their floors' and columns' lines
 * (`alignRepeats`, docs/decisions/130). The detector's openings
 * (docs/decisions/051) are not added: on the CMP photos adding those of about the example's
 * size scored lower (0.415 against 0.421).
 */
export function findSimilar(image: FacadeImage, opening: Rectangle): Rectangle[] {
  // The user's rectangle may sit a little off the window the detector found (cmp_b0010: 14
  // pixels high): the detected opening around it, about as tall and as wide, is the better
  // example. Not an opening that reaches further up or down: on the CMP photos that is a
  // window with its balcony (all windows 0.427 with those, 0.459 without). Nor one much
  // wider: that is a pair of windows with the pier between them and every repeat would be a
  // pair (docs/decisions/131); a window of two panes of which the user marked one is lost
  // with it, but the mirrored match (decision 056) finds both panes of each window.
  const middleX = (opening.left + opening.right) / 2;
  const middleY = (opening.top + opening.bottom) / 2;
  const height = opening.bottom - opening.top + 1;
  const width = opening.right - opening.left + 1;
  const around = image.openings
    .filter(
      (candidate) =>
        middleX >= candidate.left &&
        middleX <= candidate.right &&
        middleY >= candidate.top &&
        middleY <= candidate.bottom &&
        rectangleArea(candidate) <= image.tuning.similarExampleGrowth * rectangleArea(opening) &&
        overlapArea(candidate, opening) >= 0.8 * rectangleArea(opening) &&
        Math.abs(candidate.bottom - candidate.top + 1 - height) <= 0.15 * height &&
        candidate.right - candidate.left + 1 <= image.tuning.similarExampleWidening * width,
    )
    .sort((a, b) => rectangleArea(a) - rectangleArea(b))[0];
  // A door's glazed upper half is no window (docs/decisions/186), dropped before the floors
  // are judged and lined up. After the alignment: a floor's bottom line is where its frames
  // agree, each window's balusters (if any) end it higher (docs/decisions/161).
  // Without a detected opening around it, the wall the user's rectangle took beside the
  // window is left out (docs/decisions/188). Last, each repeat takes the near sides of the
  // detected opening on it where they are lines at least as strong and its floor's or
  // column's repeats move too (docs/decisions/209); a repeat whose surround leaves the photo,
  // never judged against the example, is dropped (docs/decisions/210); so is a top floor of
  // short repeats along the crowning cornice, whose top line goes on between them, weakly
  // like the example (docs/decisions/230); of two repeats overlapping side by side on a floor,
  // the one less like the example (docs/decisions/281); a floor of one repeat where the
  // facade's floors hold three or more (docs/decisions/282), and there a lowest floor of at
  // most half the median floor's repeats (docs/decisions/300); a column of one repeat where the
  // facade's columns hold four or more (docs/decisions/376). Then each column of repeats goes on
  // up: one floor above its top window the window click's search finds an attic's or a
  // tower's windows of another size on the same axes, kept where two columns agree, or where
  // one's look finds its like on the others' axes (docs/decisions/251, 280), and
  // each floor goes on along itself by its own look where the example's repeats stop: the
  // next building's or the attic's windows of the floor (docs/decisions/279), and each of
  // those and of the windows found over the columns goes on up and down its own column by its
  // own look: that building's other floors, on floor lines of their own, a tower's storey over
  // the attic (docs/decisions/301, 302); those, placed at
  // the size of the floor's first window, and the grid's repeats take their own frames' sides
  // where they are much the stronger lines (docs/decisions/277, 278). Then a
  // window flanked on both sides by a narrow panel as tall as it, unlike and more textured
  // than the wall beyond (open shutter leaves, a tripartite window's side lights), takes both
  // panels (docs/decisions/254), and a window with a balcony's railing across its lower half
  // ends at the handrail (docs/decisions/297). Last, between two neighbouring windows of a
  // floor, where the gap leaves room for one, either neighbour's look finds the window the
  // grid's period stepped over: an arcade's light windows between its dark ones, an attic's in
  // threes, the example's side light beside its neighbours' (docs/decisions/320, 321).
  const example = around ?? withoutWallSides(image, opening);
  const repeats = leaveOutDoors(image, findRepeats(image, example)).map((repeat, index) =>
    index === 0 ? repeat : withTrimsOfRepeat(image, repeat),
  );
  // A repeat far less like the example than the rest of its floor, on no detected opening,
  // goes before the column and floor steps (docs/decisions/353).
  const checked = dropUnlikeInFloor(
    image,
    dropLoneColumns(
      dropLoneFloors(
        dropOverlappingNeighbours(
          image,
          dropCorniceRow(
            image,
            dropUnjudgedAtEdge(
              image,
              toDetectedSides(
                image,
                endAboveBalusters(image, alignRepeats(dropUnlikeFloors(image, repeats))),
              ),
            ),
          ),
        ),
      ),
    ),
  );
  const up = withColumnsGoingOnUp(image, checked);
  // A floor made only of those finds (a tower's storey) goes on along itself by its own look
  // (docs/decisions/351).
  const along = withFoundFloorsGoingOn(
    image,
    withFindsAlongTheirColumns(image, withFloorsGoingOn(image, up), checked.length),
    checked.length,
  );
  // The example stays as the user marked it, and decision 251's windows are the window click's
  // own outline already; the grid's repeats and the floors' finds (and what those and decision
  // 251's windows find along their columns) take their own frames' sides where those are much
  // the stronger lines (docs/decisions/277, 278); the floors' finds, placed at the template's
  // size, also onto frames much narrower than it (docs/decisions/347).
  const gridCount = checked.length - 1;
  const framed = toOwnFrames(
    image,
    [...along.slice(1, checked.length), ...along.slice(up.length)],
    along,
    defaultOwnFrameTuning,
    gridCount,
  );
  const ownFramed = [
    ...along.slice(0, 1),
    ...framed.slice(0, gridCount),
    ...along.slice(checked.length, up.length),
    ...framed.slice(gridCount),
  ];
  // A floor much shorter than the example, whose frames agreed on a line halfway down its
  // windows, grows along its windows' jambs (docs/decisions/317). Then a window with a
  // balcony's railing across its lower part ends at the handrail (docs/decisions/297). Last,
  // the windows between two of a floor's, at their final sizes and with their side lights,
  // that the grid's period stepped over (docs/decisions/320, 321), and the same between two
  // windows of a column where the gap is far taller than the facade's usual one: a building
  // whose floor lines are its own, where the grid's crossing was lined up on its neighbour's
  // floor and dropped (docs/decisions/375). A repeat whose middle is far plainer than its
  // floor's, on bare wall, goes (docs/decisions/371). Then two neighbours on one wider window,
  // its head and sill running on across their gap, become one (docs/decisions/357).
  const found = joinPairsOnOneWindow(
    image,
    dropPlainRepeats(
      image,
      withColumnGapsFilled(
        image,
        withFloorGapsFilled(
          image,
          endAtBalconyRails(image, withFlankingLeaves(image, grownAlongJambs(image, ownFramed))),
        ),
      ),
    ),
  );
  // Last, a floor whose tops sit on next to no line takes the head line its windows share,
  // where that is much the stronger (docs/decisions/367).
  // A repeat far taller than the example that runs into the window below or above it in its
  // column goes back to the example's height (docs/decisions/394).
  const headed = keepStackedOverlapApart(grownInColumns(image, toFloorHeads(image, found)));
  // The detected opening matched in the user's rectangle's place is the better template, not
  // the better outline: the user's own rectangle comes back as they marked it (cmp_b0010: the
  // detected opening took 14–19 pixels of the balcony's railing under the window;
  // docs/decisions/348-select-all-similar-example-as-marked.md).
  return around ? [opening, ...headed.slice(1)] : headed;
}

/**
 * A repeat with its painted trim (docs/decisions/199): a window click takes the trim ring
 * (docs/decisions/189), but the repeats are matched and snapped to the glass, so their floors
 * and columns lined up on the glass's lines and the frames missed the trims.
 */
function withTrimsOfRepeat(image: FacadeImage, repeat: Rectangle): Rectangle {
  return withTrims(image, repeat, image.wall, trimTuning(image.tuning));
}

/** How wide a frame band is by default, as a share of the opening's shorter side. */
export const defaultFrameWidth = 0.08;

/**
 * The frame of an opening: a band of `frameWidth` (share of the shorter side) along its
 * sides, plus the glazing bars, i.e. what is unlike the glass and joined to the band. The
 * glass is found by splitting the opening's colours in two (k-means, started from the
 * middle and from the rim): reflections inside a pane stay glass, being cut off from the band.
 */
export function frameOfOpening(
  image: FacadeImage,
  opening: Rectangle,
  frameWidth = defaultFrameWidth,
): Bitmask {
  return framesOfOpenings(image, [opening], frameWidth);
}

/**
 * The frames of many openings in one mask ("select all similar" in the editor): each frame
 * is worked out in its opening's box and only that box is added, where a photo-sized mask
 * per opening, merged whole, cost a second a click for hundreds of repeats at 1.5 MP
 * (docs/decisions/142-select-all-similar-click-time.md).
 */
export function framesOfOpenings(
  image: FacadeImage,
  openings: readonly Rectangle[],
  frameWidth = defaultFrameWidth,
): Bitmask {
  const mask = createBitmask(image.width, image.height);
  const scratch = frameScratch(image, openings);
  for (const opening of openings) {
    const frame = frameInBox(image, opening, frameWidth, scratch);
    if (!frame) continue;
    for (let y = 0; y < frame.height; y++) {
      const from = y * frame.width;
      const to = (frame.top + y) * image.width + frame.left;
      for (let x = 0; x < frame.width; x++) if (frame.data[from + x] === 1) mask.data[to + x] = 1;
    }
  }
  return mask;
}

/**
 * Working arrays for the frames of one call, as large as its largest box and used by each box
 * in turn: a dozen typed arrays made per box, each memory of its own outside V8's heap, were
 * hundreds to thousands of allocations for a click's repeats
 * (docs/decisions/167-frames-cheaper-per-pixel.md).
 */
interface FrameScratch {
  isGlass: Uint8Array;
  solid: Uint8Array;
  first: Uint8Array;
  second: Uint8Array;
  frame: Uint8Array;
  queue: Int32Array;
  /** Per-column counts of `filterColumns`. */
  ones: Int32Array;
}

function frameScratch(image: FacadeImage, openings: readonly Rectangle[]): FrameScratch {
  let largestArea = 0;
  let widest = 0;
  for (const opening of openings) {
    const boxWidth = Math.min(image.width - 1, opening.right) - Math.max(0, opening.left) + 1;
    const boxHeight = Math.min(image.height - 1, opening.bottom) - Math.max(0, opening.top) + 1;
    if (boxWidth < 1 || boxHeight < 1) continue;
    largestArea = Math.max(largestArea, boxWidth * boxHeight);
    widest = Math.max(widest, boxWidth);
  }
  return {
    isGlass: new Uint8Array(largestArea),
    solid: new Uint8Array(largestArea),
    first: new Uint8Array(largestArea),
    second: new Uint8Array(largestArea),
    frame: new Uint8Array(largestArea),
    queue: new Int32Array(largestArea),
    ones: new Int32Array(widest),
  };
}

/**
 * An opening's frame (`frameOfOpening`) as 0/1 over its box within the photo (in
 * `scratch.frame`, valid until the next box); null when the box is empty. Each loop is a function of its own: with the loops in one long function, V8
 * optimised it inside a loop (on-stack replacement) before the code after the loop had run,
 * and that code was thrown away at the next call it made on every one of the hundreds of
 * boxes of a click (`--trace-deopt`: 201 times in 20 clicks;
 * docs/decisions/165-first-clicks-without-deopts.md).
 */
function frameInBox(
  image: FacadeImage,
  opening: Rectangle,
  frameWidth: number,
  scratch: FrameScratch,
): { left: number; top: number; width: number; height: number; data: Uint8Array } | null {
  const { width, lab } = image;
  const left = Math.max(0, opening.left);
  const top = Math.max(0, opening.top);
  const right = Math.min(image.width - 1, opening.right);
  const bottom = Math.min(image.height - 1, opening.bottom);
  const boxWidth = right - left + 1;
  const boxHeight = bottom - top + 1;
  if (boxWidth < 1 || boxHeight < 1) return null;
  const box: PixelBox = { left, top, right, bottom, width: boxWidth, height: boxHeight, photoWidth: width };
  const band = Math.max(1, Math.round(frameWidth * Math.min(boxWidth, boxHeight)));
  // Which columns and rows are in the band along the sides, and in the middle half each way,
  // worked out once per line instead of for every pixel.
  const columnInBand = new Uint8Array(boxWidth);
  const columnInMiddle = new Uint8Array(boxWidth);
  markLines(left, right, band, columnInBand, columnInMiddle);
  const rowInBand = new Uint8Array(boxHeight);
  const rowInMiddle = new Uint8Array(boxHeight);
  markLines(top, bottom, band, rowInBand, rowInMiddle);
  // Two colour centres, glass and frame (L, a, b each: glass at 0–2, frame at 3–5), started
  // from the middle and the band.
  const centres = new Float64Array(6);
  startingCentres(lab, box, rowInBand, rowInMiddle, columnInBand, columnInMiddle, centres);
  // The last pass writes each of the box's pixels.
  const { isGlass, frame, queue } = scratch;
  // The centres settle on every other row and column (a quarter of the pixels), then one pass
  // over every pixel says which is glass: the k-means was 40 % of a frame
  // (docs/decisions/176-frames-centres-from-a-sample.md).
  for (let iteration = 0; iteration < 3; iteration++) splitGlassFromFrame(lab, box, centres, isGlass, 2);
  splitGlassFromFrame(lab, box, centres, isGlass, 1);
  // A frame or painted trim wider than the band runs along a side as whole lines unlike the
  // glass: those lines join the band, up to the thickness a blind would have
  // (docs/decisions/189).
  widenBandToFrame(isGlass, boxWidth, boxHeight, 2 * band + 1, rowInBand, columnInBand);
  // Glazing bars are thin: what is not glass but thicker than the band (a blind, a curtain,
  // a dark reflection behind the pane) is pane, not frame (decision 055).
  markThickAsGlass(isGlass, boxWidth, boxHeight, band, scratch);
  // The band, then what is not glass and joined to it (indices within the box).
  frame.fill(0, 0, boxWidth * boxHeight);
  const queued = queueBand(frame, queue, boxWidth, boxHeight, rowInBand, columnInBand);
  growFrame(frame, isGlass, queue, queued, boxWidth, boxHeight);
  return { left, top, width: boxWidth, height: boxHeight, data: frame };
}

/** A line is a frame's when at least this share of it is not glass. */
const frameLineShare = 0.95;

/**
 * From each side of the box inwards, the lines at least `frameLineShare` not glass join the band
 * (`rowInBand`, `columnInBand`), when there are at most `thickest` of them and under a third of
 * the box; more is a blind or the wall, not a frame.
 */
function widenBandToFrame(
  isGlass: Uint8Array,
  boxWidth: number,
  boxHeight: number,
  thickest: number,
  rowInBand: Uint8Array,
  columnInBand: Uint8Array,
): void {
  // Functions of their own, not closures made for each of a click's boxes
  // (docs/decisions/213-select-all-similar-cheaper-clicks.md).
  const top = frameLines(isGlass, boxWidth, boxHeight, thickest, true, 0, 1);
  const bottom = frameLines(isGlass, boxWidth, boxHeight, thickest, true, boxHeight - 1, -1);
  const left = frameLines(isGlass, boxWidth, boxHeight, thickest, false, 0, 1);
  const right = frameLines(isGlass, boxWidth, boxHeight, thickest, false, boxWidth - 1, -1);
  // A frame goes all round: on all four sides, or it is something else along one.
  if (top === 0 || bottom === 0 || left === 0 || right === 0) return;
  for (let at = 0; at < top; at++) rowInBand[at] = 1;
  for (let at = 0; at < bottom; at++) rowInBand[boxHeight - 1 - at] = 1;
  for (let at = 0; at < left; at++) columnInBand[at] = 1;
  for (let at = 0; at < right; at++) columnInBand[boxWidth - 1 - at] = 1;
}

/**
 * How many rows (`rows`) or columns from `first` inwards (`direction`) are a frame's (at least
 * `frameLineShare` not glass); 0 when more than `thickest`, or a third of the box or more.
 */
function frameLines(
  isGlass: Uint8Array,
  boxWidth: number,
  boxHeight: number,
  thickest: number,
  rows: boolean,
  first: number,
  direction: 1 | -1,
): number {
  const length = rows ? boxHeight : boxWidth;
  let lines = 0;
  while (
    lines <= thickest &&
    lines < length &&
    (rows
      ? rowIsFrame(isGlass, boxWidth, first + direction * lines)
      : columnIsFrame(isGlass, boxWidth, boxHeight, first + direction * lines))
  )
    lines++;
  return lines > thickest || lines >= length / 3 ? 0 : lines;
}

/** Whether row y of the box is at least `frameLineShare` not glass. */
function rowIsFrame(isGlass: Uint8Array, boxWidth: number, y: number): boolean {
  let solid = 0;
  for (let x = 0, index = y * boxWidth; x < boxWidth; x++, index++) solid += 1 - (isGlass[index] as number);
  return solid >= frameLineShare * boxWidth;
}

/** Whether column x of the box is at least `frameLineShare` not glass. */
function columnIsFrame(isGlass: Uint8Array, boxWidth: number, boxHeight: number, x: number): boolean {
  let solid = 0;
  for (let y = 0, index = x; y < boxHeight; y++, index += boxWidth) solid += 1 - (isGlass[index] as number);
  return solid >= frameLineShare * boxHeight;
}

/** An opening's box within the photo: its sides (inclusive), its size and the photo's width. */
interface PixelBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
  width: number;
  height: number;
  photoWidth: number;
}

/**
 * For each line (column or row) from `first` to `last`: whether it lies in the band of
 * `band` lines along either side, and whether in the middle half.
 */
function markLines(
  first: number,
  last: number,
  band: number,
  inBand: Uint8Array,
  inMiddle: Uint8Array,
): void {
  const length = last - first + 1;
  for (let line = first; line <= last; line++) {
    inBand[line - first] = line - first < band || last - line < band ? 1 : 0;
    inMiddle[line - first] = Math.abs(line - (first + last) / 2) < length / 4 ? 1 : 0;
  }
}

/**
 * The mean colour of the box's middle (glass) and of its band (frame), 0 where empty, into
 * `centres`. A row outside the band reads only its band's columns (and the middle's, in the
 * middle half): the pixels between belong to neither, and reading every pixel of the box to
 * skip them was a pass of its own (docs/decisions/213-select-all-similar-cheaper-clicks.md).
 * Each sum adds the same pixels in the same order as a pass over every pixel.
 */
function startingCentres(
  lab: Float32Array,
  box: PixelBox,
  rowInBand: Uint8Array,
  rowInMiddle: Uint8Array,
  columnInBand: Uint8Array,
  columnInMiddle: Uint8Array,
  centres: Float64Array,
): void {
  const { left, top, bottom, width: boxWidth, photoWidth } = box;
  // The columns a row outside the band reads, left to right: the band's, and those of the
  // band or the middle (for the middle rows).
  const bandColumns: number[] = [];
  const bandOrMiddleColumns: number[] = [];
  for (let column = 0; column < boxWidth; column++) {
    if (columnInBand[column] === 1) bandColumns.push(column);
    if (columnInBand[column] === 1 || columnInMiddle[column] === 1) bandOrMiddleColumns.push(column);
  }
  // Glass at 0–2 and its count at 3, frame at 4–6 and its count at 7.
  const sums = new Float64Array(8);
  for (let y = top; y <= bottom; y++) {
    const isMiddleRow = rowInMiddle[y - top] === 1;
    const rowOffset = (y * photoWidth + left) * 3;
    if (rowInBand[y - top] === 1) addAllColumns(lab, rowOffset, boxWidth, isMiddleRow, columnInMiddle, sums);
    else if (isMiddleRow) addColumns(lab, rowOffset, bandOrMiddleColumns, columnInMiddle, sums);
    else addColumns(lab, rowOffset, bandColumns, null, sums);
  }
  centres.fill(0);
  const glassCount = sums[3] as number;
  const frameCount = sums[7] as number;
  if (glassCount > 0) {
    centres[0] = (sums[0] as number) / glassCount;
    centres[1] = (sums[1] as number) / glassCount;
    centres[2] = (sums[2] as number) / glassCount;
  }
  if (frameCount > 0) {
    centres[3] = (sums[4] as number) / frameCount;
    centres[4] = (sums[5] as number) / frameCount;
    centres[5] = (sums[6] as number) / frameCount;
  }
}

/** A band row of `startingCentres`: every pixel is frame, but the middle's in a middle row. */
function addAllColumns(
  lab: Float32Array,
  rowOffset: number,
  boxWidth: number,
  isMiddleRow: boolean,
  columnInMiddle: Uint8Array,
  sums: Float64Array,
): void {
  let glassL = sums[0] as number;
  let glassA = sums[1] as number;
  let glassB = sums[2] as number;
  let glassCount = sums[3] as number;
  let frameL = sums[4] as number;
  let frameA = sums[5] as number;
  let frameB = sums[6] as number;
  let frameCount = sums[7] as number;
  for (let column = 0, offset = rowOffset; column < boxWidth; column++, offset += 3) {
    if (isMiddleRow && columnInMiddle[column] === 1) {
      glassL += lab[offset] as number;
      glassA += lab[offset + 1] as number;
      glassB += lab[offset + 2] as number;
      glassCount++;
    } else {
      frameL += lab[offset] as number;
      frameA += lab[offset + 1] as number;
      frameB += lab[offset + 2] as number;
      frameCount++;
    }
  }
  sums[0] = glassL;
  sums[1] = glassA;
  sums[2] = glassB;
  sums[3] = glassCount;
  sums[4] = frameL;
  sums[5] = frameA;
  sums[6] = frameB;
  sums[7] = frameCount;
}

/**
 * A row outside the band of `startingCentres`: the listed columns, glass where `columnInMiddle`
 * (given for a middle row) says so, frame otherwise.
 */
function addColumns(
  lab: Float32Array,
  rowOffset: number,
  columns: number[],
  columnInMiddle: Uint8Array | null,
  sums: Float64Array,
): void {
  let glassL = sums[0] as number;
  let glassA = sums[1] as number;
  let glassB = sums[2] as number;
  let glassCount = sums[3] as number;
  let frameL = sums[4] as number;
  let frameA = sums[5] as number;
  let frameB = sums[6] as number;
  let frameCount = sums[7] as number;
  for (let at = 0; at < columns.length; at++) {
    const column = columns[at] as number;
    const offset = rowOffset + 3 * column;
    if (columnInMiddle !== null && columnInMiddle[column] === 1) {
      glassL += lab[offset] as number;
      glassA += lab[offset + 1] as number;
      glassB += lab[offset + 2] as number;
      glassCount++;
    } else {
      frameL += lab[offset] as number;
      frameA += lab[offset + 1] as number;
      frameB += lab[offset + 2] as number;
      frameCount++;
    }
  }
  sums[0] = glassL;
  sums[1] = glassA;
  sums[2] = glassB;
  sums[3] = glassCount;
  sums[4] = frameL;
  sums[5] = frameA;
  sums[6] = frameB;
  sums[7] = frameCount;
}

/**
 * One k-means pass over every `step`-th pixel of every `step`-th row: each goes to the nearer
 * centre (glass on a tie, marked in `isGlass`), then
 * each centre moves to its pixels' mean (a centre left without pixels stays where it was).
 */
function splitGlassFromFrame(
  lab: Float32Array,
  box: PixelBox,
  centres: Float64Array,
  isGlass: Uint8Array,
  step: number,
): void {
  const { left, top, right, bottom, width: boxWidth, photoWidth } = box;
  const glassL = centres[0] as number;
  const glassA = centres[1] as number;
  const glassB = centres[2] as number;
  const frameL = centres[3] as number;
  const frameA = centres[4] as number;
  const frameB = centres[5] as number;
  let sumGlassL = 0;
  let sumGlassA = 0;
  let sumGlassB = 0;
  let glassCount = 0;
  let sumFrameL = 0;
  let sumFrameA = 0;
  let sumFrameB = 0;
  let frameCount = 0;
  for (let y = top; y <= bottom; y += step) {
    let offset = (y * photoWidth + left) * 3;
    let index = (y - top) * boxWidth;
    for (let x = left; x <= right; x += step, offset += 3 * step, index += step) {
      const valueL = lab[offset] as number;
      const valueA = lab[offset + 1] as number;
      const valueB = lab[offset + 2] as number;
      const toGlass = (valueL - glassL) ** 2 + (valueA - glassA) ** 2 + (valueB - glassB) ** 2;
      const toFrame = (valueL - frameL) ** 2 + (valueA - frameA) ** 2 + (valueB - frameB) ** 2;
      if (toGlass <= toFrame) {
        isGlass[index] = 1;
        sumGlassL += valueL;
        sumGlassA += valueA;
        sumGlassB += valueB;
        glassCount++;
      } else {
        isGlass[index] = 0;
        sumFrameL += valueL;
        sumFrameA += valueA;
        sumFrameB += valueB;
        frameCount++;
      }
    }
  }
  if (glassCount > 0) {
    centres[0] = sumGlassL / glassCount;
    centres[1] = sumGlassA / glassCount;
    centres[2] = sumGlassB / glassCount;
  }
  if (frameCount > 0) {
    centres[3] = sumFrameL / frameCount;
    centres[4] = sumFrameA / frameCount;
    centres[5] = sumFrameB / frameCount;
  }
}

/** Puts the band's pixels in the frame and in the queue; returns how many were queued. */
function queueBand(
  frame: Uint8Array,
  queue: Int32Array,
  boxWidth: number,
  boxHeight: number,
  rowInBand: Uint8Array,
  columnInBand: Uint8Array,
): number {
  let queued = 0;
  for (let y = 0; y < boxHeight; y++) {
    const isBandRow = rowInBand[y] === 1;
    for (let x = 0; x < boxWidth; x++) {
      if (!isBandRow && columnInBand[x] === 0) continue;
      const index = y * boxWidth + x;
      frame[index] = 1;
      queue[queued++] = index;
    }
  }
  return queued;
}

/** Adds to the frame what is not glass and joined to the queued pixels (4-neighbours). */
function growFrame(
  frame: Uint8Array,
  isGlass: Uint8Array,
  queue: Int32Array,
  queuedAtStart: number,
  boxWidth: number,
  boxHeight: number,
): void {
  const size = boxWidth * boxHeight;
  let queued = queuedAtStart;
  for (let head = 0; head < queued; head++) {
    const index = queue[head] as number;
    const x = index % boxWidth;
    if (x > 0 && frame[index - 1] === 0 && isGlass[index - 1] === 0) {
      frame[index - 1] = 1;
      queue[queued++] = index - 1;
    }
    if (x < boxWidth - 1 && frame[index + 1] === 0 && isGlass[index + 1] === 0) {
      frame[index + 1] = 1;
      queue[queued++] = index + 1;
    }
    if (index >= boxWidth && frame[index - boxWidth] === 0 && isGlass[index - boxWidth] === 0) {
      frame[index - boxWidth] = 1;
      queue[queued++] = index - boxWidth;
    }
    if (index + boxWidth < size && frame[index + boxWidth] === 0 && isGlass[index + boxWidth] === 0) {
      frame[index + boxWidth] = 1;
      queue[queued++] = index + boxWidth;
    }
  }
}

/**
 * Marks as glass every non-glass pixel that a square of side 2·radius+1 fits in entirely
 * (a morphological opening of the non-glass pixels): what remains non-glass is thinner than
 * that square, i.e. bars and the frame.
 */
function markThickAsGlass(
  isGlass: Uint8Array,
  width: number,
  height: number,
  radius: number,
  scratch: FrameScratch,
): void {
  const size = width * height;
  const { solid, first, second, ones } = scratch;
  notGlass(isGlass, solid, size);
  // Eroded along rows, then columns; the result dilated the same way. Where the erosion
  // leaves nothing (no square fits: the frame's band and bars only), the dilation would
  // add nothing either and is skipped (docs/decisions/213-select-all-similar-cheaper-clicks.md).
  if (filterRows(solid, first, width, height, radius, true) === 0) return;
  if (filterColumns(first, second, width, height, radius, true, ones) === 0) return;
  filterRows(second, first, width, height, radius, false);
  // The last pass marks the glass itself: what it dilates to is glass.
  filterColumns(first, isGlass, width, height, radius, false, ones, true);
}

/** `solid`: 1 where `isGlass` is 0 and the other way round, over the first `size` pixels. */
function notGlass(isGlass: Uint8Array, solid: Uint8Array, size: number): void {
  for (let index = 0; index < size; index++) solid[index] = isGlass[index] === 1 ? 0 : 1;
}

/**
 * One pass of a 0/1 erosion (`isErosion`) or dilation along rows (`filterRows`) or columns
 * (`filterColumns`), radius `radius`, from `source` into `result`: a running count of ones in
 * the window, so each pixel costs O(1). Outside the box counts as non-glass for erosion (the
 * window is cut at the box's sides), so bars reaching the box's edge stay. Along columns the
 * counts run for all columns at once, a row at a time: reading down one column at a time went
 * through memory a row's width apart (docs/decisions/167-frames-cheaper-per-pixel.md).
 */
function filterRows(
  source: Uint8Array,
  result: Uint8Array,
  width: number,
  height: number,
  radius: number,
  isErosion: boolean,
): number {
  let written = 0;
  for (let start = 0; start < width * height; start += width) {
    let ones = 0;
    for (let at = 0; at < Math.min(width, radius); at++) ones += source[start + at] as number;
    for (let at = 0; at < width; at++) {
      if (at + radius < width) ones += source[start + at + radius] as number;
      if (at - radius - 1 >= 0) ones -= source[start + at - radius - 1] as number;
      const window =
        (at + radius < width ? at + radius : width - 1) - (at - radius > 0 ? at - radius : 0) + 1;
      const value = isErosion ? (ones === window ? 1 : 0) : ones > 0 ? 1 : 0;
      result[start + at] = value;
      written += value;
    }
  }
  return written;
}

/**
 * As `filterRows`, along columns; `ones` holds at least `width` counts. With `onlyOnes` (a
 * dilation) the ones are written and the rest of `result` is left as it was.
 */
function filterColumns(
  source: Uint8Array,
  result: Uint8Array,
  width: number,
  height: number,
  radius: number,
  isErosion: boolean,
  ones: Int32Array,
  onlyOnes = false,
): number {
  ones.fill(0, 0, width);
  let written = 0;
  for (let y = 0; y < Math.min(height, radius); y++) addRow(ones, source, y * width, width, 1);
  for (let y = 0; y < height; y++) {
    if (y + radius < height) addRow(ones, source, (y + radius) * width, width, 1);
    if (y - radius - 1 >= 0) addRow(ones, source, (y - radius - 1) * width, width, -1);
    const window = Math.min(height - 1, y + radius) - Math.max(0, y - radius) + 1;
    written += writeColumnCounts(ones, result, y * width, width, isErosion ? window : onlyOnes ? -1 : 0);
  }
  return written;
}

/**
 * One row of `filterColumns`' result from the per-column counts: 1 where the count is `full`
 * (erosion), or, `full` 0, where it is above 0 (dilation); `full` −1: as a dilation, but only
 * its ones are written. Returns the ones written.
 */
function writeColumnCounts(
  ones: Int32Array,
  result: Uint8Array,
  row: number,
  width: number,
  full: number,
): number {
  let written = 0;
  if (full < 0) {
    for (let x = 0; x < width; x++) {
      if ((ones[x] as number) > 0) {
        result[row + x] = 1;
        written++;
      }
    }
  } else if (full > 0) {
    for (let x = 0; x < width; x++) {
      const value = ones[x] === full ? 1 : 0;
      result[row + x] = value;
      written += value;
    }
  } else {
    for (let x = 0; x < width; x++) {
      const value = (ones[x] as number) > 0 ? 1 : 0;
      result[row + x] = value;
      written += value;
    }
  }
  return written;
}

/** Adds `sign` × the row of `source` starting at `start` to the per-column counts. */
function addRow(ones: Int32Array, source: Uint8Array, start: number, width: number, sign: number): void {
  for (let x = 0; x < width; x++) ones[x] = (ones[x] as number) + sign * (source[start + x] as number);
}
