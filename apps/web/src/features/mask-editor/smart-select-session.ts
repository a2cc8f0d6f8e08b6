/**
 * One photo's smart select, wherever it runs (the worker, or the main thread as a fallback):
 * which algorithm answers a click depends on the layer (docs/decisions/050-facade-smart-select.md).
 * - walls and roof: the surface under the click, minus every opening found on it (a
 *   shift-click removes another material's surface, or the opening under it);
 * - window and door frames: the opening under the click as a rectangle (further clicks on it
 *   refine it), turned into its frame (band and glazing bars, not the glass);
 * - the edit area: decision 010's colour flood with the tolerance slider.
 */
import {
  type Bitmask,
  type FacadeImage,
  type FacadeTuning,
  findSimilar,
  frameOfOpening,
  framesOfOpenings,
  type Point,
  paintRectangle,
  prepareFacadeImage,
  prepareSmartSelectImage,
  type Rectangle,
  type RgbaPixels,
  rectangleArea,
  refineOpening,
  type SmartSelectImage,
  selectFacadeElement,
  selectSimilarArea,
  subtractFromSurface,
  surfaceClick,
} from '@facelift/shared';

export type SmartSelectKind = 'surface' | 'frame' | 'colour';

export interface SmartSelectQuery {
  kind: SmartSelectKind;
  mode: 'add' | 'subtract';
  /** 1–100, for the colour flood. */
  tolerance: number;
  /** Frame band width as a share of the opening's shorter side. */
  frameWidth: number;
  /**
   * A surface click's: what the layer's earlier surface clicks cut, in the analysed photo's
   * pixels (docs/decisions/590-earlier-cuts-a-later-click-misses.md).
   */
  surfaceCuts?: readonly Rectangle[];
}

/** What to take away from the layer, then what to add to it (either may be missing). */
export interface SmartSelectAnswer {
  remove: Bitmask | null;
  add: Bitmask | null;
  /** A surface click's: what the layer remembers as cut after it (as `SmartSelectQuery`'s). */
  surfaceCuts?: Rectangle[];
}

export interface SmartSelectSession {
  prepare(pixels: RgbaPixels, onProgress?: (done: number) => void): void;
  select(point: Point, query: SmartSelectQuery): SmartSelectAnswer | null;
  selectAllSimilar(query: SmartSelectQuery): SmartSelectAnswer | null;
}

/**
 * "Select all similar" (twice), then one wall click and one window click at the photo's centre,
 * answers thrown away, as the last step of the preparation: a click's code runs its first
 * time in V8's interpreter, several times slower than compiled, so the user's first wall
 * click cost 60–100 ms of the worker's thread where later ones cost 20–30
 * (docs/decisions/177-smart-select-warm-up.md), and the first "select all similar" two to
 * four times its warm cost (docs/decisions/214-select-all-similar-warm-up.md). A photo keeps
 * nothing between clicks that changes an answer (facade-select.test.ts; the scaled copy
 * select all similar keeps per photo is the same whenever it is made), so this changes no
 * selection.
 */
function warmUp(facade: FacadeImage): void {
  const centre = { x: Math.floor(facade.width / 2), y: Math.floor(facade.height / 2) };
  // On the middle-sized opening found on the facade; first, so the wall and window clicks'
  // code is the last warmed (after it, the first wall clicks cost 10–20 ms more).
  const bySize = [...facade.openings].sort((a, b) => rectangleArea(a) - rectangleArea(b));
  const example = bySize[Math.floor(bySize.length / 2)];
  if (example) framesOfOpenings(facade, findSimilar(facade, example));
  // And on the one at three quarters of the sizes: a larger example, with fewer repeats, runs
  // the steps that take floors and columns on (decisions 279, 301, 351, 375), which the first
  // rarely reaches; their first run made a user's later click the slowest
  // (docs/decisions/397-select-all-similar-warmed-on-two-examples.md).
  const larger = bySize[Math.floor((3 * bySize.length) / 4)];
  if (larger && larger !== example) framesOfOpenings(facade, findSimilar(facade, larger));
  selectFacadeElement(facade, centre, 'surface');
  const opening = refineOpening(facade, null, centre, 'add');
  if (opening) frameOfOpening(facade, opening);
}

/** `facadeTuning`: the bench's what-ifs (bench/smart-select-clicks.worker.ts); the editor uses the defaults. */
export function createSmartSelectSession(
  options: { facadeTuning?: Partial<FacadeTuning> } = {},
): SmartSelectSession {
  let pixels: RgbaPixels | null = null;
  let facade: FacadeImage | null = null;
  let colourImage: SmartSelectImage | null = null;
  /** The opening the last click selected: further clicks refine it. */
  let lastOpening: Rectangle | null = null;

  const openingMask = (image: FacadeImage, opening: Rectangle, frameWidth: number): Bitmask =>
    frameOfOpening(image, opening, frameWidth);

  return {
    prepare(photo, onProgress) {
      pixels = photo;
      colourImage = null;
      lastOpening = null;
      facade = prepareFacadeImage(photo, { onProgress, tuning: options.facadeTuning });
      warmUp(facade);
    },
    select(point, query) {
      if (!facade || !pixels) throw new Error('Smart select has no photo yet');
      if (query.kind === 'colour') {
        // Only the edit area uses the flood, so it is prepared on its first click.
        colourImage ??= prepareSmartSelectImage(pixels);
        const selection = selectSimilarArea(colourImage, point, { tolerance: query.tolerance });
        return query.mode === 'add' ? { remove: null, add: selection } : { remove: selection, add: null };
      }
      if (query.kind === 'surface') {
        // Shift-click on a wall removes what it lands on: another material whole, or the
        // opening the wall selection took (docs/decisions/053).
        if (query.mode === 'subtract') return { remove: subtractFromSurface(facade, point), add: null };
        const x = Math.round(point.x);
        const y = Math.round(point.y);
        if (x < 0 || y < 0 || x >= facade.width || y >= facade.height)
          return { remove: null, add: selectFacadeElement(facade, point, 'surface') };
        // The large cuts of the layer's earlier clicks that this one misses stay cut
        // (docs/decisions/590-earlier-cuts-a-later-click-misses.md).
        const { surface, cuts, remembered } = surfaceClick(facade, { x, y }, true, query.surfaceCuts ?? []);
        for (const cut of cuts) paintRectangle(surface, cut, 0);
        return { remove: null, add: surface, surfaceCuts: remembered };
      }
      const isOnLast =
        lastOpening !== null &&
        point.x >= lastOpening.left &&
        point.x <= lastOpening.right &&
        point.y >= lastOpening.top &&
        point.y <= lastOpening.bottom;
      if (query.mode === 'subtract' && !isOnLast) {
        // Shift-click on another opening removes it whole.
        const opening = refineOpening(facade, null, point, 'add');
        return opening ? { remove: openingMask(facade, opening, query.frameWidth), add: null } : null;
      }
      const before = query.mode === 'subtract' || isOnLast ? lastOpening : null;
      const after = refineOpening(facade, before ?? lastOpening, point, query.mode);
      const remove = before ? openingMask(facade, before, query.frameWidth) : null;
      lastOpening = after;
      return { remove, add: after ? openingMask(facade, after, query.frameWidth) : null };
    },
    selectAllSimilar(query) {
      if (!facade || !lastOpening) return null;
      return {
        remove: null,
        add: framesOfOpenings(facade, findSimilar(facade, lastOpening), query.frameWidth),
      };
    },
  };
}
