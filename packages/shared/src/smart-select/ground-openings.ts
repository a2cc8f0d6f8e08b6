/**
 * Openings of a facade's ground floor (doors, shop fronts, garage doors, arcades), found once
 * per photo and cut from every wall click. The opening detector (docs/decisions/051) cuts a
 * map of pixels darker than their neighbourhood, which a shop front or a garage door wider
 * than that neighbourhood is not, and keeps cuts off the facade's grid only when outlined far
 * more strongly than a window (the ground floor rarely lies on the grid of the floors above):
 * it found 3 % of the doors' and 7 % of the shop fronts' pixels (docs/decisions/126). Here a
 * ground opening is a run of columns at the photo's foot that are mostly darker than the
 * foot's own wall (glass, a recess, a door leaf in its shade), grown up while its rows stay
 * so, whose two sides lie on strong straight vertical lines. Measured: docs/decisions/140, 156,
 * 421, 475.
 */
import type { FacadeImage, Rectangle } from './facade-select.ts';
import { boxColour, columnEdge } from './opening-rectangle.ts';
import { meanBars } from './row-measures.ts';
import { runsOf } from './runs.ts';

export interface GroundTuning {
  /** The foot of the photo searched for the openings' columns, as a share of its height (0: none). */
  probe: number;
  /** How high an opening may reach, as a share of the photo's height from its foot. */
  reach: number;
  /** A cell is unlike the ground floor's wall when this much darker (OKLab lightness × 100)… */
  darkness: number;
  /** …than this quantile of the foot's lightness (the wall is its lighter part). */
  wallQuantile: number;
  /** A column belongs to an opening when at least this share of its probed cells are unlike the wall… */
  columnFill: number;
  /** …and a row above the probe when at least this share of its cells in the run are. */
  rowFill: number;
  /** At least this many superpixel sizes wide and high, at most this share of the photo wide. */
  minimumWidth: number;
  minimumHeight: number;
  maximumWidthShare: number;
  /** Both vertical sides at least this strong an edge, relative to the photo's mean edge. */
  outline: number;
  /**
   * The head moves down to the lowest row where the run steps from lighter above to darker
   * below by at least this share of the strongest such step above the probe (0: off).
   */
  lintel: number;
  /**
   * Neighbouring runs that are no opening alone are joined across gaps up to this many
   * superpixel sizes, when the joined run is one and darker than the piers beside it (0: never).
   */
  join: number;
  /**
   * The piers a joined run must be darker than are this many superpixel sizes wide, just
   * outside both its sides (0: the piers' test off).
   */
  joinPier: number;
  /**
   * At most this many runs are joined into one: a highlight or a shutter's slats break an
   * opening a few times; a fence's or a row of bikes' bars make dozens of runs.
   */
  joinRuns: number;
  /**
   * An opening goes on past a post (a lamp post, a pole) before it over the runs beyond, each
   * gap at most this many superpixel sizes (0: never)…
   */
  post: number;
  /** …when those columns, the post's with the runs', rise within this share of its own columns' height as high as they do… */
  postHead: number;
  /** …and the runs beyond are together at least this many superpixel sizes wide (docs/decisions/475-ground-opening-past-a-post.md). */
  postWidth: number;
  /**
   * A run with one side strong and the other not ends at the strongest line inside it over the
   * probe's rows, at least this many superpixel sizes from both its ends, when that line is as
   * strong as a side must be (0: never; docs/decisions/520-ground-opening-inner-jamb.md).
   */
  innerJamb: number;
  /**
   * The head rises while both sides go on as strong lines and its rows are this much darker than
   * the wall beside them (0: never)…
   */
  riseDarkness: number;
  /** …across lighter rows of at most this many superpixel sizes in all (docs/decisions/521-ground-opening-head-rise.md). */
  riseGap: number;
}

/** The ground floor's openings as inclusive pixel rectangles reaching the photo's foot. */
export function groundOpenings(image: FacadeImage, tuning: GroundTuning): Rectangle[] {
  const { width, height, lab, verticalEdgeSums, horizontalEdgeSums } = image;
  if (tuning.probe <= 0) return [];
  // The opening detector's grid (about 250 000 cells) and superpixel size.
  const step = Math.max(1, Math.round(Math.sqrt((width * height) / 250_000)));
  const cell = Math.sqrt((width * height) / image.superpixels.count);
  const columns = Math.ceil(width / step);
  const reachTop = Math.max(0, Math.floor(height * (1 - tuning.reach)));
  const rows = Math.ceil((height - reachTop) / step);
  const lightnessAt = (column: number, row: number) =>
    lab[
      (Math.min(height - 1, reachTop + row * step) * width + Math.min(width - 1, column * step)) * 3
    ] as number;
  const probeTop = Math.max(0, rows - Math.max(1, Math.round((tuning.probe * height) / step)));
  // The foot's wall, not the main wall's: a ground floor is often of another stone, or in the
  // shade of trees and the street (a main-wall reference scored walls 0.677 against 0.697).
  const probed: number[] = [];
  for (let row = probeTop; row < rows; row++) {
    for (let column = 0; column < columns; column++) probed.push(lightnessAt(column, row));
  }
  probed.sort((a, b) => a - b);
  const wall = probed[Math.floor(tuning.wallQuantile * (probed.length - 1))] as number;
  const unlike = new Uint8Array(columns * rows);
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      if (lightnessAt(column, row) < wall - tuning.darkness) unlike[row * columns + column] = 1;
    }
  }
  const columnFull: boolean[] = [];
  for (let column = 0; column < columns; column++) {
    let count = 0;
    for (let row = probeTop; row < rows; row++) count += unlike[row * columns + column] as number;
    columnFull.push(count >= tuning.columnFill * (rows - probeTop));
  }
  const bridge = Math.max(1, Math.round((0.3 * cell) / step));
  const meanEdge = meanBars(image);
  const snapReach = Math.max(1, Math.round(0.5 * cell));
  // The position within `snapReach` of `around` where `strength` is highest.
  const strongest = (around: number, high: number, strength: (position: number) => number) => {
    let best = around;
    let bestStrength = -1;
    for (let at = Math.max(0, around - snapReach); at <= Math.min(high, around + snapReach); at++) {
      const value = strength(at);
      if (value > bestStrength) {
        bestStrength = value;
        best = at;
      }
    }
    return { at: best, strength: bestStrength };
  };
  const found: Rectangle[] = [];
  // The mean vertical edge along the pixel column `x` from the row `top` to the photo's foot.
  const sideStrength = (x: number, top: number) =>
    ((verticalEdgeSums[height * width + x] as number) - (verticalEdgeSums[top * width + x] as number)) /
    (height - top);
  // Up from the probe while the rows of columns `from`…`to` stay unlike the wall (a transom's
  // bar bridged): the row the run reaches.
  const grownTop = (from: number, to: number) => {
    const rowFull = (row: number) => {
      let count = 0;
      for (let column = from; column <= to; column++) count += unlike[row * columns + column] as number;
      return count >= tuning.rowFill * (to - from + 1);
    };
    let top = probeTop;
    let gap = 0;
    for (let row = probeTop - 1; row >= 0; row--) {
      if (rowFull(row)) {
        top = row;
        gap = 0;
      } else if (++gap > bridge) break;
    }
    return top;
  };
  // A run with one strong side and one weak: a tree's leaves, a shade or a dark car beside the
  // opening run on past its other jamb, and hide that jamb higher up. Over the probe's rows
  // (where the run's columns were found dark) the jamb still shows: the strongest vertical line
  // inside the run, at least `innerJamb` superpixel sizes from both its ends, as strong as a
  // side must be (`outline`). The opening ends there
  // (docs/decisions/520-ground-opening-inner-jamb.md).
  const innerJamb = (left: number, right: number) => {
    const gap = Math.round(tuning.innerJamb * cell);
    const probeY = reachTop + probeTop * step;
    let best: { at: number; strength: number } | undefined;
    for (let x = left + gap; x <= right - gap; x++) {
      const strength = sideStrength(x, probeY);
      if (strength >= tuning.outline * meanEdge && strength > (best?.strength ?? 0))
        best = { at: x, strength };
    }
    return best;
  };
  // The opening a run of columns `from`…`to` makes with the strength of its weaker side, or
  // none; `jamb`, one side already found (`innerJamb`).
  const openingOf = (
    from: number,
    to: number,
    jamb?: { at: number; strength: number; isLeft: boolean },
  ): { box: Rectangle; sides: number } | undefined => {
    const runWidth = (to - from + 1) * step;
    if (runWidth < tuning.minimumWidth * cell || runWidth > tuning.maximumWidthShare * width)
      return undefined;
    // The head: the lowest row where the run steps from lighter above to darker below by at
    // least `lintel` of the strongest such step between `grownTop` and the probe. Rows grown
    // through a porch's or a pediment's shade are unlike the wall too, and the step into that
    // shade is often the strongest; the door's own leaf or glass starts lower, with a step of
    // its own. A transom bar has glass on both sides: no step (docs/decisions/156).
    const lintelRow = (grownTop: number) => {
      const band = Math.max(1, Math.round((0.3 * cell) / step));
      const first = Math.max(0, grownTop - band);
      const means: number[] = [];
      for (let row = first; row <= Math.min(rows - 1, probeTop + band); row++) {
        let sum = 0;
        for (let column = from; column <= to; column++) sum += lightnessAt(column, row);
        means.push(sum / (to - from + 1));
      }
      const meanAt = (row: number) => means[Math.min(means.length - 1, Math.max(0, row - first))] as number;
      const stepAt = (row: number) => {
        let change = 0;
        for (let k = 0; k < band; k++) change += meanAt(row - 1 - k) - meanAt(row + k);
        return change / band;
      };
      let strongest = 0;
      for (let row = grownTop; row < probeTop; row++) strongest = Math.max(strongest, stepAt(row));
      for (let row = probeTop - 1; row > grownTop; row--) {
        const change = stepAt(row);
        if (change >= tuning.darkness && change >= tuning.lintel * strongest) return row;
      }
      return grownTop;
    };
    let top = grownTop(from, to);
    if (tuning.lintel > 0) top = lintelRow(top);
    const pixelTop = reachTop + top * step;
    const bottom = height - 1;
    if (bottom - pixelTop + 1 < tuning.minimumHeight * cell) return undefined;
    // Sides on the strongest straight vertical lines near the run's ends: a door's or a shop
    // front's jambs are; a car, a person or a shadow at the foot has no such sides.
    const columnStrength = (x: number) => sideStrength(x, pixelTop);
    const left = jamb?.isLeft ? jamb : strongest(from * step, width - 1, columnStrength);
    const right =
      jamb && !jamb.isLeft
        ? jamb
        : strongest(Math.min(width - 1, to * step + step - 1), width - 1, columnStrength);
    const needed = tuning.outline * meanEdge;
    const isLeftStrong = left.strength >= needed;
    const isOneSided = isLeftStrong !== right.strength >= needed;
    if (!jamb && tuning.innerJamb > 0 && isOneSided && right.at > left.at) {
      const inner = innerJamb(left.at, right.at);
      if (inner) {
        return isLeftStrong
          ? openingOf(from, Math.floor(inner.at / step), { ...inner, isLeft: false })
          : openingOf(Math.ceil(inner.at / step), to, { ...inner, isLeft: true });
      }
    }
    if (Math.min(left.strength, right.strength) < needed || right.at <= left.at) return undefined;
    const rowStrength = (y: number) =>
      ((horizontalEdgeSums[y * (width + 1) + right.at + 1] as number) -
        (horizontalEdgeSums[y * (width + 1) + left.at] as number)) /
      (right.at - left.at + 1);
    const head = strongest(pixelTop, bottom, rowStrength);
    return {
      box: { left: left.at, top: head.at, right: right.at, bottom },
      sides: Math.min(left.strength, right.strength),
    };
  };
  // Mean lightness over the probe's rows of the pixel columns `left`…`right` (clamped to the photo).
  const probeY = reachTop + probeTop * step;
  const bandMean = (left: number, right: number) => {
    let sum = 0;
    let count = 0;
    for (let y = probeY; y < height; y += step) {
      for (let x = Math.max(0, left); x <= Math.min(width - 1, right); x += step) {
        sum += lab[(y * width + x) * 3] as number;
        count++;
      }
    }
    return count > 0 ? sum / count : Number.NaN;
  };
  // A joined run's inside is darker than the piers just outside both its sides (`joinPier`
  // superpixel sizes wide, over the probe's rows): the join is weaker evidence than one run, and
  // a glass kiosk before the wall joins too, with a dark doorway beside it
  // (docs/decisions/421-ground-runs-joined.md).
  const pier = Math.max(1, Math.round(tuning.joinPier * cell));
  const isDarkerThanPiers = (opening: Rectangle) => {
    if (tuning.joinPier <= 0) return true;
    const inside = bandMean(opening.left + 1, opening.right - 1);
    const outside = Math.min(
      opening.left > 0 ? bandMean(opening.left - pier, opening.left - 1) : Number.POSITIVE_INFINITY,
      opening.right < width - 1
        ? bandMean(opening.right + 1, opening.right + pier)
        : Number.POSITIVE_INFINITY,
    );
    return inside <= outside - tuning.darkness;
  };
  // Neighbouring runs that are no opening alone are one when joined across gaps of at most
  // `join` superpixel sizes: a shutter's lighter slats or a highlight on a door's leaves break
  // one opening's dark columns, and neither piece reaches both jambs. Of a chain of such runs
  // (each gap that small), every stretch of two or more consecutive runs is tried, the one
  // whose weaker side is strongest is kept, and the chain's parts on either side of it are
  // searched the same way: a dark post beside a split door joins the door's nearer half too,
  // on weaker sides than the door's own two jambs (docs/decisions/421-ground-runs-joined.md).
  const joinGap = tuning.join * cell;
  const joinChain = (chain: Array<[number, number]>) => {
    let best: { box: Rectangle; sides: number; first: number; last: number } | undefined;
    for (let first = 0; first < chain.length - 1; first++) {
      const from = (chain[first] as [number, number])[0];
      for (let last = first + 1; last < Math.min(chain.length, first + tuning.joinRuns); last++) {
        const to = (chain[last] as [number, number])[1];
        if ((to - from + 1) * step > tuning.maximumWidthShare * width) break;
        const joined = openingOf(from, to);
        // On the same weaker side, the fewer runs: each join is weaker evidence.
        if (!joined) continue;
        const isBetter =
          !best ||
          joined.sides > best.sides ||
          (joined.sides === best.sides && last - first < best.last - best.first);
        if (!isBetter || !isDarkerThanPiers(joined.box)) continue;
        best = { ...joined, first, last };
      }
    }
    if (!best) return;
    joinChain(chain.slice(0, best.first));
    found.push(best.box);
    joinChain(chain.slice(best.last + 1));
  };
  let chain: Array<[number, number]> = [];
  const runs = runsOf((at) => columnFull[at] === true, columnFull.length, bridge);
  const alones: Array<Rectangle | undefined> = [];
  for (const [from, to] of runs) {
    const alone = openingOf(from, to);
    alones.push(alone?.box);
    const previous = chain[chain.length - 1];
    if (alone || !previous || (from - previous[1] - 1) * step > joinGap) {
      if (tuning.join > 0) joinChain(chain);
      chain = [];
    }
    if (alone) found.push(alone.box);
    else chain.push([from, to]);
  }
  if (tuning.join > 0) joinChain(chain);
  if (tuning.post > 0) {
    for (let at = 0; at < runs.length; at++) {
      const box = alones[at];
      if (box) passPost(box, at, -1);
      if (box) passPost(box, at, 1);
    }
  }
  if (tuning.riseDarkness > 0) for (const box of found) riseBeside(box);
  return found;

  // The foot's wall is often darker than the ground floor's wall higher up (a plinth, the
  // street's shade), and a sign or a light panel may part an opening's dark rows: the head goes
  // on up, band by band, while both sides go on as strong vertical lines (`outline`) and the
  // band is `riseDarkness` darker than the wall just beside it on the same rows, across lighter
  // bands of at most `riseGap` superpixel sizes in all
  // (docs/decisions/521-ground-opening-head-rise.md).
  function riseBeside(box: Rectangle) {
    const band = Math.max(2, Math.round(0.3 * cell));
    const boxWidth = box.right - box.left + 1;
    const inset = Math.max(2, Math.round(0.1 * boxWidth));
    const strip = Math.max(5, Math.round(0.2 * boxWidth));
    // Mean lightness of the pixel columns `left`…`right` (clamped) over the band from `top`.
    const bandLightness = (left: number, right: number, top: number) =>
      boxColour(image, { left, right, top, bottom: top + band - 1 })[0] as number;
    // The strongest mean vertical edge over the band within a pixel of the column `x`.
    const sideOver = (x: number, top: number) => {
      let best = 0;
      for (let at = Math.max(0, x - 1); at <= Math.min(width - 1, x + 1); at++)
        best = Math.max(best, columnEdge(image, at, top, top + band - 1));
      return best;
    };
    let lighter = 0;
    for (let top = box.top - band; top >= reachTop; top -= band) {
      const sides = Math.min(sideOver(box.left, top), sideOver(box.right, top));
      if (sides < tuning.outline * meanEdge) return;
      const beside: number[] = [];
      if (box.left - 3 - strip >= 0) beside.push(bandLightness(box.left - 3 - strip, box.left - 3, top));
      if (box.right + 3 + strip < width)
        beside.push(bandLightness(box.right + 3, box.right + 3 + strip, top));
      if (beside.length === 0) return;
      const wall = beside.reduce((sum, value) => sum + value, 0) / beside.length;
      if (bandLightness(box.left + inset, box.right - inset, top) <= wall - tuning.riseDarkness) {
        box.top = top;
        lighter = 0;
      } else {
        lighter += band;
        if (lighter > tuning.riseGap * cell) return;
      }
    }
  }

  // A post, a pole or a sign's leg before a door or a shop front parts its dark columns: the
  // opening found on one side goes on over the runs beyond it (each gap at most `post`
  // superpixel sizes) when those runs are no opening of their own, rise as high as the
  // opening's own columns (within `postHead` of its height) and end on a strong vertical line
  // (docs/decisions/475-ground-opening-past-a-post.md).
  function passPost(box: Rectangle, at: number, direction: -1 | 1) {
    const [ownFrom, ownTo] = runs[at] as [number, number];
    // How high its own dark columns rise; the runs beyond must reach `postHead` of the way up.
    const ownTop = grownTop(ownFrom, ownTo);
    const reachRow = ownTop + tuning.postHead * (probeTop - ownTop);
    // The far side: the strong line by the farthest run that passes (decision 475, point 5).
    let best: { at: number; strength: number } | undefined;
    let edge = direction < 0 ? box.left : box.right;
    let dark = 0;
    // At most `joinRuns` − 1 runs beyond, as a join's.
    for (let k = 1; k < Math.max(2, tuning.joinRuns); k++) {
      const next = at + direction * k;
      const run = runs[next];
      if (!run || alones[next]) break;
      const [from, to] = run;
      const runLeft = from * step;
      const runRight = Math.min(width - 1, to * step + step - 1);
      const gap = direction < 0 ? edge - runRight - 1 : runLeft - edge - 1;
      if (gap > tuning.post * cell) break;
      if (found.some((other) => other !== box && other.left <= runRight && other.right >= runLeft)) break;
      edge = direction < 0 ? runLeft : runRight;
      // The rows the columns beyond its own run rise to, the post's with the runs': a post
      // must be narrower than the opening's piece beyond it, not a pier between two recesses.
      const top = direction < 0 ? grownTop(from, ownFrom - 1) : grownTop(ownTo + 1, to);
      const far = strongest(edge, width - 1, (x) => sideStrength(x, box.top));
      dark += (to - from + 1) * step;
      if (top > reachRow || far.strength < tuning.outline * meanEdge) continue;
      if (dark < tuning.postWidth * cell) continue;
      best = far;
    }
    if (!best) return;
    if (direction < 0) box.left = Math.min(box.left, best.at);
    else box.right = Math.max(box.right, best.at);
  }
}
