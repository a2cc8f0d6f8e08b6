/**
 * Balconies of a facade, found once per photo over the whole photo and cut from every wall
 * click. A wall click's own railings (decision 052, `railingOpenings`) are searched only
 * within the clicked surface, from row shares over its whole width, and end at the bars:
 * the slab under them (and its corbels, which the CMP labels count as balcony) is of the
 * wall's own stone and stays in the wall, and a railing on another floor's surface is not
 * searched at all. Here a railing is a band of cells dense in bars' edges along their row
 * (a short window along it, not the whole row: small balconies count), at most a few
 * superpixel sizes high and wider than high, whose top is a long straight line (the handrail
 * or coping) and under which a slab's lower line lies within the railing's height: a grille
 * in a window, carved ornament or a shutter's boards have no such lines along them. A balcony
 * with fainter lines is kept beside an outlined one on its floor (the same handrail and slab),
 * or beside two more fainter ones, or beside another piece of its railing; the gap between
 * pieces is cut with them; a railing standing on a deep slab with bars all along it needs no
 * more than a faint handrail. A balcony with bars all along it goes on along its floor while its
 * slab's line and bars do. Where a balcony found with bars all along it repeats, alike at its
 * size on a floor of the balconies found or in its own column, is a balcony too. A balcony then
 * takes the shade its slab casts on the wall under it, where its corbels stand; a stretch, gap or
 * repeat beside a shaded balcony of its floor takes that shade where its own rows are dark. Balconies
 * stacked over each other are alike: one whose shade could not be read takes their depth, and a
 * floor-long one found short of its ends goes on to theirs (`balcony-stacks.ts`). Last, a balcony
 * takes the wall under it that is in its shade where the wall beside it is lit, after its foot
 * gives back a string course or cornice running on beside it. A floor's French windows ending on
 * one deep slab, with faint bars over the piers between them, stand behind a floor-long balcony
 * too faint for railing cells (`balcony-faint-railings.ts`). A balcony over a window goes down to
 * that window's head, over its consoles (`balcony-over-window.ts`). A railing before a window's
 * foot that passes both its sides needs no clear lines (`balcony-window-foot.ts`). Then a railing
 * too sparse for railing cells is read beside a window's foot, busy there where the wall beside
 * the window's upper half is calm (`balcony-beside-window.ts`). Measured:
 * docs/decisions/155-balconies-whole-photo.md,
 * 183-balcony-partners-on-a-floor.md, 184-balcony-peers-on-a-floor.md,
 * 205-balcony-pieces-joined.md, 239-balcony-shade.md, 240-railings-on-deep-slabs.md,
 * 267-balcony-repeats.md, 268-balconies-along-their-slab.md, 303-balcony-shade-along-its-floor.md,
 * 323-stacked-balconies-alike-in-depth.md, 324-stacked-balconies-alike-in-length.md,
 * 336-balcony-shade-beside-it.md, 383-balcony-foot-without-the-course.md,
 * 410-faint-railings-on-a-floor.md, 415-balcony-down-to-the-window-under-it.md,
 * 470-balcony-at-a-window-foot.md, 530-railing-beside-a-window-foot.md.
 */
import { balconyAlongItsFloor } from './balcony-along-floor.ts';
import {
  defaultRailingBesideWindowTuning,
  type RailingBesideWindowTuning,
  railingsBesideWindows,
} from './balcony-beside-window.ts';
import {
  defaultFaintRailingTuning,
  type FaintRailingTuning,
  faintRailingsOnFloors,
} from './balcony-faint-railings.ts';
import { type BalconyOverWindowTuning, downToTheWindowUnder } from './balcony-over-window.ts';
import { balconyRepeats } from './balcony-repeats.ts';
import { type BalconyStackTuning, stackedDepths, stackedEnds } from './balcony-stacks.ts';
import {
  defaultWindowFootTuning,
  railingAtWindowFoot,
  type WindowFootTuning,
} from './balcony-window-foot.ts';
import type { FacadeImage, Rectangle } from './facade-select.ts';
import { rowEdge } from './opening-rectangle.ts';
import { barsOver, besideStrips, meanBars, rowColour, rowLightness, strongestLine } from './row-measures.ts';
import { runsOf } from './runs.ts';

export interface BalconyTuning {
  /** A cell is a bar's edge when the colour changes across the row this many times the photo's mean (0: none). */
  edge: number;
  /** A cell is railing when at least this share of the cells around it along the row are bars' edges… */
  density: number;
  /** …within this many superpixel sizes. */
  window: number;
  /** A railing's column holds railing cells in at least this share of the band's rows. */
  columnShare: number;
  /** Gaps up to this many superpixel sizes do not end a railing. */
  bridge: number;
  /** At least this many superpixel sizes wide, and high, at most this many high. */
  minimumWidth: number;
  minimumHeight: number;
  maximumHeight: number;
  /** At least this many times as wide as high. */
  minimumAspect: number;
  /** The slab under the bars is looked for this many times the railing's height below it. */
  slab: number;
  /** …as its lowest line at least this share as strong as the strongest there. */
  slabShare: number;
  /** The handrail's line and the slab's lower line at least this strong, relative to the photo's mean row edge. */
  outline: number;
  /**
   * A balcony's top goes up over rows at least `railBusy` × the photo's mean row edge (the
   * rail's own edges, the railing's upper part) to the first calmer row, when that row is within
   * `railTop` superpixel sizes and the rows climbed are on average at least `railContrast` × as
   * busy as as many rows above it (0: never; docs/decisions/325).
   */
  railTop: number;
  railBusy: number;
  railContrast: number;
  /**
   * A balcony goes down over the rows under it at least `besideDarker` (OKLab lightness × 100)
   * darker than the wall beside them, whose hue is the wall's there (within `besideHue`), at most
   * `besideReach` × its height (0: never; docs/decisions/336-balcony-shade-beside-it.md).
   */
  besideDarker: number;
  besideHue: number;
  besideReach: number;
  /**
   * A balcony's foot gives back the rows, from its bottom up, that are within `footNear` (OKLab
   * × 100) of the wall beside them at the same rows: a string course or cornice running on along
   * the facade under it, not the balcony; at most `footMost` × its height (0: never). The row's
   * bars' edges (its colour change across the columns) must be alike too: within `footBars` ×
   * each other's, or both under `footCalm` × the photo's mean (docs/decisions/383).
   */
  footNear: number;
  footMost: number;
  footBars: number;
  footCalm: number;
  /**
   * A run of this many superpixel sizes of rows (at least 2) in a box's lower half, each like
   * the wall beside it (within `footGapNear`, OKLab × 100, bars' edges alike as `footBars` and
   * `footCalm` read them), ends the box above it (0: never; docs/decisions/600).
   */
  footGap: number;
  footGapNear: number;
  /**
   * A railing with fainter lines (at least this strong) is kept when a balcony outlined at
   * `outline` shares its floor: its handrail and slab lines within `partnerReach` superpixel
   * sizes (0: never; docs/decisions/183-balcony-partners-on-a-floor.md).
   */
  partnerOutline: number;
  partnerReach: number;
  /** …or when at least this many such fainter railings share its floor (0: never; docs/decisions/184). */
  partnerPeers: number;
  /**
   * Railings of one floor (the same handrail and slab lines) at most this many superpixel sizes
   * apart are pieces of one balcony: a fainter piece is kept beside another, and the gap between
   * kept pieces is cut with them (0: never; docs/decisions/205-balcony-pieces-joined.md).
   */
  joinReach: number;
  /**
   * A balcony takes the shade it casts on the wall under it (where its corbels stand, which the
   * CMP labels count as balcony): rows within `shadeReach` × its height below it, at least
   * `shadeDarker` (OKLab lightness × 100) darker than the wall further down, up to half-way
   * back to that wall's lightness, when the wall beside it is not as dark over those rows
   * (0: never; docs/decisions/239-balcony-shade.md).
   */
  shadeReach: number;
  shadeDarker: number;
  /**
   * That shade stops over the head of a found opening under the balcony across at least this
   * share of its width: the opening's glass or its hood's shadow is dark on its own, no shade
   * of the balcony (0: never; docs/decisions/551-balcony-shade-stops-at-an-opening.md).
   */
  shadeOpening: number;
  /**
   * A balcony found along a floor, between pieces or as a repeat takes the shade of a balcony
   * touching it on its floor whose own shade was taken, where its own rows down to there are
   * at least this much darker than the wall under them (0: never; docs/decisions/303).
   */
  shadeAlongDarker: number;
  /**
   * A railing standing on a deep slab is a balcony however faint its handrail (light bars on a
   * light wall): its slab's line at least `deepSlab` × the photo's mean row edge, its handrail's
   * at least `deepHandrail` ×, the slab's line within `deepReach` superpixel sizes under the
   * bars, and no stretch of it wider than that without a bar's edge (a pier, a panel: not one
   * railing). 0: never (docs/decisions/240-railings-on-deep-slabs.md).
   */
  deepSlab: number;
  deepHandrail: number;
  deepReach: number;
  /**
   * Where a found balcony repeats, at its size, with a likeness of at least `repeatLikeness`
   * (0: never), overlapping a found one by at most `repeatOverlap` of its area, is a balcony
   * too (docs/decisions/267-balcony-repeats.md).
   */
  repeatLikeness: number;
  repeatOverlap: number;
  /** Only balconies with a bar's edge in at least this share of their columns are examples. */
  repeatBars: number;
  /** A repeat is kept only where the vertical edges crossing it are at least this share of its example's. */
  repeatOwnBars: number;
  /** …and each half (left, right) at least this share of the same half of its example's (0: not asked). */
  repeatHalfBars: number;
  /** The floors searched include the repeats kept so far (0: only the balconies found). */
  repeatFloorsOfRepeats: number;
  /**
   * A balcony with a bar's edge in at least `alongExampleBars` of its columns goes on along its
   * floor, a superpixel size at a time, while its slab's line runs on at least `alongShare` as
   * strong as under it (0: never) and at least `alongLeast` × the photo's mean row edge, with a
   * bar's edge in at least `alongBars` of the stretch's columns between its handrail and slab
   * (docs/decisions/268-balconies-along-their-slab.md).
   */
  alongShare: number;
  alongLeast: number;
  alongBars: number;
  alongExampleBars: number;
  /**
   * Balconies stacked over each other are alike: one whose shade could not be read takes the
   * depth of one stacked over or under it, and a floor's run of pieces goes on to where the runs
   * stacked alike end (docs/decisions/323, 324; `balcony-stacks.ts`).
   */
  stack: BalconyStackTuning;
  /** Floor-long balconies with bars too faint for railing cells (docs/decisions/410). */
  faint: FaintRailingTuning;
  /**
   * A railing at a window's foot, passing both its sides, kept however faint its lines
   * (`outline` 0: never; docs/decisions/470).
   */
  windowFoot: WindowFootTuning;
  /**
   * A railing read beside a window's foot, its bars too sparse for railing cells (`busier` 0:
   * never; docs/decisions/530).
   */
  besideWindow: RailingBesideWindowTuning;
  /**
   * A balcony over a window goes down to the window's head: its consoles and the head between
   * them (`reach` in superpixel sizes; docs/decisions/415).
   */
  overWindow: Omit<BalconyOverWindowTuning, 'size'>;
}

export const defaultBalconyTuning: BalconyTuning = {
  edge: 2,
  density: 0.4,
  window: 5,
  columnShare: 0.5,
  bridge: 0.5,
  minimumWidth: 2,
  minimumHeight: 0.8,
  maximumHeight: 5,
  minimumAspect: 1.5,
  slab: 1,
  slabShare: 0.3,
  outline: 3,
  railTop: 1.5,
  railBusy: 0.5,
  railContrast: 3,
  besideDarker: 5,
  besideHue: 2,
  besideReach: 1,
  footNear: 4,
  footMost: 0.25,
  footBars: 1.5,
  footCalm: 0.1,
  footGap: 0.25,
  footGapNear: 1.5,
  partnerOutline: 2,
  partnerReach: 0.5,
  partnerPeers: 2,
  joinReach: 4,
  shadeReach: 1,
  shadeDarker: 15,
  shadeOpening: 0.5,
  shadeAlongDarker: 7.5,
  deepSlab: 5,
  deepHandrail: 1.5,
  deepReach: 1.5,
  repeatLikeness: 0.6,
  repeatOverlap: 0.3,
  repeatBars: 0.7,
  repeatOwnBars: 0.3,
  repeatHalfBars: 0.35,
  repeatFloorsOfRepeats: 1,
  alongShare: 0.7,
  alongLeast: 1.5,
  alongBars: 0.5,
  alongExampleBars: 0.8,
  stack: { depthShare: 0.8, depthRail: 0.25, depthDarker: 10, endsShare: 0.8, endsPeers: 3, endsReach: 0.25 },
  faint: defaultFaintRailingTuning,
  windowFoot: defaultWindowFootTuning,
  besideWindow: defaultRailingBesideWindowTuning,
  overWindow: { reach: 3.5, centre: 0.15, share: 0.5, aspect: 0.7, near: 6, own: 0.6, widen: 0.3 },
};

/**
 * Railing cells, on a grid of `step` pixels: within `half` cells either way along its row, at
 * least `density` of the cells hold a bar's edge (the strongest colour change across the row
 * within the cell at least `edge` × the photo's mean). `edges` marks the cells that hold one.
 */
function railingCells(image: FacadeImage, step: number, edge: number, density: number, half: number) {
  const { width, height, verticalEdgeSums } = image;
  const columns = Math.ceil(width / step);
  const rows = Math.ceil(height / step);
  let total = 0;
  for (let x = 0; x < width; x++) total += verticalEdgeSums[height * width + x] as number;
  const threshold = (edge * total) / (width * height);
  const cells = new Uint8Array(columns * rows);
  const edges = new Uint8Array(columns * rows);
  const bars = new Int32Array(columns + 1);
  for (let row = 0; row < rows; row++) {
    const y = Math.min(height - 1, row * step);
    for (let column = 0; column < columns; column++) {
      let strongest = 0;
      for (let x = column * step; x < Math.min(width, column * step + step); x++) {
        const gradient =
          (verticalEdgeSums[(y + 1) * width + x] as number) - (verticalEdgeSums[y * width + x] as number);
        if (gradient > strongest) strongest = gradient;
      }
      const isBar = strongest > threshold ? 1 : 0;
      bars[column + 1] = (bars[column] as number) + isBar;
      edges[row * columns + column] = isBar;
    }
    for (let column = 0; column < columns; column++) {
      const from = Math.max(0, column - half);
      const to = Math.min(columns - 1, column + half);
      const share = ((bars[to + 1] as number) - (bars[from] as number)) / (to - from + 1);
      if (share >= density) cells[row * columns + column] = 1;
    }
  }
  return { cells, edges, columns, rows };
}

interface Band {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Each row's runs of railing cells (at least `minimumWidth` long), grouped down the rows where they overlap. */
function railingBands(
  cells: Uint8Array,
  columns: number,
  rows: number,
  bridge: number,
  minimumWidth: number,
) {
  const open: Band[] = [];
  const bands: Band[] = [];
  for (let row = 0; row <= rows; row++) {
    const runs =
      row < rows
        ? runsOf((at) => cells[row * columns + at] === 1, columns, bridge).filter(
            ([from, to]) => to - from + 1 >= minimumWidth,
          )
        : [];
    const continued = new Set<Band>();
    for (const [from, to] of runs) {
      const band = open.find(
        (candidate) => !continued.has(candidate) && candidate.left <= to && candidate.right >= from,
      );
      if (band) {
        band.left = Math.min(band.left, from);
        band.right = Math.max(band.right, to);
        band.bottom = row;
        continued.add(band);
      } else {
        const fresh = { left: from, right: to, top: row, bottom: row };
        open.push(fresh);
        continued.add(fresh);
      }
    }
    for (let at = open.length - 1; at >= 0; at--) {
      const band = open[at] as Band;
      if (continued.has(band)) continue;
      bands.push(band);
      open.splice(at, 1);
    }
  }
  return bands;
}

/** The balconies of the photo as inclusive pixel rectangles, from the handrail to the slab's lower line. */
export function balconyOpenings(
  image: FacadeImage,
  tuning: BalconyTuning = defaultBalconyTuning,
): Rectangle[] {
  if (tuning.edge <= 0) return [];
  const { width, height, horizontalEdgeSums } = image;
  // The opening detector's grid (about 250 000 cells) and superpixel size, in cells.
  const step = Math.max(1, Math.round(Math.sqrt((width * height) / 250_000)));
  const cell = Math.sqrt((width * height) / image.superpixels.count) / step;
  const half = Math.max(1, Math.round((tuning.window * cell) / 2));
  const { cells, edges, columns, rows } = railingCells(image, step, tuning.edge, tuning.density, half);
  const deepReach = tuning.deepReach * cell;
  // The widest stretch of the band's columns from `left` to `right` without a bar's edge in any row.
  const widestWithoutBars = (band: Band, left: number, right: number) => {
    let run = 0;
    let widest = 0;
    for (let column = left; column <= right; column++) {
      let hasBar = false;
      for (let row = band.top; row <= band.bottom && !hasBar; row++)
        hasBar = edges[row * columns + column] === 1;
      run = hasBar ? 0 : run + 1;
      widest = Math.max(widest, run);
    }
    return widest;
  };
  // The share of the band's columns from `left` to `right` with a bar's edge in some row.
  const shareWithBars = (band: Band, left: number, right: number) => {
    let withBar = 0;
    for (let column = left; column <= right; column++) {
      for (let row = band.top; row <= band.bottom; row++) {
        if (edges[row * columns + column] !== 1) continue;
        withBar++;
        break;
      }
    }
    return withBar / (right - left + 1);
  };
  const bridge = Math.max(1, Math.round(tuning.bridge * cell));
  const minimumWidth = tuning.minimumWidth * cell;
  let rowTotal = 0;
  for (let y = 0; y < height; y++) rowTotal += horizontalEdgeSums[y * (width + 1) + width] as number;
  const meanRowEdge = rowTotal / (width * height);
  const snap = Math.max(1, Math.round(0.5 * cell * step));
  // Candidates down to the outline a balcony beside an outlined one needs (below).
  const weakest =
    tuning.partnerOutline > 0 ? Math.min(tuning.outline, tuning.partnerOutline) : tuning.outline;
  const candidates: Candidate[] = [];
  for (const band of railingBands(cells, columns, rows, bridge, minimumWidth)) {
    const bandRows = band.bottom - band.top + 1;
    // A textured wall (brick, sgraffito) is dense in edges over whole floors, not in a band.
    if (bandRows < tuning.minimumHeight * cell || bandRows > tuning.maximumHeight * cell) continue;
    const isRailing = (column: number) => {
      let count = 0;
      for (let row = band.top; row <= band.bottom; row++) count += cells[row * columns + column] as number;
      return count >= tuning.columnShare * bandRows;
    };
    for (const [from, to] of runsOf((at) => isRailing(band.left + at), band.right - band.left + 1, bridge)) {
      const left = band.left + from;
      const right = band.left + to;
      if (right - left + 1 < Math.max(minimumWidth, tuning.minimumAspect * bandRows)) continue;
      const imageLeft = left * step;
      const imageRight = Math.min(width - 1, right * step + step - 1);
      const rowStrength = (y: number) => rowEdge(image, y, imageLeft, imageRight);
      // The handrail (or a balustrade's coping): the strongest line near the band's top.
      const handrail = strongestLine(
        Math.max(0, band.top * step - snap),
        Math.min(height - 1, band.top * step + snap),
        rowStrength,
      );
      // The slab under the bars, and the corbels under it: the lowest line within `slab` ×
      // the railing's height below the bars at least `slabShare` as strong as the strongest
      // there (the slab's front edge is often stronger than its shaded underside).
      const barsBottom = Math.min(height - 1, band.bottom * step + step - 1);
      const reach = Math.min(
        height - 1,
        barsBottom + Math.round(tuning.slab * (barsBottom - handrail.at + 1)),
      );
      const slab = strongestLine(barsBottom + 1, reach, rowStrength);
      let outline = Math.min(handrail.strength, slab.strength) / meanRowEdge;
      // A railing standing on a deep slab, its bars all along it, is kept on its own however
      // faint its handrail (docs/decisions/240-railings-on-deep-slabs.md).
      const onDeepSlab =
        tuning.deepSlab > 0 &&
        outline < tuning.outline &&
        slab.strength >= tuning.deepSlab * meanRowEdge &&
        handrail.strength >= tuning.deepHandrail * meanRowEdge &&
        slab.at - barsBottom <= deepReach * step &&
        widestWithoutBars(band, left, right) <= deepReach;
      if (onDeepSlab) outline = Math.max(outline, weakest);
      // A railing before a window's foot, reaching past both its sides, is kept however faint
      // its lines (docs/decisions/470-balcony-at-a-window-foot.md).
      const atWindowFoot =
        tuning.windowFoot.outline > 0 &&
        outline < weakest &&
        outline >= tuning.windowFoot.outline &&
        railingAtWindowFoot(
          { left: imageLeft, top: handrail.at, right: imageRight, bottom: barsBottom },
          image.openings,
          cell * step,
          tuning.windowFoot,
        );
      if (atWindowFoot) outline = Math.max(outline, weakest);
      if (outline < weakest) continue;
      let bottom = slab.at;
      for (let y = reach; y > slab.at; y--) {
        if (rowStrength(y) < tuning.slabShare * slab.strength) continue;
        bottom = y;
        break;
      }
      candidates.push({
        box: { left: imageLeft, top: handrail.at, right: imageRight, bottom },
        slabLine: slab.at,
        outline,
        keptAlone: onDeepSlab || atWindowFoot,
        barShare: shareWithBars(band, left, right),
      });
    }
  }
  // A balcony with fainter lines (a lighter handrail, a slab in shade) is kept beside a clearly
  // outlined one on its floor, or beside `partnerPeers` fainter ones: the same handrail and
  // slab lines, within `partnerReach`.
  const outlined = candidates.filter((candidate) => candidate.outline >= tuning.outline);
  const partnerReach = tuning.partnerReach * cell * step;
  const near = (a: number, b: number) => Math.abs(a - b) <= partnerReach;
  const sameFloor = (a: Candidate, b: Candidate) =>
    a !== b && near(a.box.top, b.box.top) && near(a.slabLine, b.slabLine);
  // Pieces of one railing: on one floor, the gap between them at most `joinReach`.
  const joinReach = tuning.joinReach * cell * step;
  const isPiece = (a: Candidate, b: Candidate) =>
    tuning.joinReach > 0 &&
    sameFloor(a, b) &&
    Math.max(a.box.left - b.box.right, b.box.left - a.box.right) <= joinReach;
  const partners = candidates.filter(
    (candidate) =>
      candidate.outline < tuning.outline &&
      (outlined.some((other) => sameFloor(other, candidate)) ||
        (tuning.partnerPeers > 0 &&
          candidates.filter((other) => sameFloor(other, candidate)).length >= tuning.partnerPeers) ||
        candidates.some((other) => isPiece(other, candidate))),
  );
  const kept = [
    ...outlined,
    ...partners,
    ...candidates.filter(
      (candidate) => candidate.keptAlone && !partners.includes(candidate) && !outlined.includes(candidate),
    ),
  ];
  // The gap between two kept pieces of a railing (a pier, a window's dark glass behind the
  // bars where no bar shows) is balcony too.
  const gaps: Rectangle[] = [];
  for (const a of kept) {
    for (const b of kept) {
      if (a.box.right >= b.box.left || !isPiece(a, b)) continue;
      gaps.push({
        left: a.box.right,
        top: Math.min(a.box.top, b.box.top),
        right: b.box.left,
        bottom: Math.max(a.box.bottom, b.box.bottom),
      });
    }
  }
  // Each balcony found (not the gaps between pieces) is an example of the facade's balconies:
  // those it repeats as are found too, each taking its own shade below (docs/decisions/267).
  const examples = kept
    .filter((candidate) => candidate.barShare >= tuning.repeatBars)
    .map((candidate) => ({ ...candidate.box, bottom: candidate.slabLine }));
  // A balcony with bars all along it goes on along its floor while its slab and bars do
  // (docs/decisions/268-balconies-along-their-slab.md).
  const along = kept
    .filter((candidate) => candidate.barShare >= tuning.alongExampleBars)
    .flatMap((candidate) => {
      const top = Math.floor(candidate.box.top / step);
      const bottom = Math.min(rows - 1, Math.floor(candidate.slabLine / step));
      return balconyAlongItsFloor(
        image,
        candidate.box,
        candidate.slabLine,
        { share: tuning.alongShare, least: tuning.alongLeast * meanRowEdge, stretch: cell * step },
        (from, to) => {
          const left = Math.floor(from / step);
          const right = Math.min(columns - 1, Math.floor(to / step));
          return shareWithBars({ left, right, top, bottom }, left, right) >= tuning.alongBars;
        },
      );
    });
  const repeats = balconyRepeats(
    image,
    examples,
    [...kept.map((candidate) => candidate.box), ...gaps],
    {
      likeness: tuning.repeatLikeness,
      overlap: tuning.repeatOverlap,
      ownBars: tuning.repeatOwnBars,
      halfBars: tuning.repeatHalfBars,
      floorsOfRepeats: tuning.repeatFloorsOfRepeats > 0,
    },
    step,
  );
  const foundBoxes = [...kept.map((candidate) => candidate.box), ...along, ...gaps, ...repeats];
  // Floor-long balconies whose bars are too faint for railing cells (docs/decisions/410).
  const faint = faintRailingsOnFloors(image, foundBoxes, meanRowEdge, cell * step, tuning.faint);
  const boxes = [...foundBoxes, ...faint];
  if (tuning.shadeReach <= 0) return boxes;
  const shaded = boxes.map((box) =>
    withShade(image, box, tuning.shadeReach, tuning.shadeDarker, cell * step, tuning.shadeOpening),
  );
  // The stretches, gaps and repeats beside a shaded balcony of their floor take its shade: their
  // own is judged beside them, where the same slab's shadow runs on, and read as a cornice's
  // (docs/decisions/303-balcony-shade-along-its-floor.md).
  const givers = boxes
    .map((box, at) => ({ box, bottom: (shaded[at] as Rectangle).bottom }))
    .filter((giver) => giver.bottom > giver.box.bottom);
  const alongShaded =
    tuning.shadeAlongDarker <= 0
      ? shaded
      : shaded.map((own, at) => {
          if (at < kept.length) return own;
          const box = boxes[at] as Rectangle;
          let bottom = own.bottom;
          for (const giver of givers) {
            if (giver.bottom <= bottom || !near(giver.box.top, box.top)) continue;
            if (Math.max(giver.box.left - box.right, box.left - giver.box.right) > step) continue;
            // Within the reach its own shade is looked for in (`withShade`).
            if (giver.bottom - box.bottom > tuning.shadeReach * (box.bottom - box.top + 1)) continue;
            if (isShaded(image, box, giver.bottom, tuning.shadeAlongDarker, cell * step))
              bottom = giver.bottom;
          }
          return bottom === own.bottom ? own : { ...own, bottom };
        });
  // Balconies stacked over each other are built alike: the depth of those whose shade was read,
  // then the ends of the floor-long ones (docs/decisions/323, 324).
  const sameTop = (a: Rectangle, b: Rectangle) => near(a.top, b.top);
  const deep = stackedDepths(image, boxes, alongShaded, sameTop, tuning.stack, cell * step);
  const climb = Math.round(tuning.railTop * cell * step);
  const size = Math.max(1, Math.round(cell * step));
  // A string course or cornice running on under it stays wall (docs/decisions/383).
  const course = {
    near: tuning.footNear,
    most: tuning.footMost,
    bars: tuning.footBars,
    calm: tuning.footCalm * meanBars(image),
    size,
  };
  const railed = [...deep, ...stackedEnds(deep, sameTop, tuning.stack, step)].map((box) =>
    tuning.railTop > 0
      ? upToTheRail(image, box, climb, tuning.railBusy * meanRowEdge, tuning.railContrast)
      : box,
  );
  const overWindow = {
    ...tuning.overWindow,
    reach: Math.round(tuning.overWindow.reach * cell * step),
    size,
  };
  const footed = railed
    .map((box) => (tuning.footNear > 0 ? withoutCourseUnder(image, box, railed, course) : box))
    .map((box) =>
      tuning.besideDarker > 0
        ? inShadeBesideIt(image, box, tuning.besideDarker, tuning.besideHue, tuning.besideReach, size)
        : box,
    );
  // Plain wall across the box's lower half ends it above (docs/decisions/600).
  const gap = { ...course, near: tuning.footGapNear, gap: Math.max(2, Math.round(tuning.footGap * size)) };
  const gapped = tuning.footGap > 0 ? footed.map((box) => aboveAWallGap(image, box, footed, gap)) : footed;
  const balconies = gapped.map((box) => downToTheWindowUnder(image, box, image.openings, gapped, overWindow));
  // Railings read beside a window's foot, too sparse for railing cells, from their handrail to
  // their slab's line: no shade or stack steps, which read a slab's depth from lines and shade
  // that a cast-iron railing's consoles confuse (docs/decisions/530).
  const besideWindows = railingsBesideWindows(image, image.openings, cell * step, tuning.besideWindow);
  return [
    ...balconies,
    ...besideWindows.map((box) =>
      tuning.railTop > 0
        ? upToTheRail(image, box, climb, tuning.railBusy * meanRowEdge, tuning.railContrast)
        : box,
    ),
  ];
}

/**
 * The balcony grown down over the wall in its slab's shade, where its corbels stand (the CMP
 * labels count them as balcony): the rows under it, over its width, at least `darker` darker
 * than the wall beside them at the same rows and of that wall's hue (within `hue`, OKLab a and b
 * × 100: a grey shutter or dark glass below is no shade of a yellow render), at most `reach` × its
 * height. Decision 239's shade compares with the wall further down, which under a French
 * balcony is the next window's head or the corbels' foot; the wall beside is read a superpixel
 * size (`size`) away from the box's sides, since the slab reaches past the railing, over a
 * superpixel size, both sides within the photo that are there (docs/decisions/336). The last
 * step, on the boxes as they end.
 */
function inShadeBesideIt(
  image: FacadeImage,
  box: Rectangle,
  darker: number,
  hue: number,
  reach: number,
  size: number,
): Rectangle {
  const lowest = Math.min(image.height - 1, box.bottom + Math.round(reach * (box.bottom - box.top + 1)));
  const sides = besideStrips(image, box, size);
  if (sides.length === 0) return box;
  let bottom = box.bottom;
  for (let y = box.bottom + 1; y <= lowest; y++) {
    const own = rowColour(image, y, box.left, box.right);
    const isShade = sides.every(([left, right]) => {
      const wall = rowColour(image, y, left, right);
      return wall[0] - own[0] >= darker && Math.hypot(wall[1] - own[1], wall[2] - own[2]) <= hue;
    });
    if (!isShade) break;
    bottom = y;
  }
  return bottom === box.bottom ? box : { ...box, bottom };
}

/**
 * The balcony's foot without the string course or cornice running on under it
 * (docs/decisions/383): decision 155's bottom is the lowest line within the railing's height
 * under the bars, often the lower edge of a course the slab sits on or of the cornice under a
 * balustrade, which the labels count as wall. From the bottom up, at most `most` × the height,
 * a row goes back to the wall while, on both sides (read as decision 336 reads them, a
 * superpixel size away, neither within another balcony), the row or one either way is within
 * `near` of its colour and alike in bars' edges: a railing's bars, a slab in shade or the
 * balcony's corbels are not the facade beside it.
 */
function withoutCourseUnder(
  image: FacadeImage,
  box: Rectangle,
  others: readonly Rectangle[],
  tuning: CourseTuning,
): Rectangle {
  // Both sides, as a string course runs on both ways.
  const sides = facadeBeside(image, box, others, tuning.size);
  if (sides.length < 2) return box;
  const highest = box.bottom - Math.floor(tuning.most * (box.bottom - box.top + 1));
  let bottom = box.bottom;
  while (bottom > highest && isLikeTheWallBeside(image, bottom, box, sides, tuning)) bottom--;
  return bottom === box.bottom ? box : { ...box, bottom };
}

/**
 * The strips beside `box` a superpixel size (`size`) away (decision 336's), those within
 * another balcony of `others` left out: beside it must be the facade, not another balcony (a
 * floor-long one found in pieces).
 */
function facadeBeside(
  image: FacadeImage,
  box: Rectangle,
  others: readonly Rectangle[],
  size: number,
): [number, number][] {
  return besideStrips(image, box, size).filter(
    ([left, right]) =>
      !others.some(
        (other) =>
          other !== box &&
          other.left <= right &&
          other.right >= left &&
          other.top <= box.bottom &&
          other.bottom >= box.top,
      ),
  );
}

/**
 * Whether row `y` over the box's width is, on every side strip, within `near` of the wall's
 * colour and alike in bars' edges (decision 383's reading): at the row itself or one either
 * way, as a course a pixel higher or lower along the facade (the photo's tilt) is the same.
 */
function isLikeTheWallBeside(
  image: FacadeImage,
  y: number,
  box: Rectangle,
  sides: readonly [number, number][],
  tuning: CourseTuning,
): boolean {
  const alike = (own: number, wall: number) =>
    own <= tuning.bars * wall + tuning.calm && wall <= tuning.bars * own + tuning.calm;
  const own = rowColour(image, y, box.left, box.right);
  const ownBars = barsOver(image, box.left, box.right, y, y);
  return sides.every(([left, right]) => {
    for (let row = Math.max(0, y - 1); row <= Math.min(image.height - 1, y + 1); row++) {
      const wall = rowColour(image, row, left, right);
      const near = Math.hypot(wall[0] - own[0], wall[1] - own[1], wall[2] - own[2]) <= tuning.near;
      if (near && alike(ownBars, barsOver(image, left, right, row, row))) return true;
    }
    return false;
  });
}

/**
 * The balcony over the wall its box's lower half runs across: the first run of `gap` rows in
 * that half that are, on both sides, like the wall beside them (decision 383's reading, within
 * a closer `near`: a slab of the wall's own stone is a shade lighter or darker) ends the box
 * above it. Decision 155's bottom is the lowest strong line within the railing's height
 * under the bars, which under a French balcony is often the head of the window below, with
 * plain wall between it and the slab (docs/decisions/600-balcony-foot-over-a-wall-gap.md).
 */
function aboveAWallGap(
  image: FacadeImage,
  box: Rectangle,
  others: readonly Rectangle[],
  tuning: CourseTuning & { gap: number },
): Rectangle {
  const sides = facadeBeside(image, box, others, tuning.size);
  if (sides.length < 2) return box;
  let run = 0;
  for (let y = box.top + Math.ceil((box.bottom - box.top + 1) / 2); y <= box.bottom; y++) {
    run = isLikeTheWallBeside(image, y, box, sides, tuning) ? run + 1 : 0;
    if (run >= tuning.gap) return { ...box, bottom: y - run };
  }
  return box;
}

interface CourseTuning {
  near: number;
  most: number;
  bars: number;
  /** Bars' edges this weak count as calm whatever the ratio (the photo's mean × `footCalm`). */
  calm: number;
  /** A superpixel size, in pixels. */
  size: number;
}

/**
 * The balcony's top up to its rail's upper edge. The strongest line near a railing band's top
 * is often the rail's lower edge or the bars' upper ends: the railing's upper part before a
 * window's dark glass shows no bars (docs/decisions/325). Rows at least `busy` strong (the
 * rail's edges, the railing's pattern) are climbed to the first calm one within `reach` rows,
 * the wall or glass above; the rows climbed must be on average `contrast` × as busy as as many
 * rows above (at least 3): over a textured wall (sgraffito, brick), busy above a handrail too,
 * or with no calm row that near, the top stays. Only after the shade (docs/decisions/239) and
 * the stacks (323, 324), which read the railing's height from the handrail's line.
 */
function upToTheRail(
  image: FacadeImage,
  box: Rectangle,
  reach: number,
  busy: number,
  contrast: number,
): Rectangle {
  const strength = (y: number) => rowEdge(image, Math.max(0, y), box.left, box.right);
  const highest = Math.max(0, box.top - reach);
  let y = box.top - 1;
  let climbed = 0;
  while (y >= highest && strength(y) >= busy) {
    climbed += strength(y);
    y--;
  }
  const count = box.top - 1 - y;
  if (count === 0 || y < highest) return box;
  const above = Math.max(3, count);
  let calm = 0;
  for (let row = y; row > y - above; row--) calm += strength(row);
  return climbed / count >= contrast * (calm / above) ? { ...box, top: y + 1 } : box;
}

/**
 * Whether the rows under `box` down to `bottom` are, over its width, at least `darker` darker
 * on average than the wall in the `size` rows below them: the balcony's own rows are in the
 * shade too, not lit wall that a neighbour's shade would take along.
 */
function isShaded(image: FacadeImage, box: Rectangle, bottom: number, darker: number, size: number): boolean {
  const wallEnd = Math.min(image.height - 1, bottom + Math.max(1, Math.round(size)));
  if (wallEnd <= bottom || bottom <= box.bottom) return false;
  let wall = 0;
  for (let y = bottom + 1; y <= wallEnd; y++) wall += rowLightness(image, y, box.left, box.right);
  let shade = 0;
  for (let y = box.bottom + 1; y <= bottom; y++) shade += rowLightness(image, y, box.left, box.right);
  return wall / (wallEnd - bottom) - shade / (bottom - box.bottom) >= darker;
}

/**
 * The balcony grown down over the shade it casts on the wall under it: the slab's line ends a
 * balcony at the slab, but its corbels hang below in the slab's shadow. The wall's lightness is
 * read over the balcony's width just beyond `reach` × its height below it (`size`, a superpixel
 * size, high). Rows down from the balcony are shade while they are darker than half-way between
 * the darkest of them and that wall, when the darkest is at least `darker` below the wall. A
 * cornice's or string course's shadow runs on along the facade: where the rows beside the
 * balcony (a superpixel size either side) are as dark, the shade is not the balcony's own. Nor
 * is a found opening's under the balcony, across at least `opening` of its width: the shade
 * stops over its head (docs/decisions/551-balcony-shade-stops-at-an-opening.md).
 */
function withShade(
  image: FacadeImage,
  box: Rectangle,
  reach: number,
  darker: number,
  size: number,
  opening: number,
): Rectangle {
  const lowest = Math.min(image.height - 1, box.bottom + Math.round(reach * (box.bottom - box.top + 1)));
  const wallEnd = Math.min(image.height - 1, lowest + Math.max(1, Math.round(size)));
  if (wallEnd <= lowest) return box;
  let wall = 0;
  for (let y = lowest + 1; y <= wallEnd; y++) wall += rowLightness(image, y, box.left, box.right);
  wall /= wallEnd - lowest;
  const rows: number[] = [];
  for (let y = box.bottom + 1; y <= lowest; y++) rows.push(rowLightness(image, y, box.left, box.right));
  const darkest = Math.min(...rows);
  if (wall - darkest < darker) return box;
  const limit = (darkest + wall) / 2;
  // Down to the darkest row while the rows stay dark, then on while they are below the limit.
  let bottom = box.bottom;
  let pastDarkest = false;
  for (const lightness of rows) {
    if (lightness === darkest) pastDarkest = true;
    if (lightness >= (pastDarkest ? limit : wall - darker / 2)) break;
    bottom++;
  }
  if (opening > 0) {
    const shadeFoot = bottom;
    for (const found of image.openings) {
      const across = Math.min(found.right, box.right) - Math.max(found.left, box.left) + 1;
      if (across < opening * (box.right - box.left + 1)) continue;
      // Its head within the shade or on the box's foot line (a row or two either way), and it
      // reaches as far down as the shade: not a band of the shade found as an opening.
      if (found.top >= box.bottom - 2 && found.top <= bottom && found.bottom >= shadeFoot)
        bottom = Math.max(box.bottom, found.top - 1);
    }
  }
  if (bottom === box.bottom) return box;
  const strip = Math.max(1, Math.round(size));
  const beside: number[] = [];
  for (const [from, to] of [
    [box.left - strip, box.left - 1],
    [box.right + 1, box.right + strip],
  ] as const) {
    const left = Math.max(0, from);
    const right = Math.min(image.width - 1, to);
    if (right - left + 1 < strip / 2) continue;
    let sum = 0;
    for (let y = box.bottom + 1; y <= bottom; y++) sum += rowLightness(image, y, left, right);
    beside.push(sum / (bottom - box.bottom));
  }
  // With no wall beside it in the photo a shade cannot be told from a cornice's shadow: the
  // balcony stays as it was.
  if (beside.length === 0 || beside.every((lightness) => lightness < limit)) return box;
  return { ...box, bottom };
}

interface Candidate {
  box: Rectangle;
  /** The slab's strongest line (its front edge). */
  slabLine: number;
  /** The weaker of the handrail's and the slab's lines, relative to the photo's mean row edge. */
  outline: number;
  /**
   * Kept on its own however faint its lines, for either of two reasons: a railing standing on a
   * deep slab, its bars all along it (decision 240), or a railing before a window's foot,
   * reaching past both its sides (decision 470).
   */
  keptAlone: boolean;
  /** The share of its columns that cross a bar's edge. */
  barShare: number;
}
