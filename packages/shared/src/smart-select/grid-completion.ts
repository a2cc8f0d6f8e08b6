/**
 * Windows the opening detector missed in a full grid: where a column of two or more of the
 * wall click's cuts (left and right sides alike) and a floor of cuts in other columns (top and
 * bottom alike) both put a window at a place no cut holds, and that place looks like an opening
 * (its colour differs from the wall on both sides and is nearer to its column's windows), it
 * is cut too. Measurements: docs/decisions/333-windows-completing-the-grid.md. A place some
 * cut already holds in part (a light window's dark pane, one curtain of two) is cut whole when
 * its column is its stack's own or what is left of it is unlike the wall beside it
 * (docs/decisions/430-grid-places-cut-in-part.md). A place added grows to a taller place its
 * floor put in the same column when the rest of that one is unlike the wall beside it
 * (docs/decisions/580-grid-places-grow-to-their-floor.md).
 */
import type { FacadeImage, Rectangle } from './facade-select.ts';
import { boxColour, colourDistance } from './opening-rectangle.ts';
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
  /**
   * A place cuts already hold in part, each within it, but less than this share of it, is cut
   * whole (0: never)…
   */
  partCover: number;
  /**
   * …when its column holds at least this share of the window-shaped cuts across its span (a
   * column of two wide cuts among narrower windows is no window's width)…
   */
  partColumn: number;
  /** …or the place less its cuts is at least this far (OKLab ×100) from the wall beyond each side. */
  partUnlike: number;
  /**
   * A place added, lying within a taller place its floor put in the same column and that was
   * not added, grows to it when the taller place less the cuts and places is at least this far
   * (OKLab ×100) from the wall beyond each side (0: never;
   * docs/decisions/580-grid-places-grow-to-their-floor.md).
   */
  tallerUnlike?: number;
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
  const weighed = new Set<string>();
  const left: Rectangle[] = [];
  // What the cuts and the places added so far hold of a place: whether one of them holds more
  // than 0.2 of it, the sum of their overlaps, and whether each meeting it lies within it (a
  // slack's reach; docs/decisions/430-grid-places-cut-in-part.md).
  const holding = (place: Rectangle) => {
    const area = rectangleArea(place);
    const reachX = tuning.slack * width(place);
    const reachY = tuning.slack * height(place);
    let taken = false;
    let held = 0;
    let within = true;
    for (const list of [cuts, added]) {
      for (const cut of list) {
        const overlap = overlapArea(cut, place);
        if (overlap <= 0) continue;
        if (overlap > 0.2 * area) taken = true;
        held += overlap;
        if (
          cut.left < place.left - reachX ||
          cut.right > place.right + reachX ||
          cut.top < place.top - reachY ||
          cut.bottom > place.bottom + reachY
        )
          within = false;
      }
    }
    return { taken, held, within };
  };
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
      // Each column's members and each floor's cuts put the same place: it is weighed once.
      const key = `${place.left},${place.right},${place.top},${place.bottom}`;
      if (weighed.has(key)) continue;
      weighed.add(key);
      // A place a cut holds in part is a window already seen: it needs no cuts of its column
      // above and below (docs/decisions/430-grid-places-cut-in-part.md).
      const hold = holding(place);
      if (hold.taken) {
        if (
          hold.within &&
          hold.held < tuning.partCover * rectangleArea(place) &&
          isCutInPart(image, place, member, column, shaped, [...cuts, ...added], tuning)
        )
          added.push(place);
        else left.push(place);
        continue;
      }
      // Between windows of its column: below the lowest one lies the ground floor's own order
      // (shop fronts, doors, piers), above the highest one the crowning.
      if (!column.some((cut) => cut.bottom < place.top) || !column.some((cut) => cut.top > place.bottom))
        continue;
      const nearest = column.reduce((best, cut) =>
        Math.abs(cut.top - place.top) < Math.abs(best.top - place.top) ? cut : best,
      );
      if (!looksLikeAnOpening(image, place, nearest, tuning.unlikeSides)) {
        left.push(place);
        continue;
      }
      added.push(place);
    }
  }
  growToTallerPlaces(image, added, left, cuts, tuning);
  return added;
}

/**
 * Places of `added` grown to a taller place of `left` (weighed, not added) in the same column
 * whose rows hold theirs: one floor's windows are not all of one height, and the place a shorter
 * window put in a column may stop at its transom or at a light head the taller one takes
 * (docs/decisions/580-grid-places-grow-to-their-floor.md). The taller place less the cuts and
 * places must be `tallerUnlike` from the wall beyond each of its sides.
 */
function growToTallerPlaces(
  image: FacadeImage,
  added: Rectangle[],
  left: readonly Rectangle[],
  cuts: readonly Rectangle[],
  tuning: GridCompletionTuning,
): void {
  const limit = tuning.tallerUnlike ?? 0;
  if (limit <= 0) return;
  for (const taller of left) {
    const reach = tuning.slack * width(taller);
    const index = added.findIndex(
      (place) =>
        Math.abs(place.left - taller.left) <= reach &&
        Math.abs(place.right - taller.right) <= reach &&
        place.top >= taller.top &&
        place.bottom <= taller.bottom &&
        height(place) < height(taller),
    );
    if (index < 0) continue;
    const place = added[index] as Rectangle;
    if (!restIsUnlike(image, taller, [...cuts, ...added], limit)) continue;
    added[index] = {
      left: Math.min(place.left, taller.left),
      right: Math.max(place.right, taller.right),
      top: taller.top,
      bottom: taller.bottom,
    };
  }
}

/**
 * Whether `place`, which `cuts` hold in part (each within it, together less than `partCover`
 * of it), is a window to cut whole: either its column (`member`'s) holds at least `partColumn`
 * of the window-shaped cuts across its span, or the place less its cuts is `partUnlike` from
 * the wall beyond both of its sides (docs/decisions/430-grid-places-cut-in-part.md).
 */
function isCutInPart(
  image: FacadeImage,
  place: Rectangle,
  member: Rectangle,
  column: readonly Rectangle[],
  shaped: readonly Rectangle[],
  cuts: readonly Rectangle[],
  tuning: GridCompletionTuning,
): boolean {
  const across = shaped.filter(
    (other) =>
      Math.min(other.right, member.right) - Math.max(other.left, member.left) + 1 >
      0.5 * Math.min(width(other), width(member)),
  );
  if (column.length >= tuning.partColumn * across.length) return true;
  const meeting = cuts.filter((cut) => overlapArea(cut, place) > 0);
  return restIsUnlike(image, place, meeting, tuning.partUnlike);
}

/**
 * Whether `place` less `parts` (at least 15 % of it left) is at least `limit` (OKLab ×100) from
 * the wall just beyond each of its sides (`wallBeside`'s strips). The colours are
 * means of about 400 pixels each, sampled on a grid: a click weighs hundreds of such places on a
 * photo of small windows.
 */
function restIsUnlike(
  image: FacadeImage,
  place: Rectangle,
  parts: readonly Rectangle[],
  limit: number,
): boolean {
  if (limit <= 0) return false;
  const beside = wallBeside(image, place);
  if (beside === null) return false;
  const isInAPart = (x: number, y: number) =>
    parts.some((part) => x >= part.left && x <= part.right && y >= part.top && y <= part.bottom);
  const rest = sampledColour(image, place, isInAPart);
  if (rest === null || rest.count < 0.15 * rest.total) return false;
  const left = sampledColour(image, beside.left);
  const right = sampledColour(image, beside.right);
  if (left === null || right === null) return false;
  return (
    Math.min(colourDistance(rest.colour, left.colour), colourDistance(rest.colour, right.colour)) >= limit
  );
}

/** The mean OKLab colour of about 400 pixels of `box` on a grid, those where `skip` holds left out. */
function sampledColour(
  image: FacadeImage,
  box: Rectangle,
  skip: (x: number, y: number) => boolean = () => false,
): { colour: Float64Array; count: number; total: number } | null {
  const { lab, width: imageWidth } = image;
  const step = Math.max(1, Math.round(Math.sqrt(rectangleArea(box) / 400)));
  const colour = new Float64Array(3);
  let count = 0;
  let total = 0;
  for (let y = box.top; y <= box.bottom; y += step) {
    for (let x = box.left; x <= box.right; x += step) {
      total++;
      if (skip(x, y)) continue;
      const offset = (y * imageWidth + x) * 3;
      colour[0] = (colour[0] as number) + (lab[offset] as number);
      colour[1] = (colour[1] as number) + (lab[offset + 1] as number);
      colour[2] = (colour[2] as number) + (lab[offset + 2] as number);
      count++;
    }
  }
  if (count === 0) return null;
  for (let channel = 0; channel < 3; channel++) colour[channel] = (colour[channel] as number) / count;
  return { colour, count, total };
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
  const beside = wallBeside(image, place);
  if (beside === null) return false;
  const colour = boxColour(image, place);
  const left = boxColour(image, beside.left);
  const right = boxColour(image, beside.right);
  const fromWall = Math.min(colourDistance(colour, left), colourDistance(colour, right));
  return fromWall >= limit && colourDistance(colour, boxColour(image, neighbour)) < fromWall;
}

/**
 * The strips of wall just beyond `place`'s left and right sides (a quarter of its width, at
 * least 3 pixels, 2 pixels off it), or null when either runs off the photo.
 */
function wallBeside(image: FacadeImage, place: Rectangle): { left: Rectangle; right: Rectangle } | null {
  const strip = Math.max(3, Math.round(0.25 * width(place)));
  const gap = 2;
  if (place.left - gap - strip < 0 || place.right + gap + strip >= image.width) return null;
  return {
    left: { ...place, left: place.left - gap - strip, right: place.left - gap - 1 },
    right: { ...place, left: place.right + gap + 1, right: place.right + gap + strip },
  };
}
