/**
 * Facade-aware smart select: a click selects the surface it lands on (a wall or roof, minus
 * every opening found on it) or the opening it lands on (a window or door, as a rectangle
 * snapped to the straight edges of its frame).
 *
 * Pure TypeScript on RGBA buffers (runs in the editor's Web Worker, on the server and in
 * tests). `prepareFacadeImage` does the per-image work once (OKLab, superpixels, edge sums,
 * the openings of the facade's main surface); a click then works on a few thousand
 * superpixels and stays far below 100 ms at 1.5 MP. Route, measurements and what was
 * rejected: docs/decisions/050-facade-smart-select.md.
 */
import { type Bitmask, createBitmask, type Point, type RgbaPixels } from '../mask/mask-contract.ts';
import { defaultRailingBesideWindowTuning } from './balcony-beside-window.ts';
import { defaultFaintRailingTuning } from './balcony-faint-railings.ts';
import { balconyOpenings, defaultBalconyTuning } from './balcony-openings.ts';
import { defaultWindowFootTuning } from './balcony-window-foot.ts';
import { defaultBalustradeTuning, findBalustrades } from './balustrades.ts';
import { withRims } from './band-rims.ts';
import { withoutClickedCuts } from './clicked-cuts.ts';
import { endsOnAWindowHead, withFootGivenBack, withHeadLikeBeside, withSidesGivenBack } from './cut-sides.ts';
import { earlierCutsKept } from './earlier-cuts.ts';
import { gridCompletion } from './grid-completion.ts';
import { groundOpenings } from './ground-openings.ts';
import { withHeadBoxes } from './head-boxes.ts';
import { overhangsAHead } from './head-overhangs.ts';
import { isHoodOrSill } from './hoods-and-sills.ts';
import { convertToOklab } from './oklab-image.ts';
import { completeOpenings } from './opening-completion.ts';
import {
  bandDarknessMap,
  cutOpenings,
  darknessMap,
  gridOpenings,
  outlineStrength,
  railingOpenings,
  splitCellAtRows,
  toImageRectangle,
} from './opening-detector.ts';
import { moveSidesToLines, openingAroundGlass, panesAcrossBars } from './opening-rectangle.ts';
import { withShutters } from './opening-shutters.ts';
import { isBarUnlikeWall, joinPanes, type TrimTuning, type WallColour, withTrims } from './opening-trims.ts';
import { splitAtPlainRows } from './plain-rows.ts';
import { overlapArea, rectangleArea } from './rectangles.ts';
import { boxBlur } from './smart-select.ts';
import { computeSuperpixels, type Superpixels } from './superpixels.ts';
import { textureSizes, withoutTexture } from './surface-texture.ts';
import { withoutWallBands } from './wall-bands.ts';
import { windowRepeats } from './window-repeats.ts';
import { windowsOverRailings } from './windows-over-railings.ts';

/** Inclusive pixel rectangle. */
export interface Rectangle {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface FacadeImage {
  width: number;
  height: number;
  /** Lightly smoothed OKLab, three floats per pixel. */
  lab: Float32Array;
  superpixels: Superpixels;
  /** Running sums of the horizontal colour gradient down each column: (height + 1) × width. */
  verticalEdgeSums: Float32Array;
  /** Running sums of the vertical colour gradient along each row: height × (width + 1). */
  horizontalEdgeSums: Float32Array;
  /** Openings found against the facade's most common surface, and the ground floor's (decision 140). */
  openings: Rectangle[];
  /**
   * Doors, shop fronts and garage doors at the photo's foot (docs/decisions/140), found once
   * per photo and cut from every wall click: the detector's cuts miss them.
   */
  groundOpenings: Rectangle[];
  /**
   * Balconies by their railings and slabs, found once per photo over the whole photo and cut
   * from every wall click (docs/decisions/155): a click's own railings stop at its surface
   * and at the bars, and leave the slab in the wall.
   */
  balconyOpenings: Rectangle[];
  /**
   * Stone and roof balustrades by the pitch of their balusters, found once per photo and cut
   * from every wall click: the railing detector sees thin bars only
   * (docs/decisions/360-balustrades-by-their-pitch.md).
   */
  balustrades: Rectangle[];
  /** The facade's main wall (whose openings `openings` holds): what a window's trim stands out from. */
  wall: WallColour;
  tuning: FacadeTuning;
}

export interface FacadeTuning {
  /** About how many superpixels an image is cut into, whatever its size. */
  superpixelCount: number;
  compactness: number;
  iterations: number;
  /** Weight of lightness against hue in colour distances: light and shade change L most. */
  lightnessWeight: number;
  /** Growing the sample of the clicked surface: the largest step between neighbours. */
  sampleStep: number;
  /** …and from the clicked superpixel's colour. */
  sampleDistance: number;
  /** A superpixel this close (plus `spreadFactor` × the sample's spread) to the sample is surface. */
  surfaceDistance: number;
  spreadFactor: number;
  /** What counts as an opening grown from a click: how much of its bounding rectangle it fills… */
  openingMinimumFill: number;
  /** …and its largest share of the image (for the detector's openings too). */
  openingMaximumShare: number;
  /** How far a side may move to meet a frame edge, as a share of the superpixel size. */
  snapReach: number;
  /** Growing a window's glass or shutter when no opening was found under a click. */
  openingSteps: number[];
  openingsFirst: boolean;
  /**
   * The opening detector (docs/decisions/051): a pixel may belong to an opening when it is
   * this much darker (OKLab lightness, 0…100) than the mean around it…
   */
  detectorDarkness: number;
  /** …within this radius, in superpixel sizes (larger than a window, so the wall dominates). */
  detectorRadius: number;
  /** A row or column is a gap between openings when at most this share of it is dark… */
  detectorGapShare: number;
  /** …or when it is darker than at most this share of the piece's darkest row or column. */
  detectorGapRelative: number;
  /** A piece that no longer splits is an opening when at least this share of it is dark… */
  detectorMinimumFill: number;
  /** …its shorter side is at least this many superpixel sizes… */
  detectorMinimumSide: number;
  /** …its longer side at most this many times its shorter (balconies are long)… */
  detectorMaximumAspect: number;
  /** …and its weakest side at least this strong an edge, relative to the photo's mean edge. */
  detectorOutline: number;
  /**
   * Openings of a size at least this many share are the surface's texture, bricks seen close
   * (docs/decisions/334-brick-texture-is-not-openings.md); 0 keeps them.
   */
  textureCount: number;
  /**
   * The facade's main wall colour (whose openings are found once per photo): the superpixel
   * colour shared, within this distance (lightness weighted by the next value), by the most area.
   */
  wallDistance: number;
  wallLightnessWeight: number;
  /** The detected opening around the user's example replaces it when at most this many times larger. */
  similarExampleGrowth: number;
  /** …and at most this many times as wide (docs/decisions/131). */
  similarExampleWidening: number;
  /**
   * A pixel also counts as dark when this much (plus `detectorDarkness`) darker than the
   * clicked wall, so windows larger than the neighbourhood are found (a close-up of a house)
   * without every shaded patch of a wall being taken for an opening.
   */
  detectorWallMargin: number;
  /**
   * Long thin dark streaks (a cornice's shadow) leave the map before the cuts: runs along a
   * row at least this share of the photo's width long (0: kept)…
   */
  detectorStreakLength: number;
  /** …where the dark run down the column is at most this many superpixel sizes high. */
  detectorStreakThickness: number;
  /**
   * Darker than the clicked wall (`detectorWallMargin`) counts only where also darker than
   * the mean within this many times `detectorRadius` (0: always): a far darker bay or floor of
   * another material (two-coloured facades) is not an opening.
   */
  detectorWideRadius: number;
  /**
   * A leaf of the cuts dark as a whole, dropped, and at least `shadowBandWidth` × as wide as
   * high (a band in shade along the facade) is cut again where its cells are more than this
   * below the band's median lightness (0: never)…
   */
  shadowBandContrast: number;
  shadowBandWidth: number;
  /**
   * …keeping the openings at least this many superpixel sizes on their shorter side, at most
   * 3 : 1, on a column of the grid and outlined at least `shadowBandOutline` × the photo's mean
   * edge (docs/decisions/500-openings-in-a-shaded-band.md).
   */
  shadowBandSide: number;
  shadowBandOutline: number;
  /**
   * The facade's grid (docs/decisions/052): a column (floor) of openings is where the dark
   * share of the columns (the frame lines along the rows) rises this share of the way from
   * its low to its high…
   */
  gridLevel: number;
  /** …a floor meets a column in an opening when at least this share of the cell is dark (above 1: no grid)… */
  gridFill: number;
  /** …and this much more than the wall between the columns on that floor… */
  gridMargin: number;
  /** …and its weakest side at least this strong, relative to the photo's mean edge. */
  gridOutline: number;
  /** A cut opening on no floor and no column of the grid stays only when outlined this strongly. */
  gridLoneOutline: number;
  /**
   * A grid cell that takes two or more cuts splits at its own rows at most this share as dark
   * as its fullest (0: cells stay whole), over at least `gridSplitGap` × the smallest opening
   * side, into the pieces whose sides are at least `gridSplitShape` of each other
   * (docs/decisions/265-grid-cells-split-at-spandrels.md).
   */
  gridSplit: number;
  gridSplitGap: number;
  gridSplitShape: number;
  /**
   * 1: a cut above the grid's top floor and on no floor is lone even on a column: the facade's
   * crowning, not a window (0: it is on the grid; docs/decisions/244-cuts-above-the-top-floor.md).
   */
  gridCrownLone: number;
  /**
   * Balconies by their railings (docs/decisions/052): a bar's edge is a gradient across
   * columns this many times the photo's mean (0: no railings)…
   */
  railingEdge: number;
  /** …a railing's rows hold at least this share of such edges (grown over rows half as dense)… */
  railingRowShare: number;
  /** …and its columns, within that band, at least this share… */
  railingColumnShare: number;
  /**
   * …at least this many superpixel sizes high: a row of dentils or brackets under a cornice is
   * lower than any balustrade (docs/decisions/202-railings-at-least-a-superpixel-high.md)…
   */
  railingMinimumHeight: number;
  /** …with gaps up to this many superpixel sizes bridged; it is this many times as wide as high… */
  railingBridge: number;
  railingAspect: number;
  railingGrow: number;
  /** …and goes down to its slab's edge, looked for within this share of its height below it. */
  railingSlab: number;
  /**
   * A gap in a railing wider than this many superpixel sizes (0: none) ends it when it is plain
   * wall: under `railingPierDark` of its cells dark and under `railingPierEdges` of them bars'
   * edges. A pier between two balustrades, not a stretch of sparse bars or dark glass behind them
   * (docs/decisions/201-railings-end-at-piers.md).
   */
  railingPierBridge: number;
  railingPierDark: number;
  railingPierEdges: number;
  /**
   * A railing whose foot lies in this share of the photo's height at its bottom (at least its
   * last row) is the street's (parked bikes, cars, a fence), not a balcony, and is not cut
   * (0: it is; docs/decisions/243-railings-off-the-street.md).
   */
  railingOffStreet: number;
  /**
   * A subtracting click on a surface removes the surface under it when that is at most this
   * share of the photo, else the opening under it (docs/decisions/053; above 1: always the surface).
   */
  subtractSurfaceShare: number;
  /**
   * A subtracting click on a large surface where no frame outlines the opening under it still
   * removes that opening when the clicked superpixel is further than this from the main wall's
   * colour, lightness counting fully (0: never; docs/decisions/236-subtract-unlike-wall.md).
   */
  subtractUnlikeWall: number;
  /**
   * 1: a subtracting click removes the opening under it whenever a frame outlines it, also where
   * the surface under it is small (at most `subtractSurfaceShare`): a balcony's colour may flood
   * a quarter of the photo. 0: only on a large surface, as decisions 053 and 236 had it
   * (docs/decisions/289-shift-click-on-a-framed-opening.md).
   */
  subtractOpeningFirst: number;
  /**
   * The opening a subtracting click removes goes on down to the photo's foot when its bottom
   * lies within this share of the photo's height from the foot: a door or a shop front stands
   * on the street (0: never; docs/decisions/330-shift-click-openings-reach-the-foot.md).
   */
  subtractToFoot: number;
  /**
   * 1: a subtracting click's surface is the material of the superpixel under the pointer; 0: the
   * material around the click, as an adding click takes it (docs/decisions/227-click-material.md,
   * docs/decisions/343-shift-click-material-under-the-pointer.md).
   */
  subtractOwnMaterial: number;
  /**
   * A subtracting click on a large surface where no frame outlines the opening under it and
   * its colour is the wall's still removes that opening when at least this many of the facade's
   * openings stand in its column, their sides within `subtractColumnSlack` × its width of its
   * own: a window repeated along its column (0: never;
   * docs/decisions/329-shift-click-in-a-column-of-openings.md).
   */
  subtractColumnPeers: number;
  subtractColumnSlack: number;
  /**
   * 1: such an opening also goes when it stands on one of the ground floor's openings
   * (`groundOpenings`: its sides within `subtractColumnSlack` × its width of that one's, reaching
   * down to it or into it): a shop front's sign or a door's fanlight over what the preparation
   * found, which goes with it down to the foot (0: never;
   * docs/decisions/420-shift-click-over-a-ground-opening.md).
   */
  subtractOverGround: number;
  /**
   * A piece the surface does not take but surrounds, cut by the photo's left or right edge
   * (not its top or bottom), joins it when its hue is within this many × `surfaceDistance` of
   * the sample's: the same wall in shade running off the side of the photo (0: never;
   * docs/decisions/053).
   */
  sidePieceHue: number;
  /**
   * …and when its mean lightness is at least this share of the sample's: shade darkens a wall
   * less than that (OKLab lightness is about the cube root of luminance: 0.6 is a fifth of the
   * light), a door, a car or dark glass more (docs/decisions/053).
   */
  sideLightness: number;
  /**
   * A piece the surface does not take but surrounds, cut by the photo's top edge (not its
   * foot), joins it as a side piece does (`sidePieceHue`, `sideLightness`) when the superpixels
   * along that edge have at least this lightness spread on average (OKLab × 100): a top storey
   * of a lighter stone running off the photo has relief, an overcast sky is smooth (0: never;
   * docs/decisions/309-walls-off-the-top.md).
   */
  topPieceRelief: number;
  /**
   * Ground-floor openings (docs/decisions/140, `ground-openings.ts`): their columns are looked
   * for in this share of the photo's height at its foot (0: none)…
   */
  groundProbe: number;
  /** …they reach at most this share of the photo's height up from its foot… */
  groundReach: number;
  /** …their cells are this much darker than the foot's wall (this quantile of its lightness)… */
  groundDarkness: number;
  groundWallQuantile: number;
  /** …in at least this share of a column's probed cells and of a row's cells in the run… */
  groundColumnFill: number;
  groundRowFill: number;
  /** …at least this many superpixel sizes wide and high, at most this share of the photo wide… */
  groundMinimumWidth: number;
  groundMinimumHeight: number;
  groundMaximumWidthShare: number;
  /** …and both vertical sides at least this strong an edge, relative to the photo's mean. */
  groundOutline: number;
  /**
   * …and their head is the lowest step from lighter above to darker below that is at least this
   * share of the strongest, not the top of a porch's or a pediment's shade (docs/decisions/156; 0: off).
   */
  groundLintel: number;
  /**
   * …and neighbouring runs of dark columns that are no opening alone are one when joined across
   * gaps of at most this many superpixel sizes and darker than the piers beside them (0: never;
   * docs/decisions/421-ground-runs-joined.md).
   */
  groundJoin: number;
  /**
   * …and darker than piers this many superpixel sizes wide just outside both their sides (0:
   * that test off; docs/decisions/421-ground-runs-joined.md).
   */
  groundJoinPier: number;
  /** …and of at most this many runs (docs/decisions/421-ground-runs-joined.md). */
  groundJoinRuns: number;
  /**
   * …and an opening goes on past a post before it (a lamp post, a traffic light's pole) over the
   * runs beyond, each gap at most `groundPost` superpixel sizes (0: never), when those columns,
   * the post's with the runs', rise within `groundPostHead` of its own columns' height as high
   * as they do and the runs are together at least `groundPostWidth` superpixel sizes wide
   * (docs/decisions/475-ground-opening-past-a-post.md).
   */
  groundPost: number;
  groundPostHead: number;
  groundPostWidth: number;
  /**
   * A run of dark columns with one strong side (the other in a tree's leaves or a shade beyond
   * the opening) ends at the strongest vertical line inside it over the probe's rows, at least
   * `groundInnerJamb` superpixel sizes from both its ends, when as strong as a side must be
   * (0: never; docs/decisions/520-ground-opening-inner-jamb.md).
   */
  groundInnerJamb: number;
  /**
   * A ground opening's head rises band by band while both its sides go on as strong vertical
   * lines and the band is `groundRiseDarkness` darker than the wall just beside it on the same
   * rows (0: never), across lighter bands (a sign, a light panel) of at most `groundRiseGap`
   * superpixel sizes in all (docs/decisions/521-ground-opening-head-rise.md).
   */
  groundRiseDarkness: number;
  groundRiseGap: number;
  /**
   * The ground-floor openings that bound door clicks (decision 058) come from a stricter pass:
   * its probe, wall quantile and minimum width, without the lintel step (docs/decisions/156).
   */
  groundDoorProbe: number;
  groundDoorWallQuantile: number;
  groundDoorMinimumWidth: number;
  /**
   * Balconies of the whole photo (docs/decisions/155, `balcony-openings.ts`): a bar's edge is a
   * gradient across the row this many times the photo's mean (0: none)…
   */
  balconyEdge: number;
  /** …a railing cell has at least this share of bars' edges within this many superpixel sizes along its row… */
  balconyDensity: number;
  balconyWindow: number;
  /** …a railing is at least this many superpixel sizes wide and high, at most this many high… */
  balconyMinimumWidth: number;
  balconyMinimumHeight: number;
  balconyMaximumHeight: number;
  /** …its slab's lower line is the lowest within this many railing heights below the bars at least this share as strong as the strongest… */
  balconySlab: number;
  balconySlabShare: number;
  /** …and its top (handrail) and lower lines are at least this strong, relative to the photo's mean row edge. */
  balconyOutline: number;
  /**
   * …or at least this strong when a balcony outlined as strongly as that shares its floor: its
   * handrail and slab lines within this many superpixel sizes (docs/decisions/183; 0: never).
   */
  balconyPartnerOutline: number;
  balconyPartnerReach: number;
  /** …or when at least this many fainter balconies share its floor (docs/decisions/184; 0: never). */
  balconyPartnerPeers: number;
  /**
   * …or beside another piece of its railing on its floor at most this many superpixel sizes
   * away; the gap between kept pieces is cut with them (docs/decisions/205; 0: never).
   */
  balconyJoinReach: number;
  /**
   * A balcony takes the shade it casts on the wall under it, where its corbels stand: rows within
   * this many times its height below it, at least `balconyShadeDarker` darker than the wall
   * further down, and not as dark beside it (docs/decisions/239; 0: never).
   */
  balconyShadeReach: number;
  balconyShadeDarker: number;
  /**
   * That shade stops over the head of a found opening under the balcony across at least this
   * share of its width (0: never; docs/decisions/551-balcony-shade-stops-at-an-opening.md).
   */
  balconyShadeOpening: number;
  /**
   * A balcony's top goes up over busy rows (at least `balconyRailBusy` × the photo's mean row
   * edge) to the first calm one within this many superpixel sizes, the rows climbed at least
   * `balconyRailContrast` × as busy as those above (0: never; docs/decisions/325).
   */
  balconyRailTop: number;
  balconyRailBusy: number;
  balconyRailContrast: number;
  /**
   * A balcony goes down over the rows under it at least `balconyBesideDarker` (OKLab lightness
   * × 100) darker than the wall beside them and of its hue (within `balconyBesideHue`), at most
   * `balconyBesideReach` × its height: the wall in its slab's shade, between its corbels
   * (0: never; docs/decisions/336-balcony-shade-beside-it.md).
   */
  balconyBesideDarker: number;
  balconyBesideHue: number;
  balconyBesideReach: number;
  /**
   * A balcony's foot gives back the rows, from its bottom up to `balconyFootMost` × its height,
   * that are within `balconyFootNear` (OKLab × 100) of the wall on both sides at the same row,
   * with bars' edges alike (within `balconyFootBars` ×, or both under `balconyFootCalm` × the
   * photo's mean): a string course or cornice running on under it (0: never; docs/decisions/383).
   */
  balconyFootNear: number;
  balconyFootMost: number;
  balconyFootBars: number;
  balconyFootCalm: number;
  /**
   * A run of this many superpixel sizes of rows (at least 2) in a balcony box's lower half, each
   * like the wall beside it (within `balconyFootGapNear`, OKLab × 100, bars' edges alike as
   * `balconyFootBars` and `balconyFootCalm` read them), ends the box above it: plain wall
   * between the slab and a window head under it (0: former behaviour;
   * docs/decisions/600-balcony-foot-over-a-wall-gap.md).
   */
  balconyFootGap: number;
  balconyFootGapNear: number;
  /**
   * A balcony over a window goes down to the window's head, at most this many superpixel sizes
   * under its foot (0: never; docs/decisions/415), the window's middle within
   * `balconyWindowUnderCentre` of the balcony's width off its middle, at least
   * `balconyWindowUnderShare` of its width and `balconyWindowUnderAspect` × as high as wide,
   * when at least `balconyWindowUnderOwn` of the rows between them are `balconyWindowUnderNear`
   * (OKLab × 100) unlike the wall beside.
   */
  balconyWindowUnderReach: number;
  balconyWindowUnderCentre: number;
  balconyWindowUnderShare: number;
  balconyWindowUnderAspect: number;
  balconyWindowUnderNear: number;
  balconyWindowUnderOwn: number;
  /** …and then widens by this many superpixel sizes on each side, to its slab's ends (0: not). */
  balconyWindowUnderWiden: number;
  /**
   * A railing band at a window's foot, passing both of the window's sides, is a balcony when its
   * weaker line is at least this × the photo's mean row edge (0: never; docs/decisions/470).
   */
  balconyWindowFootOutline: number;
  /**
   * A railing read beside a window's foot: the strips beside it crossed by bars at least this
   * many times as densely as beside its upper half, ending past both its sides (0: never;
   * docs/decisions/530-railing-beside-a-window-foot.md).
   */
  balconyBesideWindowBusier: number;
  /**
   * A balcony found along a floor, between pieces or as a repeat takes the shade of a shaded
   * balcony touching it on its floor, where its own rows are this much darker than the wall
   * under them (docs/decisions/303; 0: never).
   */
  balconyShadeAlongDarker: number;
  /**
   * A railing is a balcony however faint its handrail when its slab's line is at least this many
   * times the photo's mean row edge, its handrail's at least `balconyDeepHandrail` ×, the slab
   * within `balconyDeepReach` superpixel sizes under the bars, and no stretch of it that wide
   * without a bar's edge (docs/decisions/240; 0: never).
   */
  balconyDeepSlab: number;
  balconyDeepHandrail: number;
  balconyDeepReach: number;
  /**
   * Where a found balcony repeats (its likeness at its size at least this; 0: never), overlapping
   * a found one by at most `balconyRepeatOverlap` of its area, is a balcony too (docs/decisions/267).
   */
  balconyRepeatLikeness: number;
  balconyRepeatOverlap: number;
  /** Only balconies with a bar's edge in at least this share of their columns are examples. */
  balconyRepeatBars: number;
  /** A repeat is kept only where the vertical edges crossing it are at least this share of its example's (0: any). */
  balconyRepeatOwnBars: number;
  balconyRepeatHalfBars: number;
  balconyRepeatFloorsOfRepeats: number;
  /** A balcony goes on along its floor while its slab's line and bars do (0: never; decision 268). */
  balconyAlongShare: number;
  balconyAlongLeast: number;
  balconyAlongBars: number;
  balconyAlongExampleBars: number;
  /**
   * A floor's French windows ending together on a slab whose line is at least this many times
   * the photo's mean row edge, with faint bars over the piers, stand behind a floor-long
   * balcony (0: never; docs/decisions/410-faint-railings-on-a-floor.md).
   */
  balconyFaintSlab: number;
  /**
   * Balconies stacked over each other are alike (`balcony-stacks.ts`): one whose shade was not
   * taken takes the depth of one on another floor overlapping this share of its width (0: never;
   * docs/decisions/323), its railing as high within `balconyStackRail`, where its rows down to
   * there are `balconyStackDarker` darker than the wall above its handrail.
   */
  balconyStackShare: number;
  balconyStackRail: number;
  balconyStackDarker: number;
  /**
   * A floor's run of balconies goes on to the middle of the ends of at least `balconyEndsPeers`
   * runs of other floors overlapping it by this share of the wider (0: never; docs/decisions/324),
   * by at most `balconyEndsReach` × its width each way.
   */
  balconyEndsShare: number;
  balconyEndsPeers: number;
  balconyEndsReach: number;
  /**
   * Enclosed pieces as openings (docs/decisions/150): a piece the surface encloses but does
   * not take is an opening when its snapped rectangle is outlined this many times the photo's
   * mean edge (0: never)…
   */
  enclosedOutline: number;
  /** …it fills at least this share of its bounding rectangle… */
  enclosedFill: number;
  /** …which is at least this many superpixel sizes across and at most this share of the photo. */
  enclosedMinimumSide: number;
  enclosedMaximumShare: number;
  /**
   * Windows by repetition (docs/decisions/150, `window-repeats.ts`): where a detected window's
   * floor meets the column of another of its size (within this share)…
   */
  repeatSizeSlack: number;
  /** …(a floor or column shared when the ranges overlap by this share of the shorter)… */
  repeatLineOverlap: number;
  /** …a place that correlates with them at least this much (above 1: none)… */
  repeatCorrelation: number;
  /** …and whose weakest side is at least this strong, relative to the photo's mean edge… */
  repeatOutline: number;
  /** …moved at most this share of its size to meet the repeat, and free of found openings (this share). */
  repeatShift: number;
  repeatOverlap: number;
  /**
   * A gap between two cuts of a floor, beside a window, at least this many times the window's
   * width (at most 3 times) is looked at for one more window of its size in its middle, taken on
   * the repeats' likeness and outline (docs/decisions/540-windows-in-a-gap-of-their-floor.md;
   * 0: never).
   */
  repeatGapLeast: number;
  /**
   * Windows over railings (docs/decisions/196, `windows-over-railings.ts`): above a railing
   * (a balcony, or a found opening at least `overRailingWide` times as wide as high; 0: the
   * balconies only), in a column of found windows, the head between these multiples of the
   * column window's height…
   */
  overRailingLowest: number;
  overRailingHighest: number;
  /** …kept when the place's weakest side is at least this strong, relative to the photo's mean edge (0: none). */
  overRailingOutline: number;
  overRailingWide: number;
  /**
   * A place outlined less than `overRailingOutline` is moved onto the strongest lines nearby
   * (`snapRectangle`, its foot staying on the railing) and kept when outlined this strongly
   * there (0: not moved; docs/decisions/387).
   */
  overRailingSnap: number;
  /**
   * Enclosed pieces under openings (docs/decisions/206): a piece of what a wall click's surface
   * encloses that reaches from a found opening (at most twice as wide as high) down at most
   * this many times its height, and sideways at most `underOpeningMargin` of its width beyond
   * it, leaves the wall there (0: none).
   */
  underOpeningReach: number;
  underOpeningMargin: number;
  /**
   * The sky (docs/decisions/175, 238): a top-border superpixel at most this blue-yellow (OKLab b ×100)
   * starts it (a grey overcast sky is barely blue: -2 to -3)…
   */
  skyTopBlueness: number;
  /** …it grows to neighbours at most this blue-yellow… */
  skyBlueness: number;
  /** …by colour steps of at most this (a cloud's edge in a grey sky; decision 238); 0 turns the sky off. */
  skyStep: number;
  /**
   * A blown-out white sky (docs/decisions/450): a top-border superpixel at least this light
   * (OKLab L ×100), neutral (chroma ≤ `skyWhiteChroma`) and smooth (lightness spread ≤
   * `skyWhiteSpread`) starts the sky too, which grows to neighbours as light and neutral
   * (0: off).
   */
  skyWhite: number;
  skyWhiteChroma: number;
  skyWhiteSpread: number;
  /**
   * Window trims (docs/decisions/189, `opening-trims.ts`): a line is unlike the wall when at
   * least this far from it (OKLab ×100; 0: no trims) and this many times the wall's spread…
   */
  trimContrast: number;
  trimSpread: number;
  /** …a trim is at most this share of the opening's shorter side wide… */
  trimWidth: number;
  /** …two panes join across a bar at most this share of their height (width) wide… */
  trimPaneGap: number;
  /** …and a band runs all along a side when this share of its pixels is unlike the wall. */
  trimAlong: number;
  /**
   * Open shutters beside a window (docs/decisions/495, `opening-shutters.ts`): a leaf is
   * between these shares of the window's width wide (`shutterNarrowest` 0: none)…
   */
  shutterNarrowest: number;
  shutterWidest: number;
  /** …its columns at least this far (OKLab ×100) from the wall beyond it… */
  shutterContrast: number;
  /** …along this share of its middle column; the two leaves' widths within this factor. */
  shutterAlong: number;
  shutterWidthRatio: number;
  /** …and the window at least this many times as tall as wide, and this many superpixel sizes wide. */
  shutterUpright: number;
  shutterMinimumWidth: number;
  /**
   * A wall click's cuts split at bands of wall (docs/decisions/180, `wall-bands.ts`): lines
   * holding at least this share of the wall's pixels (above 1: no split)…
   */
  bandWallShare: number;
  /** …that the cut's sides cross at most this strongly (× the photo's mean edge)… */
  bandSide: number;
  /** …over at least this many superpixel sizes; pieces left at least this long (superpixel sizes). */
  bandMinimum: number;
  bandMinimumPiece: number;
  /**
   * Column bands a piece apart narrower than this (superpixel sizes) are a shutter's boards of
   * the wall's colour between its dark joints, not piers (b0010): the cut stays whole.
   */
  bandMinimumGap: number;
  /** Above 0: a band's lines are crossed by edges at most this strongly on average (× the mean edge). */
  bandPlain: number;
  /**
   * A railing's cut (decision 052) is not split at bands of wall: the slab and plinth under its
   * bars are of the wall's stone and plain, and a band there left them in the wall
   * (docs/decisions/335-railings-keep-their-slab.md; false: split as before).
   */
  bandSparesRailings: boolean;
  /** Above 0: a band touches the wall beside the cut at both ends and is within this of its colour. */
  bandMatch: number;
  /**
   * Windows found in part (docs/decisions/220, `opening-completion.ts`): a wall click's cut goes
   * on down (up) while both its sides stay edges at least this strong (× the photo's mean edge;
   * 0: never)…
   */
  completionSide: number;
  /** …to the strongest line across it at least this strong… */
  completionEnd: number;
  /** …the completed cut at most this many times as high as wide; cuts at most this many times as wide as high. */
  completionAspect: number;
  completionWidth: number;
  /** …when at most this share of the part it adds is of the clicked wall's own colour (above 1: any)… */
  completionWallShare: number;
  /**
   * …or when that part is at least this much lighter than the wall beyond both of the cut's
   * sides, or of another hue by as much (OKLab ×100; 0: never): curtains, blinds, glass
   * reflecting the sky (docs/decisions/288-light-window-parts-unlike-their-sides.md).
   */
  completionUnlikeSides: number;
  /**
   * A part of the wall's colour is still added when a dark frame line runs on along both its sides
   * as along the cut's, darker than the part by this much (OKLab L ×100; 0: never;
   * docs/decisions/400-frames-running-on-past-the-cut.md).
   */
  completionFrameContrast: number;
  /**
   * The sides may fade along this many whole stretches (half a superpixel size each) right past
   * the cut, a transom bar of the frame's colour running across, and go on beyond it (0: never;
   * a fraction acts about as the whole number below it, so a value below 1 turns it off too;
   * docs/decisions/485-windows-completed-past-a-transom-bar.md).
   */
  completionBar: number;
  /**
   * A wall click also cuts the window its cuts' grid predicts where none was cut: a column of
   * at least `gridCompletePeers` cuts with sides within `gridCompleteSlack` × their width (0:
   * never) meets a floor of at least `gridCompleteFloor` cuts in other columns, and the place
   * differs from the wall beyond each of its sides by `gridCompleteUnlike` (OKLab ×100) and is
   * nearer to its column's windows (docs/decisions/333-windows-completing-the-grid.md).
   */
  gridCompleteSlack: number;
  gridCompletePeers: number;
  gridCompleteFloor: number;
  gridCompleteUnlike: number;
  /**
   * Such a place a cut already holds in part (each within it, together less than
   * `gridCompletePartCover` of it; 0: never) is cut whole when its column holds at least
   * `gridCompletePartColumn` of the window-shaped cuts across its span, or the place less its
   * cuts is `gridCompletePartUnlike` (OKLab ×100) from the wall beyond each side
   * (docs/decisions/430-grid-places-cut-in-part.md).
   */
  gridCompletePartCover: number;
  gridCompletePartColumn: number;
  gridCompletePartUnlike: number;
  /**
   * A place the grid adds grows to a taller place its floor put in the same column (not added)
   * when that place less the cuts is `gridCompleteTallerUnlike` (OKLab ×100) from the wall beyond
   * each side (0: never; docs/decisions/580-grid-places-grow-to-their-floor.md).
   */
  gridCompleteTallerUnlike: number;
  /**
   * A wall click's window cut gives back a side column to the wall when at least
   * `cutSideShare` of its pixels (0: never) are within `cutSideNear` (OKLab ×100) of the wall
   * in a band of `cutSideBand` pixels beyond that side and nearer to it than to the cut's
   * middle, at most `cutSideMost` of its width a side
   * (docs/decisions/339-cut-sides-give-back-wall.md).
   */
  cutSideShare: number;
  cutSideNear: number;
  cutSideMost: number;
  cutSideBand: number;
  /** The top of such a cut gives back its rows the same way (its foot never does). */
  cutSideTop: boolean;
  /**
   * A balcony's or balustrade's cut gives back its lowest rows the same way, against the band
   * under its foot, at most this share of its height (0: never; its sides and top stay)
   * (docs/decisions/440-balcony-cut-foot-gives-back-wall.md).
   */
  cutSideBalconyFoot: number;
  /**
   * Such a cut also gives back its lowest rows, from its foot up, while each looks like the wall
   * beside the balcony at that row (beyond the run of balcony cuts the row crosses) as decision
   * 339 tells it, at most this share of its height (0: never); a strip beside counts while within
   * `cutSideBalconyBesideUnder` (OKLab ×100) of the band under the foot: the wall beside runs on
   * down, a string course the slab sits on or the slab's shadow along the wall does not
   * (docs/decisions/490-balcony-foot-like-the-wall-beside.md).
   */
  cutSideBalconyBeside: number;
  cutSideBalconyBesideUnder: number;
  /**
   * Neither give-back for a cut whose foot is a found window's head centred under it: decision
   * 415 ended the balcony there, its foot is no slab over wall
   * (docs/decisions/505-balcony-foot-on-a-window-head.md).
   */
  cutSideFootOnWindow: boolean;
  /**
   * A ground opening's cut gives back its highest rows, from its head down, while each looks
   * like the wall beside it at that row (beyond the run of ground openings the row crosses) as
   * decision 339 tells it, at most this share of its height (0: never)
   * (docs/decisions/550-ground-opening-head-like-the-wall-beside.md).
   */
  cutSideGroundHead: number;
  /**
   * A detected cut at least this many times as wide as high (0: never) and `rimMinimumWidth`
   * superpixel sizes wide, a balustrade's or railing's dark band, reaches up and down, at most
   * `rimReach` of its height, to the strongest step at least `rimStep` (OKLab lightness × 100)
   * from a lighter row on its side to a darker one beyond: its coping and its plinth
   * (docs/decisions/510-long-cuts-take-coping-and-plinth.md).
   */
  rimAspect: number;
  rimMinimumWidth: number;
  rimReach: number;
  rimStep: number;
  /**
   * Balustrades (docs/decisions/360-balustrades-by-their-pitch.md): balusters at a pitch
   * between these shares of the photo's longer side (0 longest: off)…
   */
  balustradeShortest: number;
  balustradeLongest: number;
  /** …each row's stretch at least this autocorrelated at that pitch… */
  balustradeCorrelation: number;
  /** …and the band found grown up and down by this share of its height (the coping, the plinth). */
  balustradeGrow: number;
  /**
   * One balustrade's runs between its posts joined when at most this many pitches apart (0:
   * never), the band so joined down to its plinth's foot within this share of its height
   * (docs/decisions/402-balustrades-along-their-run.md).
   */
  balustradeJoinGap: number;
  balustradePlinthReach: number;
  /** …and on past each end by this many times the widest post between its runs (0: never) (docs/decisions/506-balustrade-end-posts.md). */
  balustradeEndPost: number;
  /**
   * Balustrades are searched a second time with balusters at most this share of the photo's
   * longer side apart (0: not searched again), standing at least `balustradeFineHeight` pitches
   * high: that search's shorter windows along a row fit a short run between posts, and its
   * narrower high pass a run's shaded end (docs/decisions/560-balustrades-at-a-finer-pitch.md).
   */
  balustradeFine: number;
  balustradeFineHeight: number;
  /**
   * A wall click's cut more than this many times as wide as high (0: none) and lower than
   * `stripHeight` superpixel sizes, neither a railing nor within `stripGap` superpixel sizes of
   * another cut above or below it, is a strip of ornament's shadow and stays wall
   * (docs/decisions/203-ornament-strips.md).
   */
  stripAspect: number;
  stripHeight: number;
  stripGap: number;
  /**
   * 1: the strips a cut falls into at its bands of wall (docs/decisions/180) are tested as
   * decision 203's, glued to no strip (docs/decisions/272-strips-from-wall-bands.md); 0: they
   * are not tested.
   */
  stripPieces: number;
  /**
   * A wall click's cut at least this many times as wide as another (0: off) that lies within its
   * columns (`overhangSpans` of its width), starts inside it and reaches below it by more than
   * `overhangBelow` × its height overhangs that window's head (capitals, a hood's shadow) and
   * stays wall (docs/decisions/306-cuts-over-a-window-head.md).
   */
  overhangWidth: number;
  overhangBelow: number;
  overhangSpans: number;
  /**
   * A wall click's cut at most `hoodHeight` of a window cut's height (0: off), ending at most
   * `hoodGap` superpixel sizes over its top or starting that close under its foot, reaching past
   * both its sides and `1 + hoodWider` to `hoodWidest` times as wide, is that window's hood or
   * sill and stays wall, unless within two `hoodGap`s of a balcony
   * (docs/decisions/327-hoods-and-sills-apart-from-their-window.md).
   */
  hoodHeight: number;
  hoodGap: number;
  hoodWider: number;
  hoodWidest: number;
  /**
   * A strip over a window's cut at most this share of the window's height high (0: off) and
   * `stripAspect` times as wide as high, at most `headBoxGap` of the window's smaller side above
   * it, the strips so found spanning `headBoxSpans` of its width, none reaching past both of its
   * sides by more than `headBoxPast` of it, with the window's sides running on as edges up to
   * them (`completionSide` × the mean edge), is the box of its blind: the cut goes up to its top
   * (docs/decisions/480-window-head-boxes.md).
   */
  headBoxHeight: number;
  headBoxGap: number;
  headBoxSpans: number;
  headBoxPast: number;
  /**
   * A wall click's cuts holding the clicked point stay wall, with the cuts at least
   * `clickedCutInside` inside them (0: off) and, for the detector's, the cuts of their floor
   * within `clickedCutSize` of their width and height whose likeness to them is at least
   * `clickedCutLikeness`, their mean colours within `clickedCutColour` (OKLab × 100), and the
   * cuts within `clickedCutBeside` superpixel sizes of them of that colour (0: none)
   * (docs/decisions/326-a-wall-click-inside-a-cut.md).
   */
  clickedCutInside: number;
  clickedCutSize: number;
  clickedCutLikeness: number;
  clickedCutColour: number;
  clickedCutBeside: number;
  /**
   * A later wall click on a layer keeps the cuts of its earlier clicks at least
   * `earlierCutCells` superpixel sizes squared large (0: off) whose reach its own cuts cover at
   * most `earlierCutCovered` of, but for those it lands in or asks back
   * (docs/decisions/590-earlier-cuts-a-later-click-misses.md).
   */
  earlierCutCells: number;
  earlierCutCovered: number;
  /**
   * A wall click's window cut is split at its runs of plain rows: rows whose crossing edges are
   * at most `plainRowShare` of its busiest row's (0: off), over at least `plainRowRun`
   * superpixel sizes, leaving at least `plainRowPiece` on each side; each piece takes back
   * `plainRowGiveBack` of the run beside it (docs/decisions/271-cuts-split-at-plain-rows.md).
   */
  plainRowShare: number;
  plainRowRun: number;
  plainRowPiece: number;
  plainRowGiveBack: number;
  /**
   * A wall click's material is the colour most of the area within this many superpixel sizes
   * of the click shares, not the clicked superpixel's own: a click on a cornice's or a
   * rustication joint's shadow takes the wall around it (docs/decisions/227-click-material.md).
   * 0: the clicked superpixel's colour.
   */
  clickMaterialReach: number;
}

export const defaultFacadeTuning: FacadeTuning = {
  superpixelCount: 3000,
  compactness: 10,
  iterations: 5,
  lightnessWeight: 0.4,
  sampleStep: 3,
  sampleDistance: 8,
  surfaceDistance: 12,
  spreadFactor: 1.5,
  openingMinimumFill: 0.55,
  openingMaximumShare: 0.2,
  snapReach: 0.3,
  openingSteps: [2, 3, 4, 5, 6, 8, 10, 13],
  openingsFirst: false,
  detectorDarkness: 6,
  detectorRadius: 6,
  detectorGapShare: 0.12,
  detectorGapRelative: 0.2,
  detectorMinimumFill: 0.35,
  detectorMinimumSide: 0.4,
  detectorMaximumAspect: 12,
  detectorOutline: 1,
  textureCount: 100,
  wallDistance: 6,
  wallLightnessWeight: 1,
  similarExampleGrowth: 3,
  similarExampleWidening: 1.5,
  detectorWallMargin: 5,
  detectorStreakLength: 0.15,
  detectorStreakThickness: 1,
  detectorWideRadius: 2,
  shadowBandContrast: 6,
  shadowBandWidth: 3,
  shadowBandSide: 1.5,
  shadowBandOutline: 1,
  gridLevel: 0.35,
  gridFill: 0.2,
  gridMargin: 0.1,
  gridOutline: 0.7,
  gridLoneOutline: 2.5,
  gridSplit: 0.1,
  gridSplitGap: 1,
  gridSplitShape: 0.5,
  gridCrownLone: 1,
  railingEdge: 2,
  railingRowShare: 0.35,
  railingColumnShare: 0.45,
  railingMinimumHeight: 1,
  railingBridge: 3,
  railingAspect: 1.5,
  railingGrow: 0.5,
  railingSlab: 0.5,
  railingPierBridge: 1.5,
  railingPierDark: 0.3,
  railingPierEdges: 0.1,
  railingOffStreet: 0.08,
  subtractSurfaceShare: 0.3,
  subtractUnlikeWall: 12,
  subtractOpeningFirst: 1,
  subtractToFoot: 0.12,
  subtractOwnMaterial: 1,
  subtractColumnPeers: 2,
  subtractColumnSlack: 0.1,
  subtractOverGround: 1,
  sidePieceHue: 0.5,
  sideLightness: 0.6,
  topPieceRelief: 2,
  groundProbe: 0.12,
  groundReach: 0.3,
  groundDarkness: 6,
  groundWallQuantile: 0.65,
  groundColumnFill: 0.6,
  groundRowFill: 0.5,
  groundMinimumWidth: 2,
  groundMinimumHeight: 2,
  groundMaximumWidthShare: 0.35,
  groundOutline: 1.5,
  groundLintel: 0.5,
  groundJoin: 1,
  groundJoinPier: 0.5,
  groundJoinRuns: 3,
  groundPost: 1,
  groundPostHead: 0.5,
  groundPostWidth: 1,
  groundInnerJamb: 2,
  groundRiseDarkness: 6,
  groundRiseGap: 2,
  groundDoorProbe: 0.08,
  groundDoorWallQuantile: 0.6,
  groundDoorMinimumWidth: 1.5,
  balconyEdge: 2,
  balconyDensity: 0.4,
  balconyWindow: 5,
  balconyMinimumWidth: 2,
  balconyMinimumHeight: 0.8,
  balconyMaximumHeight: 5,
  balconySlab: 1,
  balconySlabShare: 0.3,
  balconyOutline: 3,
  balconyPartnerOutline: 2,
  balconyPartnerReach: 0.5,
  balconyPartnerPeers: 2,
  balconyJoinReach: 4,
  balconyShadeReach: 1,
  balconyShadeDarker: 15,
  balconyShadeOpening: 0.5,
  balconyRailTop: 1.5,
  balconyRailBusy: 0.5,
  balconyRailContrast: 3,
  balconyBesideDarker: 5,
  balconyBesideHue: 2,
  balconyBesideReach: 1,
  balconyFootNear: 4,
  balconyFootMost: 0.25,
  balconyFootBars: 1.5,
  balconyFootCalm: 0.1,
  balconyFootGap: 0.25,
  balconyFootGapNear: 1.5,
  balconyWindowUnderReach: 3.5,
  balconyWindowUnderCentre: 0.15,
  balconyWindowUnderShare: 0.5,
  balconyWindowUnderAspect: 0.7,
  balconyWindowUnderNear: 6,
  balconyWindowUnderOwn: 0.6,
  balconyWindowUnderWiden: 0.3,
  balconyWindowFootOutline: 0.5,
  balconyBesideWindowBusier: 2,
  balconyShadeAlongDarker: 7.5,
  balconyDeepSlab: 5,
  balconyDeepHandrail: 1.5,
  balconyDeepReach: 1.5,
  balconyRepeatLikeness: 0.6,
  balconyRepeatOverlap: 0.3,
  balconyRepeatBars: 0.7,
  balconyRepeatOwnBars: 0.3,
  balconyRepeatHalfBars: 0.35,
  balconyRepeatFloorsOfRepeats: 1,
  balconyAlongShare: 0.7,
  balconyAlongLeast: 1.5,
  balconyAlongBars: 0.5,
  balconyAlongExampleBars: 0.8,
  balconyFaintSlab: 4,
  balconyStackShare: 0.8,
  balconyStackRail: 0.25,
  balconyStackDarker: 10,
  balconyEndsShare: 0.8,
  balconyEndsPeers: 3,
  balconyEndsReach: 0.25,
  enclosedOutline: 2.5,
  enclosedFill: 0.6,
  enclosedMinimumSide: 1,
  enclosedMaximumShare: 0.05,
  repeatSizeSlack: 0.3,
  repeatLineOverlap: 0.6,
  repeatCorrelation: 0.5,
  repeatOutline: 0.5,
  repeatShift: 0.15,
  repeatOverlap: 0.2,
  repeatGapLeast: 1.15,
  overRailingLowest: 0.5,
  overRailingHighest: 1.6,
  overRailingOutline: 1,
  overRailingWide: 2,
  overRailingSnap: 1.5,
  underOpeningReach: 1,
  underOpeningMargin: 0.2,
  skyTopBlueness: -2.5,
  skyBlueness: -0.5,
  skyStep: 5,
  skyWhite: 98,
  skyWhiteChroma: 1.5,
  skyWhiteSpread: 1,
  trimContrast: 6,
  trimSpread: 3,
  trimWidth: 0.25,
  trimPaneGap: 0.2,
  trimAlong: 0.8,
  shutterNarrowest: 0.15,
  shutterWidest: 0.6,
  shutterContrast: 8,
  shutterAlong: 0.8,
  shutterWidthRatio: 2,
  shutterUpright: 1.2,
  shutterMinimumWidth: 2,
  bandWallShare: 0.8,
  bandSparesRailings: true,
  bandSide: 1.2,
  bandMinimum: 0.15,
  bandMinimumPiece: 0.4,
  bandMinimumGap: 0.6,
  bandPlain: 1,
  bandMatch: 8,
  completionSide: 1.5,
  completionEnd: 1.5,
  completionAspect: 2.5,
  completionWidth: 4,
  completionWallShare: 0.5,
  completionUnlikeSides: 6,
  completionFrameContrast: 8,
  completionBar: 1,
  gridCompleteSlack: 0.1,
  gridCompletePeers: 2,
  gridCompleteFloor: 1,
  gridCompleteUnlike: 8,
  gridCompletePartCover: 0.8,
  gridCompletePartColumn: 0.5,
  gridCompletePartUnlike: 8,
  gridCompleteTallerUnlike: 8,
  cutSideShare: 0.6,
  cutSideNear: 6,
  cutSideMost: 0.2,
  cutSideBand: 3,
  cutSideTop: true,
  cutSideBalconyFoot: 0.05,
  cutSideBalconyBeside: 0.15,
  cutSideBalconyBesideUnder: 6,
  cutSideFootOnWindow: true,
  cutSideGroundHead: 0.25,
  rimAspect: 6,
  rimMinimumWidth: 6,
  rimReach: 0.4,
  rimStep: 6,
  balustradeShortest: 0.003,
  balustradeLongest: 0.012,
  balustradeCorrelation: 0.5,
  balustradeGrow: 0,
  balustradeJoinGap: 4,
  balustradePlinthReach: 0.4,
  balustradeEndPost: 1,
  balustradeFine: 0.008,
  balustradeFineHeight: 2.5,
  stripAspect: 5,
  stripHeight: 1.3,
  stripGap: 0.5,
  stripPieces: 1,
  overhangWidth: 1.5,
  overhangBelow: 1,
  overhangSpans: 0.8,
  hoodHeight: 0.6,
  hoodGap: 0.5,
  hoodWider: 0.2,
  hoodWidest: 2.5,
  headBoxHeight: 0.5,
  headBoxGap: 0.6,
  headBoxSpans: 0.8,
  headBoxPast: 0.3,
  clickedCutInside: 0.5,
  clickedCutSize: 0.3,
  clickedCutLikeness: 0.6,
  clickedCutColour: 6,
  clickedCutBeside: 1,
  earlierCutCells: 6,
  earlierCutCovered: 0.25,
  plainRowShare: 0.15,
  plainRowRun: 0.6,
  plainRowPiece: 0.4,
  plainRowGiveBack: 0.2,
  clickMaterialReach: 4,
};

/** What the editor is marking: a large surface (walls, roof) or an opening (window, door). */
export type FacadeElementKind = 'surface' | 'opening';

/**
 * The per-image analysis. `onProgress` receives 0…1 (the editor shows it: preparing a
 * 1.5 MP photo takes about a second).
 */
export function prepareFacadeImage(
  pixels: RgbaPixels,
  options: { tuning?: Partial<FacadeTuning>; onProgress?: (done: number) => void } = {},
): FacadeImage {
  const tuning = { ...defaultFacadeTuning, ...options.tuning };
  const report = options.onProgress ?? (() => {});
  const { width, height } = pixels;
  const lab = boxBlur(convertToOklab(pixels), width, height, 1);
  report(0.1);
  const { edges, verticalEdgeSums, horizontalEdgeSums } = edgesAndDirectionalSums(lab, width, height);
  report(0.2);
  const size = Math.max(6, Math.sqrt((width * height) / tuning.superpixelCount));
  const superpixels = computeSuperpixels(
    lab,
    edges,
    width,
    height,
    { size, compactness: tuning.compactness, iterations: tuning.iterations },
    (done) => report(0.2 + 0.7 * done),
  );
  const image: FacadeImage = {
    width,
    height,
    lab,
    superpixels,
    verticalEdgeSums,
    horizontalEdgeSums,
    openings: [],
    groundOpenings: [],
    balconyOpenings: [],
    balustrades: [],
    wall: { l: 0, a: 0, b: 0, spread: 0, limit: 0, lightnessWeight: tuning.lightnessWeight },
    tuning,
  };
  // The openings of the main wall, for "select all similar" (decision 051). Its colour is
  // told apart with lightness counting fully: a grey window must not pass for a grey wall.
  const dominant = dominantSuperpixel(image, tuning.wallLightnessWeight, tuning.wallDistance);
  // Without decision 150's enclosed pieces and repeats, which only wall clicks cut: as
  // examples and bounds for window clicks and "select all similar" they cost all windows
  // 0.526 → 0.510 on the CMP photos (their sides sit a pixel or two off the frames). Found
  // here all the same: the repeats' looks are kept for the main wall's clicks.
  const main = analyseSurface(image, dominant);
  image.openings = main.openings;
  image.wall = main.wall;
  // Made here, where the user waits with a progress bar, not on the first click.
  labelRuns(superpixels.labels);
  const groundTuning = {
    probe: tuning.groundProbe,
    reach: tuning.groundReach,
    darkness: tuning.groundDarkness,
    wallQuantile: tuning.groundWallQuantile,
    columnFill: tuning.groundColumnFill,
    rowFill: tuning.groundRowFill,
    minimumWidth: tuning.groundMinimumWidth,
    minimumHeight: tuning.groundMinimumHeight,
    maximumWidthShare: tuning.groundMaximumWidthShare,
    outline: tuning.groundOutline,
    lintel: tuning.groundLintel,
    join: tuning.groundJoin,
    joinPier: tuning.groundJoinPier,
    joinRuns: tuning.groundJoinRuns,
    post: tuning.groundPost,
    postHead: tuning.groundPostHead,
    postWidth: tuning.groundPostWidth,
    innerJamb: tuning.groundInnerJamb,
    riseDarkness: tuning.groundRiseDarkness,
    riseGap: tuning.groundRiseGap,
  };
  image.groundOpenings = groundOpenings(image, groundTuning);
  // A door click is bounded by the detected opening around it (decision 058), and the main
  // wall's cuts hold almost no doors: the ground floor's openings count as detected too
  // (decision 140: doors 0.816 → 0.859; windows and select all similar unchanged). Those come
  // from a stricter pass than the wall's cuts: a higher probe and a lighter wall reference find
  // more shop fronts for the wall to leave out, but draw some doors' sides a pier wider, and a
  // door click then takes the pier (docs/decisions/156: doors 0.859 → 0.845 with one pass).
  image.openings.push(
    ...groundOpenings(image, {
      ...groundTuning,
      probe: tuning.groundDoorProbe,
      wallQuantile: tuning.groundDoorWallQuantile,
      minimumWidth: tuning.groundDoorMinimumWidth,
      // Door clicks the same with the lintel step (0.859 at 0.5): decision 140's pass as it was.
      lintel: 0,
      // Nor joined runs: door clicks stay on decision 140's pass (docs/decisions/421).
      join: 0,
      // Nor the post's (docs/decisions/475-ground-opening-past-a-post.md).
      post: 0,
      // Nor the inner jamb (docs/decisions/520-ground-opening-inner-jamb.md).
      innerJamb: 0,
      // Nor the head's rise (docs/decisions/521-ground-opening-head-rise.md).
      riseDarkness: 0,
    }),
  );
  image.balconyOpenings = balconyOpenings(image, {
    ...defaultBalconyTuning,
    edge: tuning.balconyEdge,
    density: tuning.balconyDensity,
    window: tuning.balconyWindow,
    minimumWidth: tuning.balconyMinimumWidth,
    minimumHeight: tuning.balconyMinimumHeight,
    maximumHeight: tuning.balconyMaximumHeight,
    slab: tuning.balconySlab,
    slabShare: tuning.balconySlabShare,
    outline: tuning.balconyOutline,
    partnerOutline: tuning.balconyPartnerOutline,
    partnerReach: tuning.balconyPartnerReach,
    partnerPeers: tuning.balconyPartnerPeers,
    joinReach: tuning.balconyJoinReach,
    railTop: tuning.balconyRailTop,
    railBusy: tuning.balconyRailBusy,
    railContrast: tuning.balconyRailContrast,
    besideDarker: tuning.balconyBesideDarker,
    besideHue: tuning.balconyBesideHue,
    besideReach: tuning.balconyBesideReach,
    footNear: tuning.balconyFootNear,
    footMost: tuning.balconyFootMost,
    footBars: tuning.balconyFootBars,
    footCalm: tuning.balconyFootCalm,
    footGap: tuning.balconyFootGap,
    footGapNear: tuning.balconyFootGapNear,
    shadeReach: tuning.balconyShadeReach,
    shadeDarker: tuning.balconyShadeDarker,
    shadeOpening: tuning.balconyShadeOpening,
    shadeAlongDarker: tuning.balconyShadeAlongDarker,
    deepSlab: tuning.balconyDeepSlab,
    deepHandrail: tuning.balconyDeepHandrail,
    deepReach: tuning.balconyDeepReach,
    repeatLikeness: tuning.balconyRepeatLikeness,
    repeatOverlap: tuning.balconyRepeatOverlap,
    repeatBars: tuning.balconyRepeatBars,
    repeatOwnBars: tuning.balconyRepeatOwnBars,
    repeatHalfBars: tuning.balconyRepeatHalfBars,
    repeatFloorsOfRepeats: tuning.balconyRepeatFloorsOfRepeats,
    alongShare: tuning.balconyAlongShare,
    alongLeast: tuning.balconyAlongLeast,
    alongBars: tuning.balconyAlongBars,
    alongExampleBars: tuning.balconyAlongExampleBars,
    faint: { ...defaultFaintRailingTuning, slab: tuning.balconyFaintSlab },
    windowFoot: { ...defaultWindowFootTuning, outline: tuning.balconyWindowFootOutline },
    besideWindow: { ...defaultRailingBesideWindowTuning, busier: tuning.balconyBesideWindowBusier },
    stack: {
      depthShare: tuning.balconyStackShare,
      depthRail: tuning.balconyStackRail,
      depthDarker: tuning.balconyStackDarker,
      endsShare: tuning.balconyEndsShare,
      endsPeers: tuning.balconyEndsPeers,
      endsReach: tuning.balconyEndsReach,
    },
    overWindow: {
      reach: tuning.balconyWindowUnderReach,
      centre: tuning.balconyWindowUnderCentre,
      share: tuning.balconyWindowUnderShare,
      aspect: tuning.balconyWindowUnderAspect,
      near: tuning.balconyWindowUnderNear,
      own: tuning.balconyWindowUnderOwn,
      widen: tuning.balconyWindowUnderWiden,
    },
  });
  const balustrades = {
    ...defaultBalustradeTuning,
    shortestPitch: Math.max(2, Math.round(tuning.balustradeShortest * Math.max(width, height))),
    longestPitch: Math.round(tuning.balustradeLongest * Math.max(width, height)),
    correlation: tuning.balustradeCorrelation,
    grow: tuning.balustradeGrow,
    joinGap: tuning.balustradeJoinGap,
    plinthReach: tuning.balustradePlinthReach,
    endPost: tuning.balustradeEndPost,
  };
  image.balustrades = findBalustrades(image, balustrades);
  // Again at a finer pitch: its windows along a row are shorter and its high pass narrower, so
  // they fit the short runs of balusters between close posts that every window at the longer
  // pitch straddles, and a run's end in deep shade no longer outweighs its balusters; its bands
  // must stand taller in pitches, above a patterned wall's grain
  // (docs/decisions/560-balustrades-at-a-finer-pitch.md).
  const fine = Math.round(tuning.balustradeFine * Math.max(width, height));
  if (tuning.balustradeLongest > 0 && fine > balustrades.shortestPitch && fine < balustrades.longestPitch) {
    image.balustrades.push(
      ...findBalustrades(image, {
        ...balustrades,
        longestPitch: fine,
        minimumHeightPitches: tuning.balustradeFineHeight,
      }),
    );
  }
  report(1);
  return image;
}

/** The selection a click at `point` makes when marking an element of `kind`. */
export function selectFacadeElement(image: FacadeImage, point: Point, kind: FacadeElementKind): Bitmask {
  const x = Math.round(point.x);
  const y = Math.round(point.y);
  const isInside = x >= 0 && y >= 0 && x < image.width && y < image.height;
  if (!isInside || kind === 'opening') {
    const selection = createBitmask(image.width, image.height);
    if (isInside) paintRectangle(selection, findOpening(image, { x, y }));
    return selection;
  }
  return surfaceLessCuts(image, { x, y }, true);
}

/**
 * A wall click in its two parts: the surface it reaches (the clicked material and what it
 * encloses, but for what it encloses right under a found opening: docs/decisions/206) and the rectangles it cuts out of it (the surface's openings and the wall-only ones
 * of docs/decisions/150 but those overhanging a window's head (docs/decisions/306), split at the bands of wall through them (docs/decisions/180; the strips
 * that makes stay wall, docs/decisions/272) and at their plain rows (docs/decisions/271), the
 * ground floor's and the balconies), but for those around the clicked point and their likes
 * (docs/decisions/326); the window cuts' sides give back the wall they overreached onto
 * (docs/decisions/339). The bench tells the wall a click misses by these parts. `aroundClick`
 * false: the clicked superpixel's own material only, as a shift-click takes it (docs/decisions/343).
 */
export function surfaceClick(
  image: FacadeImage,
  point: Point,
  aroundClick = true,
  earlier: readonly Rectangle[] = [],
): { surface: Bitmask; cuts: Rectangle[]; remembered: Rectangle[] } {
  const x = Math.min(image.width - 1, Math.max(0, Math.round(point.x)));
  const y = Math.min(image.height - 1, Math.max(0, Math.round(point.y)));
  const surface = createBitmask(image.width, image.height);
  const seed = image.superpixels.labels[y * image.width + x] as number;
  const analysis = analyseSurface(image, seed, { x, y }, aroundClick);
  paintMembers(surface.data, image.superpixels.labels, analysis.members);
  if (analysis.underOpenings.includes(1)) {
    paintMembers(surface.data, image.superpixels.labels, analysis.underOpenings, 0);
  }
  // The detector's cuts stop at the glass: the panes join across their mullion and take their
  // painted trims (docs/decisions/189).
  const trims = trimTuning(image.tuning);
  const cell = Math.sqrt((image.width * image.height) / image.superpixels.count);
  // Open shutters beside a window join its cut (docs/decisions/495).
  const shutters = {
    narrowest: image.tuning.shutterNarrowest,
    widest: image.tuning.shutterWidest,
    contrast: image.tuning.shutterContrast,
    along: image.tuning.shutterAlong,
    widthRatio: image.tuning.shutterWidthRatio,
    upright: image.tuning.shutterUpright,
    minimumWidth: image.tuning.shutterMinimumWidth * cell,
  };
  // First split at the bands of wall through them (docs/decisions/180).
  const bands = {
    wallShare: image.tuning.bandWallShare,
    side: image.tuning.bandSide,
    minimumBand: Math.max(2, Math.round(image.tuning.bandMinimum * cell)),
    minimumPiece: Math.max(2, Math.round(image.tuning.bandMinimumPiece * cell)),
    minimumGap: Math.round(image.tuning.bandMinimumGap * cell),
    plain: image.tuning.bandPlain,
    match: image.tuning.bandMatch,
  };
  // A cut overhanging a window's head (capitals, a hood's shadow) stays wall; the window keeps
  // its own cut (docs/decisions/306-cuts-over-a-window-head.md).
  const detected = [...analysis.openings, ...analysis.wallOnly];
  const overhangs = {
    width: image.tuning.overhangWidth,
    below: image.tuning.overhangBelow,
    spans: image.tuning.overhangSpans,
  };
  const overhung = detected.filter((cut) => !overhangsAHead(cut, detected, analysis.railings, overhangs));
  // So do a window's hood and sill cut apart from it (docs/decisions/327).
  const hoods = {
    height: image.tuning.hoodHeight,
    gap: image.tuning.hoodGap * cell,
    wider: image.tuning.hoodWider,
    widest: image.tuning.hoodWidest,
  };
  const found = overhung.filter(
    (cut) => !isHoodOrSill(cut, overhung, analysis.railings, image.balconyOpenings, hoods),
  );
  // Strips of ornament's shadow stay wall (docs/decisions/203); windows found in part go on
  // along their sides (docs/decisions/220).
  const strips = stripTuning(image.tuning, cell);
  const completed = completeOpenings(
    image,
    found.filter((cut) => !isOrnamentStrip(cut, found, analysis.railings, strips)),
    {
      side: image.tuning.completionSide,
      end: image.tuning.completionEnd,
      maximumAspect: image.tuning.completionAspect,
      maximumWidth: image.tuning.completionWidth,
      wallShare: image.tuning.completionWallShare,
      unlikeSides: image.tuning.completionUnlikeSides,
      frameContrast: image.tuning.completionFrameContrast,
      bar: image.tuning.completionBar,
    },
    (px, py) => analysis.ownColour[image.superpixels.labels[py * image.width + px] as number] === 1,
  );
  const split = withoutStripPieces(
    completed,
    completed.map((cut) =>
      image.tuning.bandSparesRailings && analysis.railings.includes(cut)
        ? [cut]
        : withoutWallBands(image, cut, analysis.ownColour, bands),
    ),
    analysis.railings,
    strips,
    image.tuning.stripPieces > 0,
  );
  // A blind's box over a window is the window's head (docs/decisions/480-window-head-boxes.md).
  const headed = withHeadBoxes(
    image,
    split,
    [...found, ...split],
    analysis.railings,
    (cut) => isStripShaped(cut, strips),
    {
      height: image.tuning.headBoxHeight,
      aspect: image.tuning.stripAspect,
      gap: image.tuning.headBoxGap,
      spans: image.tuning.headBoxSpans,
      past: image.tuning.headBoxPast,
      jambs: image.tuning.completionSide,
    },
  );
  // A cut over windows stacked in a bay parts at the plain spandrels between them
  // (docs/decisions/271-cuts-split-at-plain-rows.md).
  const plainRows = {
    share: image.tuning.plainRowShare,
    minimumRun: Math.max(2, Math.round(image.tuning.plainRowRun * cell)),
    minimumPiece: Math.max(2, Math.round(image.tuning.plainRowPiece * cell)),
    giveBack: image.tuning.plainRowGiveBack,
  };
  const windows = joinPanes(image, headed, analysis.wall, trims)
    .map((opening) => withTrims(image, opening, analysis.wall, trims))
    .map((opening) => withShutters(image, opening, shutters))
    .flatMap((opening) => splitAtPlainRows(image, opening, plainRows));
  // Windows the detector missed in a full grid of them (docs/decisions/333).
  const missed = gridCompletion(
    image,
    windows,
    [...windows, ...image.groundOpenings, ...image.balconyOpenings],
    {
      slack: image.tuning.gridCompleteSlack,
      maximumAspect: 3,
      columnPeers: image.tuning.gridCompletePeers,
      floorPeers: image.tuning.gridCompleteFloor,
      unlikeSides: image.tuning.gridCompleteUnlike,
      partCover: image.tuning.gridCompletePartCover,
      partColumn: image.tuning.gridCompletePartColumn,
      partUnlike: image.tuning.gridCompletePartUnlike,
      tallerUnlike: image.tuning.gridCompleteTallerUnlike,
    },
  );
  // A click inside one of its cuts says that rectangle is wall, and its likes along the floor
  // (docs/decisions/326-a-wall-click-inside-a-cut.md).
  const candidates = [
    ...windows,
    ...missed,
    ...image.groundOpenings,
    ...image.balconyOpenings,
    ...image.balustrades,
  ];
  const cuts = withoutClickedCuts(
    image,
    candidates,
    x,
    y,
    (cut) =>
      !image.groundOpenings.includes(cut) &&
      !image.balconyOpenings.includes(cut) &&
      !image.balustrades.includes(cut),
    {
      inside: image.tuning.clickedCutInside,
      size: image.tuning.clickedCutSize,
      likeness: image.tuning.clickedCutLikeness,
      colour: image.tuning.clickedCutColour,
      beside: image.tuning.clickedCutBeside * cell,
    },
  );
  // Their sides give back the pier or reveal they overreached onto (docs/decisions/339), the
  // ground floor's doors and shop fronts' too; the balconies' cuts keep their sides and top, and
  // give back the wall under the slab at their foot (docs/decisions/440), and the rows at their
  // foot that look like the wall beside the balcony (docs/decisions/490).
  const sides = {
    share: image.tuning.cutSideShare,
    near: image.tuning.cutSideNear,
    most: image.tuning.cutSideMost,
    band: image.tuning.cutSideBand,
    top: image.tuning.cutSideTop,
  };
  const foot = {
    ...sides,
    foot: image.tuning.cutSideBalconyFoot,
    beside: image.tuning.cutSideBalconyBeside,
    besideUnder: image.tuning.cutSideBalconyBesideUnder,
  };
  // A long dark band's cut takes its light coping and plinth (docs/decisions/510).
  const rims = {
    aspect: image.tuning.rimAspect,
    minimumWidth: image.tuning.rimMinimumWidth * cell,
    reach: image.tuning.rimReach,
    step: image.tuning.rimStep,
  };
  const own = cuts.map((cut) =>
    image.balconyOpenings.includes(cut) || image.balustrades.includes(cut)
      ? balconyFoot(image, cut, foot)
      : image.groundOpenings.includes(cut)
        ? image.tuning.cutSideGroundHead > 0
          ? withHeadLikeBeside(image, withSidesGivenBack(image, cut, sides), image.groundOpenings, {
              ...sides,
              head: image.tuning.cutSideGroundHead,
            })
          : withSidesGivenBack(image, cut, sides)
        : withRims(image, withSidesGivenBack(image, cut, sides), rims),
  );
  // The large cuts of the layer's earlier clicks that this click's own all but miss stay cut
  // (docs/decisions/590-earlier-cuts-a-later-click-misses.md).
  const { kept, remembered } = earlierCutsKept(
    earlier,
    own,
    candidates.filter((cut) => !cuts.includes(cut)),
    surface,
    x,
    y,
    { minimumArea: image.tuning.earlierCutCells * cell * cell, covered: image.tuning.earlierCutCovered },
  );
  return { surface, cuts: [...own, ...kept], remembered };
}

/**
 * A balcony's cut with its foot given back, kept per photo and balcony: the photo's balconies do
 * not depend on the click.
 */
const balconyFeet = new WeakMap<FacadeImage, Map<Rectangle, Rectangle>>();

function balconyFoot(
  image: FacadeImage,
  cut: Rectangle,
  tuning: Parameters<typeof withFootGivenBack>[2],
): Rectangle {
  let feet = balconyFeet.get(image);
  if (!feet) {
    feet = new Map();
    balconyFeet.set(image, feet);
  }
  const known = feet.get(cut);
  if (known) return known;
  const given =
    image.tuning.cutSideFootOnWindow && endsOnAWindowHead(cut, image.openings)
      ? cut
      : withFootGivenBack(image, cut, tuning);
  feet.set(cut, given);
  return given;
}

interface StripTuning {
  aspect: number;
  height: number;
  gap: number;
}

function stripTuning(tuning: FacadeTuning, cell: number): StripTuning {
  return { aspect: tuning.stripAspect, height: tuning.stripHeight * cell, gap: tuning.stripGap * cell };
}

/**
 * The pieces of each of `cuts` after its split at bands of wall (`pieceSets`, one list per
 * cut), less the pieces that are strips of ornament (docs/decisions/272-strips-from-wall-bands.md):
 * a cornice's two shadow lines with the lit moulding between them are one cut of the detector,
 * too high for decision 203's test, until a band parts it. A piece glued to a cut that is no
 * strip stays, as decision 203's transom lights do; a strip is no glue (the two halves of a
 * cornice are not each other's window).
 */
function withoutStripPieces(
  cuts: readonly Rectangle[],
  pieceSets: Rectangle[][],
  railings: readonly Rectangle[],
  tuning: StripTuning,
  enabled: boolean,
): Rectangle[] {
  const all = pieceSets.flat();
  if (!enabled) return all;
  const glue = all.filter((cut) => !isStripShaped(cut, tuning));
  return pieceSets.flatMap((pieces, at) => {
    // A railing's pieces are the railing's (wide and low by nature, decision 203).
    if (pieces.length < 2 || railings.includes(cuts[at] as Rectangle)) return pieces;
    return pieces.filter((piece) => !isOrnamentStrip(piece, [piece, ...glue], railings, tuning));
  });
}

/** More than `aspect` times as wide as high and lower than `height` pixels. */
function isStripShaped(cut: Rectangle, tuning: StripTuning): boolean {
  const width = cut.right - cut.left + 1;
  const height = cut.bottom - cut.top + 1;
  return tuning.aspect > 0 && height < tuning.height && width > tuning.aspect * height;
}

/**
 * A cut that is a strip of a wall's ornament, not an opening (docs/decisions/203-ornament-strips.md):
 * more than `aspect` times as wide as high and lower than `height` pixels (the shadow under a
 * window's hood, a cornice's or a string course's), neither a railing nor glued to another cut
 * (within `gap` pixels above or below it, over half its width: a transom light or a blind's box
 * is part of its window).
 */
function isOrnamentStrip(
  cut: Rectangle,
  cuts: readonly Rectangle[],
  railings: readonly Rectangle[],
  tuning: StripTuning,
): boolean {
  const width = cut.right - cut.left + 1;
  if (!isStripShaped(cut, tuning)) return false;
  if (railings.includes(cut)) return false;
  return !cuts.some((other) => {
    if (other === cut) return false;
    const overlap = Math.min(other.right, cut.right) - Math.max(other.left, cut.left) + 1;
    if (overlap < 0.5 * width) return false;
    const gap =
      other.top > cut.bottom
        ? other.top - cut.bottom - 1
        : cut.top > other.bottom
          ? cut.top - other.bottom - 1
          : -1;
    return gap <= tuning.gap;
  });
}

/**
 * Each pixel takes its superpixel's membership, a run of one superpixel's pixels along a row
 * at a time (`labelRuns`: about 30 times fewer steps than pixels, and `fill` is native). A
 * click's first steps run before V8 has optimised them (docs/decisions/138-wall-click-speed.md).
 */
function paintMembers(data: Uint8Array, labels: Int32Array, members: Uint8Array, value = 1): void {
  const runs = labelRuns(labels);
  for (let at = 0; at < runs.length; at += 3) {
    if (members[runs[at + 2] as number] === 1) data.fill(value, runs[at] as number, runs[at + 1] as number);
  }
}

/** Kept per photo (keyed by its superpixel labels): they do not depend on the click. */
const labelRunCache = new WeakMap<Int32Array, Int32Array>();

/**
 * The label image as runs of one label: start, end (exclusive) and label, three numbers a run,
 * in pixel order (a run may go on from a row's end into the next row: the mask is filled in
 * the same order).
 */
function labelRuns(labels: Int32Array): Int32Array {
  const cached = labelRunCache.get(labels);
  if (cached) return cached;
  const runs: number[] = [];
  let start = 0;
  for (let index = 1; index <= labels.length; index++) {
    if (index < labels.length && labels[index] === labels[start]) continue;
    runs.push(start, index, labels[start] as number);
    start = index;
  }
  const packed = Int32Array.from(runs);
  labelRunCache.set(labels, packed);
  return packed;
}

/**
 * What a subtracting click (shift-click) on a wall or roof layer takes away. On another
 * material (a roof, the sky taken with the wall) that is its surface, as an adding click
 * would select it. But what a wall selection wrongly holds is mostly enclosed by the wall —
 * a shop front, a window, a balcony the detector missed — and the surface under such a click
 * is the wall itself: removing it would empty the layer. So when the surface under the click
 * is larger than `subtractSurfaceShare` of the photo, the opening under the click goes
 * instead, as a window click would find it, when a frame outlines it (docs/decisions/053),
 * or when no frame does but the clicked superpixel is unlike the photo's main wall: a shop
 * front, a balcony in shade (docs/decisions/236-subtract-unlike-wall.md). A framed opening
 * goes on a small surface too (`subtractOpeningFirst`): a click on a balcony whose colour
 * floods a quarter of the photo means the balcony, not that quarter
 * (docs/decisions/289-shift-click-on-a-framed-opening.md). An opening found near the photo's
 * foot goes on down to it: a door or a shop front stands on the street, and what the click
 * finds stops at its kick plate, a car or a tree before it
 * (docs/decisions/330-shift-click-openings-reach-the-foot.md). The surface is the material under
 * the pointer, not the one around the click that an adding click takes: a shift-click points at
 * a small piece of another material (docs/decisions/343-shift-click-material-under-the-pointer.md).
 */
export function subtractFromSurface(image: FacadeImage, point: Point): Bitmask {
  const surface =
    image.tuning.subtractOwnMaterial > 0
      ? surfaceUnderPointer(image, point)
      : selectFacadeElement(image, point, 'surface');
  let area = 0;
  for (const value of surface.data) area += value;
  const isLarge = area > image.tuning.subtractSurfaceShare * image.width * image.height;
  if (!isLarge && image.tuning.subtractOpeningFirst <= 0) return surface;
  const x = Math.min(image.width - 1, Math.max(0, Math.round(point.x)));
  const y = Math.min(image.height - 1, Math.max(0, Math.round(point.y)));
  const found = findOpening(image, { x, y });
  const isFramed = outlineStrength(image, found) >= image.tuning.detectorOutline;
  // Another material (the sky, a roof) with no frame around the click goes whole.
  if (!isLarge && !isFramed) return surface;
  // On plain wall no frame outlines what the click found and the clicked colour is the wall's:
  // the user means the surface.
  const under = isFramed ? undefined : groundOpeningUnder(image, found);
  if (!isFramed && !under && !isUnlikeMainWall(image, { x, y }) && !isInAColumn(image, found)) return surface;
  const opening = createBitmask(image.width, image.height);
  const toFoot = image.tuning.subtractToFoot;
  const isAtFoot = toFoot > 0 && found.bottom >= (1 - toFoot) * image.height;
  paintRectangle(opening, isAtFoot ? { ...found, bottom: image.height - 1 } : found);
  if (under) paintRectangle(opening, under);
  return opening;
}

/**
 * A wall click's selection from the clicked superpixel's own material, not the one around it.
 * A point off the photo (a pointer rounded to its width) takes nothing, as an adding click's.
 */
function surfaceUnderPointer(image: FacadeImage, point: Point): Bitmask {
  const x = Math.round(point.x);
  const y = Math.round(point.y);
  if (x < 0 || y < 0 || x >= image.width || y >= image.height)
    return createBitmask(image.width, image.height);
  return surfaceLessCuts(image, { x, y }, false);
}

/** A surface click's selection: its surface less its cuts (`aroundClick` as for `surfaceClick`). */
function surfaceLessCuts(image: FacadeImage, point: Point, aroundClick: boolean): Bitmask {
  const { surface, cuts } = surfaceClick(image, point, aroundClick);
  for (const cut of cuts) paintRectangle(surface, cut, 0);
  return surface;
}

/**
 * Whether the superpixel under the pixel (`x`, `y`) is further than `subtractUnlikeWall` from
 * the photo's main wall colour, lightness counting fully as for the detector's wall (decision
 * 051: a dark shop front is as grey as a grey stone wall) (docs/decisions/236-subtract-unlike-wall.md).
 */
function isUnlikeMainWall(image: FacadeImage, { x, y }: Point): boolean {
  const { superpixels, tuning } = image;
  if (tuning.subtractUnlikeWall <= 0) return false;
  const seed = superpixels.labels[y * image.width + x] as number;
  return (
    colourDistance(superpixels, seed, image.wall, tuning.wallLightnessWeight) > tuning.subtractUnlikeWall
  );
}

/**
 * Whether at least `subtractColumnPeers` of the facade's openings stand in the column of
 * `found`, their left and right sides each within `subtractColumnSlack` × its width of its own
 * (docs/decisions/329-shift-click-in-a-column-of-openings.md).
 */
function isInAColumn(image: FacadeImage, found: Rectangle): boolean {
  const { subtractColumnPeers: peers, subtractColumnSlack: slack } = image.tuning;
  if (peers <= 0) return false;
  const reach = slack * (found.right - found.left + 1);
  let count = 0;
  for (const opening of image.openings) {
    const isAligned =
      Math.abs(opening.left - found.left) <= reach && Math.abs(opening.right - found.right) <= reach;
    const isApart = opening.bottom < found.top || opening.top > found.bottom;
    if (isAligned && isApart) count++;
  }
  return count >= peers;
}

/**
 * The ground floor's opening (`image.groundOpenings`) that `found` stands on: both its sides
 * within `subtractColumnSlack` × the found rectangle's width of that one's, its bottom reaching
 * the opening's head (or below it) and its top above the head. What a shift-click finds there
 * is the upper part of that shop front or door — a sign, a fanlight — whose head the
 * preparation put at the glass (docs/decisions/420-shift-click-over-a-ground-opening.md).
 */
function groundOpeningUnder(image: FacadeImage, found: Rectangle): Rectangle | undefined {
  const { subtractOverGround, subtractColumnSlack: slack } = image.tuning;
  if (subtractOverGround <= 0) return undefined;
  const reach = slack * (found.right - found.left + 1);
  return image.groundOpenings.find(
    (opening) =>
      Math.abs(opening.left - found.left) <= reach &&
      Math.abs(opening.right - found.right) <= reach &&
      found.top < opening.top &&
      found.bottom >= opening.top - 1,
  );
}

/** The opening (window, door) under a point, as a rectangle snapped to its frame's edges. */
export function findOpening(image: FacadeImage, point: Point): Rectangle {
  const containing = image.openings
    .filter(
      (opening) =>
        point.x >= opening.left &&
        point.x <= opening.right &&
        point.y >= opening.top &&
        point.y <= opening.bottom,
    )
    .sort((a, b) => rectangleArea(a) - rectangleArea(b));
  if (containing[0] && image.tuning.openingsFirst) return containing[0];
  // The glass grown under the click can leak along a dark band into the next windows: a
  // detected opening around the click (decision 051) bounds it (decision 058: windows after
  // 3 clicks 0.777 → 0.807).
  const grown = growOpening(image, point);
  const around = containing[0];
  const glass = around
    ? {
        left: Math.max(grown.left, around.left),
        right: Math.min(grown.right, around.right),
        top: Math.max(grown.top, around.top),
        bottom: Math.min(grown.bottom, around.bottom),
      }
    : grown;
  // One pane grows to the whole window across its glazing bars before the frame is looked
  // for (decision 058), and across a painted mullion as wide as a trim; the window then takes
  // its painted trim, whose edge against the wall is weaker than the glass's against it
  // (docs/decisions/189).
  const trims = trimTuning(image.tuning);
  const glassHeight = glass.bottom - glass.top + 1;
  const insetY = Math.floor(0.15 * (glass.bottom - glass.top));
  const wideBar = {
    maximum: Math.floor(Math.min(trims.paneGap * glassHeight, 0.5 * (glass.right - glass.left + 1))),
    isBar: (from: number, to: number) =>
      trims.contrast > 0 &&
      isBarUnlikeWall(image, true, from, to, [glass.top + insetY, glass.bottom - insetY], image.wall, trims),
  };
  return withTrims(
    image,
    openingAroundGlass(image, panesAcrossBars(image, glass, wideBar)),
    image.wall,
    trims,
  );
}

/**
 * The glass, blind or leaf under the click, grown over superpixels ever more generously while
 * it stays shaped like an opening (compact, filling its bounding box, not a large share of
 * the photo), as its bounding box.
 */
export function growOpening(image: FacadeImage, point: Point): Rectangle {
  const { superpixels, tuning } = image;
  const seed = superpixels.labels[Math.round(point.y) * image.width + Math.round(point.x)] as number;
  const model = superpixelColour(superpixels, seed);
  let chosen = boundsOf(superpixels, growRegion(superpixels, seed, 0, model, 0, tuning));
  for (const step of tuning.openingSteps) {
    const grown = growRegion(superpixels, seed, step, model, 2 * step, tuning);
    const bounds = boundsOf(superpixels, grown);
    let area = 0;
    for (let label = 0; label < superpixels.count; label++) {
      if (grown[label] === 1) area += superpixels.area[label] as number;
    }
    const boxArea = rectangleArea(bounds);
    if (
      area < tuning.openingMinimumFill * boxArea ||
      boxArea > tuning.openingMaximumShare * image.width * image.height
    ) {
      break;
    }
    chosen = bounds;
  }
  return chosen;
}

/**
 * A further click on an opening: adding grows the rectangle to take what the click found
 * (when it touches the rectangle; otherwise the click found another opening), subtracting
 * moves the one side that keeps most of the rectangle past what the click found.
 */
export function refineOpening(
  image: FacadeImage,
  current: Rectangle | null,
  point: Point,
  mode: 'add' | 'subtract',
): Rectangle | null {
  const found = findOpening(image, point);
  if (!current) return mode === 'add' ? found : null;
  const isInside =
    point.x >= current.left &&
    point.x <= current.right &&
    point.y >= current.top &&
    point.y <= current.bottom;
  if (mode === 'add' && isInside) return current;
  // Sides move onto the straight lines past the click (decision 055: windows 0.606 → 0.674
  // after 3 clicks), unless an added click found an opening away from this one.
  if ((mode === 'subtract' && isInside) || (mode === 'add' && touches(current, found))) {
    const moved = moveSidesToLines(image, current, point, mode);
    return moved.right >= moved.left && moved.bottom >= moved.top ? moved : null;
  }
  // An added click on another opening starts again there.
  if (mode === 'add') return found;
  // What the click found may spill over the rectangle: only the part inside counts, and at
  // least the clicked pixel goes.
  const inside = {
    left: Math.max(current.left, Math.min(found.left, Math.round(point.x))),
    right: Math.min(current.right, Math.max(found.right, Math.round(point.x))),
    top: Math.max(current.top, Math.min(found.top, Math.round(point.y))),
    bottom: Math.min(current.bottom, Math.max(found.bottom, Math.round(point.y))),
  };
  const candidates: Rectangle[] = [
    { ...current, left: inside.right + 1 },
    { ...current, right: inside.left - 1 },
    { ...current, top: inside.bottom + 1 },
    { ...current, bottom: inside.top - 1 },
  ].filter((candidate) => candidate.right >= candidate.left && candidate.bottom >= candidate.top);
  candidates.sort((a, b) => rectangleArea(b) - rectangleArea(a));
  return candidates[0] ?? null;
}

interface SurfaceAnalysis {
  /** 1 for each superpixel that belongs to the surface. */
  members: Uint8Array;
  /** The members of the clicked material's colour, without the pieces they enclose. */
  ownColour: Uint8Array;
  openings: Rectangle[];
  /** Those of `openings` that are railings (decision 052): wide and low, and no strip of ornament. */
  railings: Rectangle[];
  /**
   * Further openings a wall click cuts but window clicks and "select all similar" do not
   * start from: enclosed pieces outlined on four sides, and windows by repetition
   * (docs/decisions/150).
   */
  wallOnly: Rectangle[];
  /** The colour of the clicked surface's sample and its spread. */
  wall: WallColour;
  /** Enclosed superpixels under a found opening (a balcony at a window's foot): left out of a wall click. */
  underOpenings: Uint8Array;
}

/** The tuning of window trims (docs/decisions/189) from the facade's. */
export function trimTuning(tuning: FacadeTuning): TrimTuning {
  return {
    contrast: tuning.trimContrast,
    spreadFactor: tuning.trimSpread,
    maximumWidth: tuning.trimWidth,
    paneGap: tuning.trimPaneGap,
    alongShare: tuning.trimAlong,
  };
}

/**
 * A surface is "the area of the clicked material, minus its openings": superpixels close in
 * colour to a sample grown around the seed, connected to it; what they enclose joins them
 * (stains, shadows, mouldings), except enclosed areas shaped like openings (compact
 * rectangles), which become snapped rectangles cut out of the selection. A click's surface is
 * also the material around the click (docs/decisions/227-click-material.md).
 */
function analyseSurface(
  image: FacadeImage,
  seed: number,
  click?: Point,
  aroundClick = true,
): SurfaceAnalysis {
  const { superpixels, tuning } = image;
  const { count, neighbourStart, neighbours } = superpixels;
  // A pale horizon sky comes within the hue limit of a light wall; the sky, grown from the top
  // border, never joins a click on what it does not reach (docs/decisions/175).
  const sky = skyRegion(image);
  const material = click && aroundClick ? clickMaterial(image, seed, click, sky) : seed;
  const isSurfaceLike = new Uint8Array(count);
  const { sample, limit } = markSurfaceLike(image, seed, isSurfaceLike);
  // The colour around the click is surface too (docs/decisions/227-click-material.md).
  if (material !== seed) markSurfaceLike(image, material, isSurfaceLike);
  isSurfaceLike[seed] = 1;
  isSurfaceLike[material] = 1;
  if (sky[seed] === 0) {
    for (let label = 0; label < count; label++) if (sky[label] === 1) isSurfaceLike[label] = 0;
  }
  const members = new Uint8Array(count);
  const queue = new Int32Array(count);
  members[seed] = 1;
  queue[0] = seed;
  let tail = 1;
  for (let head = 0; head < tail; head++) {
    const label = queue[head] as number;
    for (let at = neighbourStart[label] as number; at < (neighbourStart[label + 1] as number); at++) {
      const next = neighbours[at] as number;
      if (members[next] === 0 && isSurfaceLike[next] === 1) {
        members[next] = 1;
        queue[tail++] = next;
      }
    }
  }
  const ownColour = members.slice();
  // The rest, in connected pieces: each is an opening, enclosed (joins the surface) or outside.
  const enclosed: Rectangle[] = [];
  // The enclosed pieces' superpixels, one run per piece, and each piece's bounds.
  const enclosedLabels = new Int32Array(count);
  let enclosedCount = 0;
  const enclosedPieces: Array<{ from: number; to: number; bounds: Rectangle }> = [];
  const component = new Int32Array(count);
  const seen = new Uint8Array(count);
  const imageArea = image.width * image.height;
  for (let start = 0; start < count; start++) {
    if (members[start] === 1 || seen[start] === 1) continue;
    seen[start] = 1;
    component[0] = start;
    let size = 1;
    let area = 0;
    const bounds = { left: image.width, top: image.height, right: -1, bottom: -1 };
    let pieceL = 0;
    let pieceA = 0;
    let pieceB = 0;
    for (let head = 0; head < size; head++) {
      const label = component[head] as number;
      area += superpixels.area[label] as number;
      pieceL += (superpixels.area[label] as number) * (superpixels.meanL[label] as number);
      pieceA += (superpixels.area[label] as number) * (superpixels.meanA[label] as number);
      pieceB += (superpixels.area[label] as number) * (superpixels.meanB[label] as number);
      bounds.left = Math.min(bounds.left, superpixels.left[label] as number);
      bounds.top = Math.min(bounds.top, superpixels.top[label] as number);
      bounds.right = Math.max(bounds.right, superpixels.right[label] as number);
      bounds.bottom = Math.max(bounds.bottom, superpixels.bottom[label] as number);
      for (let at = neighbourStart[label] as number; at < (neighbourStart[label + 1] as number); at++) {
        const next = neighbours[at] as number;
        if (members[next] === 0 && seen[next] === 0) {
          seen[next] = 1;
          component[size++] = next;
        }
      }
    }
    // A facade photo has sky above and street below, but its wall runs off the sides: a piece
    // cut only by a side edge, of the wall's hue and not much darker, is that wall in shade or
    // another light (decision 053: walls after 3 clicks 0.646 → 0.676 on the CMP photos).
    const sideLimit = tuning.sidePieceHue * tuning.surfaceDistance;
    const isWallOffTheSide =
      sideLimit > 0 &&
      pieceL / area >= tuning.sideLightness * sample.l &&
      (pieceA / area - sample.a) ** 2 + (pieceB / area - sample.b) ** 2 <= sideLimit ** 2;
    // A piece cut by the top edge is the sky or a roof, unless it is the wall's top storey
    // running off the photo: of the wall's hue, not much darker, with relief along the edge
    // (docs/decisions/309-walls-off-the-top.md). Wall clicks only: the main wall's openings
    // found once per photo stay as they were (windows and "select all similar" read them).
    const isWallOffTheTop =
      click !== undefined &&
      bounds.top === 0 &&
      isWallOffTheSide &&
      tuning.topPieceRelief > 0 &&
      hasReliefAlongTop(superpixels, component, size, sky, tuning.topPieceRelief);
    const touchesBorder =
      (bounds.top === 0 && !isWallOffTheTop) ||
      bounds.bottom === image.height - 1 ||
      (!isWallOffTheSide && (bounds.left === 0 || bounds.right === image.width - 1));
    if (!touchesBorder && area <= tuning.openingMaximumShare * imageArea) {
      for (let position = 0; position < size; position++) members[component[position] as number] = 1;
      enclosedLabels.set(component.subarray(0, size), enclosedCount);
      enclosedPieces.push({ from: enclosedCount, to: enclosedCount + size, bounds: { ...bounds } });
      enclosedCount += size;
      // An enclosed piece shaped like a window and outlined by lines on all four sides is
      // one, however light: glass reflecting the sky, shutters in the wall's grey
      // (docs/decisions/150).
      const opening = enclosedOpening(image, bounds, area);
      if (opening) enclosed.push(opening);
    }
  }
  const railings: Rectangle[] = [];
  // Bricks, tiles and stones seen close tile the surface: its texture, not its openings
  // (docs/decisions/334-brick-texture-is-not-openings.md).
  const openings = withoutTexture(detectOpenings(image, members, sample.l, railings), tuning.textureCount);
  const wallOnly = wallOnlyOpenings(image, openings, withoutTexture(enclosed, tuning.textureCount), members);
  const underOpenings = new Uint8Array(count);
  // What a wall click's surface encloses right under a found opening, in that opening's own
  // column, is the opening's balcony (railing and pots before the glass): left out
  // (docs/decisions/206-enclosed-balconies-under-openings.md).
  const reach = tuning.underOpeningReach;
  const margin = tuning.underOpeningMargin;
  if (reach > 0) {
    for (const opening of [...openings, ...wallOnly]) {
      const openingWidth = opening.right - opening.left + 1;
      const openingHeight = opening.bottom - opening.top + 1;
      if (openingWidth > 2 * openingHeight) continue;
      const left = opening.left - margin * openingWidth;
      const right = opening.right + margin * openingWidth;
      const lowest = opening.bottom + reach * openingHeight;
      for (const piece of enclosedPieces) {
        const { bounds } = piece;
        if (bounds.right < opening.left || bounds.left > opening.right) continue;
        if (bounds.bottom <= opening.bottom || bounds.top > opening.bottom) continue;
        // Only a piece of the opening's own column: not a band of shade that joins several.
        if (bounds.left < left - 2 || bounds.right > right + 2 || bounds.bottom > lowest + 2) continue;
        for (let at = piece.from; at < piece.to; at++) {
          const label = enclosedLabels[at] as number;
          const x = ((superpixels.left[label] as number) + (superpixels.right[label] as number)) / 2;
          const y = ((superpixels.top[label] as number) + (superpixels.bottom[label] as number)) / 2;
          if (y > opening.bottom && y <= lowest && x >= left && x <= right) underOpenings[label] = 1;
        }
      }
    }
  }
  return {
    members,
    ownColour,
    openings,
    railings,
    wallOnly,
    wall: { ...sample, limit, lightnessWeight: tuning.lightnessWeight },
    underOpenings,
  };
}

/**
 * Whether the piece `component[0 … size-1]` holds no sky (docs/decisions/175) and its
 * superpixels on the photo's top edge have a mean lightness spread (area-weighted) of at least
 * `relief`. On the CMP photos a pale overcast sky along the top edge reads 0.3–1.4, a white top
 * storey or a balustrade 2.4–3.1 (docs/decisions/309-walls-off-the-top.md).
 */
function hasReliefAlongTop(
  superpixels: Superpixels,
  component: Int32Array,
  size: number,
  sky: Uint8Array,
  relief: number,
): boolean {
  let area = 0;
  let spread = 0;
  for (let position = 0; position < size; position++) {
    const label = component[position] as number;
    if (sky[label] === 1) return false;
    if (superpixels.top[label] !== 0) continue;
    area += superpixels.area[label] as number;
    spread += (superpixels.area[label] as number) * (superpixels.spreadL[label] as number);
  }
  return area > 0 && spread >= relief * area;
}

/**
 * Marks in `isSurfaceLike` the superpixels of the surface whose sample is grown from `from`:
 * close in colour to the sample (its spread widening the limit), the hue within a limit of
 * its own. Returns the sample and the limit.
 */
function markSurfaceLike(
  image: FacadeImage,
  from: number,
  isSurfaceLike: Uint8Array,
): { sample: Colour & { spread: number }; limit: number } {
  const { superpixels, tuning } = image;
  const sampleMembers = growRegion(
    superpixels,
    from,
    tuning.sampleStep,
    superpixelColour(superpixels, from),
    tuning.sampleDistance,
    tuning,
  );
  const sample = regionColour(superpixels, sampleMembers, tuning.lightnessWeight);
  const limit =
    tuning.surfaceDistance + tuning.spreadFactor * Math.min(sample.spread, tuning.surfaceDistance / 3);
  // Light and shade change lightness across a wall; its hue changes far less, so the hue
  // alone has a limit of its own that no spread widens (a blue sky next to a cream wall).
  const hueLimitSquared = tuning.surfaceDistance ** 2;
  for (let label = 0; label < superpixels.count; label++) {
    const hueDistanceSquared =
      ((superpixels.meanA[label] as number) - sample.a) ** 2 +
      ((superpixels.meanB[label] as number) - sample.b) ** 2;
    if (
      sampleMembers[label] === 1 ||
      (hueDistanceSquared <= hueLimitSquared &&
        colourDistance(superpixels, label, sample, tuning.lightnessWeight) <= limit)
    ) {
      isSurfaceLike[label] = 1;
    }
  }
  return { sample, limit };
}

/**
 * The superpixel whose colour (within `sampleDistance`) the most area shares among those whose
 * centres lie within `clickMaterialReach` superpixel sizes of the click at (`x`, `y`): the
 * material a wall click means (docs/decisions/227-click-material.md). The clicked superpixel
 * keeps the choice unless another colour covers more of the neighbourhood than its own; the
 * sky is no candidate for a click off it.
 */
function clickMaterial(image: FacadeImage, seed: number, { x, y }: Point, sky: Uint8Array): number {
  const { superpixels, tuning } = image;
  if (tuning.clickMaterialReach <= 0) return seed;
  const cell = Math.sqrt((image.width * image.height) / superpixels.count);
  const reach = tuning.clickMaterialReach * cell;
  const near: number[] = [];
  for (let label = 0; label < superpixels.count; label++) {
    const centreX = ((superpixels.left[label] as number) + (superpixels.right[label] as number)) / 2;
    const centreY = ((superpixels.top[label] as number) + (superpixels.bottom[label] as number)) / 2;
    // Off the sky unless the click is on it (docs/decisions/175).
    if (sky[label] === 1 && sky[seed] === 0) continue;
    if ((centreX - x) ** 2 + (centreY - y) ** 2 <= reach * reach) near.push(label);
  }
  const shared = (label: number): number => {
    const colour = superpixelColour(superpixels, label);
    let area = 0;
    for (const other of near) {
      if (colourDistance(superpixels, other, colour, tuning.lightnessWeight) <= tuning.sampleDistance) {
        area += superpixels.area[other] as number;
      }
    }
    return area;
  };
  let best = seed;
  let bestArea = shared(seed);
  for (const label of near) {
    const area = shared(label);
    if (area > bestArea) {
      best = label;
      bestArea = area;
    }
  }
  return best;
}

/**
 * The sky (docs/decisions/175): bluish superpixels on the photo's top border, grown by the
 * small steps of a smooth gradient down to a pale horizon, each step staying bluish. A wall's
 * outline against the sky is a step larger than the sky's own from one superpixel to the next.
 * A sky the camera clipped to white starts it too, smooth and without hue, and grows through
 * white (docs/decisions/450-white-sky.md).
 */
function skyRegion(image: FacadeImage): Uint8Array {
  const { superpixels, tuning } = image;
  const { count, neighbourStart, neighbours } = superpixels;
  const sky = new Uint8Array(count);
  if (tuning.skyStep <= 0) return sky;
  const queue = new Int32Array(count);
  let tail = 0;
  const isWhite = (label: number, spread: number): boolean =>
    tuning.skyWhite > 0 &&
    (superpixels.meanL[label] as number) >= tuning.skyWhite &&
    Math.hypot(superpixels.meanA[label] as number, superpixels.meanB[label] as number) <=
      tuning.skyWhiteChroma &&
    (superpixels.spreadL[label] as number) <= spread;
  for (let label = 0; label < count; label++) {
    if (superpixels.top[label] !== 0) continue;
    if (
      (superpixels.meanB[label] as number) > tuning.skyTopBlueness &&
      !isWhite(label, tuning.skyWhiteSpread)
    )
      continue;
    sky[label] = 1;
    queue[tail++] = label;
  }
  for (let head = 0; head < tail; head++) {
    const label = queue[head] as number;
    const colour = superpixelColour(superpixels, label);
    for (let at = neighbourStart[label] as number; at < (neighbourStart[label + 1] as number); at++) {
      const next = neighbours[at] as number;
      if (sky[next] === 1) continue;
      if (
        (superpixels.meanB[next] as number) > tuning.skyBlueness &&
        !isWhite(next, Number.POSITIVE_INFINITY)
      )
        continue;
      if (colourDistance(superpixels, next, colour, tuning.lightnessWeight) > tuning.skyStep) continue;
      sky[next] = 1;
      queue[tail++] = next;
    }
  }
  return sky;
}

/**
 * An enclosed piece of the surface (not of its colour, cut off from the photo's border) as an
 * opening: when it fills `enclosedFill` of its bounding rectangle, that rectangle is at most 4
 * times as long as wide, at least `enclosedMinimumSide` superpixel sizes across and at most
 * `enclosedMaximumShare` of the photo, and the rectangle snapped to its lines is outlined
 * `enclosedOutline` times the photo's mean edge. Null otherwise.
 */
function enclosedOpening(image: FacadeImage, bounds: Rectangle, area: number): Rectangle | null {
  const { tuning } = image;
  if (tuning.enclosedOutline <= 0) return null;
  const width = bounds.right - bounds.left + 1;
  const height = bounds.bottom - bounds.top + 1;
  const cell = Math.sqrt((image.width * image.height) / image.superpixels.count);
  if (
    area < tuning.enclosedFill * width * height ||
    width > 4 * height ||
    height > 4 * width ||
    Math.min(width, height) < tuning.enclosedMinimumSide * cell ||
    width * height > tuning.enclosedMaximumShare * image.width * image.height
  ) {
    return null;
  }
  const snapped = snapRectangle(image, bounds);
  return outlineStrength(image, snapped) >= tuning.enclosedOutline ? snapped : null;
}

/**
 * The openings of a surface (decision 051): pixels darker than their neighbourhood, within
 * the surface and what it encloses, are cut by rows and columns into rectangles
 * (`cutOpenings`); each is snapped to the straight edges nearby and kept when all four of its
 * sides are lines (a frame), which a patch of shade or stain is not. On a grid of about
 * 250 000 cells: a wall click stays far below 100 ms at 1.5 MP.
 */
function detectOpenings(
  image: FacadeImage,
  members: Uint8Array,
  wallLightness: number,
  railingsFound: Rectangle[] = [],
): Rectangle[] {
  const { superpixels, tuning, width, height } = image;
  const step = Math.max(1, Math.round(Math.sqrt((width * height) / 250_000)));
  const cell = Math.sqrt((width * height) / superpixels.count) / step;
  const map = darknessMap(
    image.lab,
    width,
    height,
    tuning.detectorDarkness,
    Math.round(tuning.detectorRadius * cell),
    step,
    // The sky and the street are darker or lighter than the wall too, but hold no openings.
    surfaceCells(image, members, step),
    wallLightness - tuning.detectorWallMargin,
    tuning.detectorStreakLength > 0
      ? {
          length: Math.round(tuning.detectorStreakLength * Math.ceil(width / step)),
          thickness: Math.max(1, Math.round(tuning.detectorStreakThickness * cell)),
        }
      : undefined,
    tuning.detectorWideRadius,
  );
  // The cuts' tuning, the photo-wide map's and the shaded bands' (decision 500) alike.
  const cutTuning = {
    gapShare: tuning.detectorGapShare,
    gapRelative: tuning.detectorGapRelative,
    minimumGap: 2,
    minimumFill: tuning.detectorMinimumFill,
    minimumSide: Math.max(2, tuning.detectorMinimumSide * cell),
    maximumAspect: tuning.detectorMaximumAspect,
    maximumShare: tuning.openingMaximumShare,
  };
  const found = cutOpenings(map, cutTuning);
  // Close brickwork gives thousands of cuts of one size (docs/decisions/334): dropped here,
  // before each is snapped and its outline read, and those snapping moved onto that size
  // after it (sizes in grid cells; docs/decisions/355-texture-dropped-before-snapping.md).
  const isTextureCut = textureSizes(found, tuning.textureCount);
  // A snapped rectangle's size in cells, give or take the cell each side the cut was rounded to.
  const isNear = (isTexture: (across: number, down: number) => boolean, rectangle: Rectangle) => {
    const across = (rectangle.right - rectangle.left + 1) / step;
    const down = (rectangle.bottom - rectangle.top + 1) / step;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) if (isTexture(across + dx, down + dy)) return true;
    }
    return false;
  };
  const cut = found
    .filter((box) => !isTextureCut(box.right - box.left + 1, box.bottom - box.top + 1))
    .map((box) => snapRectangle(image, toImageRectangle(map, box, width, height)))
    .filter(
      (rectangle) =>
        !isNear(isTextureCut, rectangle) && outlineStrength(image, rectangle) >= tuning.detectorOutline,
    );
  if (tuning.gridFill > 1) return cut;
  // The facade's grid of floors × columns (decision 052) finds light windows the cuts trim
  // to their transom, and tells which cuts stand alone: a lone one (a cornice's shadow, a
  // stain) must be outlined far more strongly than a frame to stay.
  const grid = gridOpenings(image, map, {
    level: tuning.gridLevel,
    minimumGap: 2,
    minimumSide: Math.max(2, tuning.detectorMinimumSide * cell),
    cellFill: tuning.gridFill,
    cellMargin: tuning.gridMargin,
  });
  // Above the facade's top floor of windows lies its crowning (a frieze, the cornice, an
  // attic's ornaments over the window columns): a cut up there on no floor stands alone even on
  // a column (docs/decisions/244-cuts-above-the-top-floor.md).
  const topFloor = grid.floors.reduce((top, [from]) => Math.min(top, from), Number.POSITIVE_INFINITY);
  const isOnGrid = (rectangle: Rectangle) => {
    const middleX = (rectangle.left + rectangle.right) / 2 / step;
    const middleY = (rectangle.top + rectangle.bottom) / 2 / step;
    if (grid.floors.some(([from, to]) => middleY >= from && middleY <= to)) return true;
    if (tuning.gridCrownLone > 0 && grid.floors.length > 0 && middleY < topFloor) return false;
    return grid.columns.some(([from, to]) => middleX >= from && middleX <= to);
  };
  const kept = cut.filter(
    (rectangle) => isOnGrid(rectangle) || outlineStrength(image, rectangle) >= tuning.gridLoneOutline,
  );
  // A leaf the cuts found dark as a whole and dropped, running along the facade (a band at least
  // `shadowBandWidth` × as wide as high: the shaded plinth under a terrace), is searched again
  // against its own wall: its openings are cut where they are window-shaped, on one of the
  // grid's columns and outlined (docs/decisions/500-openings-in-a-shaded-band.md).
  // Bands are searched only where a window fits in them (cutOpenings cuts nothing lower than
  // its minimum side) and never among the texture's leaves (close brickwork's thousands).
  const bands =
    tuning.shadowBandContrast > 0
      ? found.filter((box) => {
          const across = box.right - box.left + 1;
          const down = box.bottom - box.top + 1;
          return (
            down >= cutTuning.minimumSide &&
            across >= tuning.shadowBandWidth * down &&
            !isTextureCut(across, down) &&
            !kept.some(
              (other) => overlapOver(other, toImageRectangle(map, box, width, height), 'first') >= 0.5,
            )
          );
        })
      : [];
  if (bands.length > 0) {
    const bandMap = bandDarknessMap(map, bands, tuning.shadowBandContrast);
    // Window-shaped in grid cells, give or take the snap's reach each side (and the cell the
    // photo's edge clips), before the snap and the outline read; exactly after the snap.
    const slack = (2 * Math.round(tuning.snapReach * cell * step)) / step + 1;
    const minimumSide = tuning.shadowBandSide * cell;
    const inBands = bands
      .flatMap((band) => cutOpenings(bandMap, cutTuning, band))
      .filter((box) => {
        const across = box.right - box.left + 1;
        const down = box.bottom - box.top + 1;
        return (
          Math.min(across, down) + slack >= minimumSide &&
          Math.max(across, down) - slack <= 3 * (Math.min(across, down) + slack)
        );
      })
      .map((box) => snapRectangle(image, toImageRectangle(map, box, width, height)));
    for (const rectangle of inBands) {
      const across = rectangle.right - rectangle.left + 1;
      const down = rectangle.bottom - rectangle.top + 1;
      const middle = (rectangle.left + rectangle.right) / 2 / step;
      if (
        Math.min(across, down) >= tuning.shadowBandSide * cell * step &&
        Math.max(across, down) <= 3 * Math.min(across, down) &&
        grid.columns.some(([from, to]) => middle >= from && middle <= to) &&
        outlineStrength(image, rectangle) >= tuning.shadowBandOutline &&
        !kept.some((other) => overlapOver(rectangle, other, 'first') >= 0.3)
      ) {
        kept.push(rectangle);
      }
    }
  }
  // A cell that takes two or more of the cuts may span windows stacked over each other and the
  // spandrels between them (a bay whose frames run on down the facade): it is cut at its own
  // plain rows into the pieces shaped like a window, at most 1 : 1 / gridSplitShape each way;
  // strips (a transom's shadow, a sill) leave the cell whole
  // (docs/decisions/265-grid-cells-split-at-spandrels.md).
  const minimumSide = Math.max(2, tuning.detectorMinimumSide * cell);
  const windowShaped = (box: Rectangle) => {
    const boxWidth = box.right - box.left + 1;
    const boxHeight = box.bottom - box.top + 1;
    return Math.min(boxWidth, boxHeight) >= tuning.gridSplitShape * Math.max(boxWidth, boxHeight);
  };
  // So are the grid's cells on such a wall, a brick each (docs/decisions/355).
  const isTextureCell = textureSizes(grid.cells, tuning.textureCount);
  const cells = grid.cells
    .filter((box) => !isTextureCell(box.right - box.left + 1, box.bottom - box.top + 1))
    .flatMap((box) => {
      if (tuning.gridSplit <= 0) return [box];
      const whole = toImageRectangle(map, box, width, height);
      const taken = kept.filter((rectangle) => overlapOver(rectangle, whole, 'first') >= 0.5).length;
      if (taken < 2) return [box];
      const gap = Math.max(2, Math.round(tuning.gridSplitGap * minimumSide));
      const pieces = splitCellAtRows(map, box, tuning.gridSplit, gap, minimumSide).filter(windowShaped);
      return pieces.length > 0 ? pieces : [box];
    })
    .map((box) => snapRectangle(image, toImageRectangle(map, box, width, height)))
    .filter(
      (rectangle) =>
        !isNear(isTextureCell, rectangle) &&
        !isNear(isTextureCut, rectangle) &&
        outlineStrength(image, rectangle) >= tuning.gridOutline,
    );
  if (tuning.railingEdge > 0) {
    const floorSpan = (from: number, to: number) => to - from + 1;
    const railings = railingOpenings(image, map, {
      edge: tuning.railingEdge,
      rowShare: tuning.railingRowShare,
      minimumHeight: Math.max(2, tuning.railingMinimumHeight * cell),
      columnShare: tuning.railingColumnShare,
      bridge: Math.round(tuning.railingBridge * cell),
      minimumAspect: tuning.railingAspect,
      grow: tuning.railingGrow,
      slab: tuning.railingSlab,
      pierBridge: Math.round(tuning.railingPierBridge * cell),
      pierDark: tuning.railingPierDark,
      pierEdges: tuning.railingPierEdges,
    }).filter((box) => {
      // A balcony stands in front of a floor's lower part, across at least one column.
      const onColumn = grid.columns.some(([from, to]) => box.left <= to && box.right >= from);
      const onFloor = grid.floors.some(
        ([from, to]) =>
          box.top <= to + 0.5 * floorSpan(from, to) && box.bottom >= from + 0.3 * floorSpan(from, to),
      );
      // A balcony stands on its slab above the street: bars that reach down to the photo's
      // foot (its lowest `railingOffStreet` share, the street's depth) are parked bikes, cars
      // or a fence in the street, before the wall, not an opening of it
      // (docs/decisions/243-railings-off-the-street.md).
      const onTheStreet =
        tuning.railingOffStreet > 0 &&
        box.bottom >= Math.min(map.height - 1, (1 - tuning.railingOffStreet) * map.height);
      return onColumn && onFloor && !onTheStreet;
    });
    const railingCuts = railings.map((box) => toImageRectangle(map, box, width, height));
    railingsFound.push(...railingCuts);
    kept.push(...railingCuts);
  }
  // One rectangle per opening: a cut that already matches a cell stays (its sides were
  // snapped from closer evidence); cuts that are parts of a cell (a transom, a blind) give
  // way to it.
  const added: Rectangle[] = [];
  for (const gridCell of cells) {
    if (kept.some((rectangle) => overlapOver(rectangle, gridCell, 'union') >= 0.6)) continue;
    added.push(gridCell);
  }
  return [
    ...kept.filter(
      (rectangle) => !added.some((gridCell) => overlapOver(rectangle, gridCell, 'first') >= 0.5),
    ),
    ...added,
  ];
}

/**
 * What a wall click cuts besides the detector's openings (docs/decisions/150): the enclosed
 * pieces outlined on four sides that no opening holds already, then the windows found by
 * repetition where a floor of those openings meets a column of them, then the windows
 * standing on a railing under a column of them (docs/decisions/196).
 */
function wallOnlyOpenings(
  image: FacadeImage,
  openings: Rectangle[],
  enclosed: Rectangle[],
  members: Uint8Array,
): Rectangle[] {
  const { tuning, width, height } = image;
  const pieces = enclosed.filter(
    (piece) => !openings.some((other) => overlapOver(piece, other, 'first') >= 0.5),
  );
  const { labels } = image.superpixels;
  // Only on the clicked surface (or what it encloses): not on the sky or a neighbour.
  const isOnSurface = (x: number, y: number) =>
    members[
      labels[Math.min(height - 1, Math.round(y)) * width + Math.min(width - 1, Math.round(x))] as number
    ] === 1;
  const repeats =
    tuning.repeatCorrelation > 1
      ? []
      : windowRepeats(
          image,
          [...openings, ...pieces],
          {
            sizeSlack: tuning.repeatSizeSlack,
            lineOverlap: tuning.repeatLineOverlap,
            correlation: tuning.repeatCorrelation,
            outline: tuning.repeatOutline,
            shift: tuning.repeatShift,
            overlap: tuning.repeatOverlap,
            gapLeast: tuning.repeatGapLeast,
          },
          isOnSurface,
        );
  if (tuning.overRailingOutline <= 0) return [...pieces, ...repeats];
  const overRailings = windowsOverRailings(
    image,
    [...openings, ...pieces, ...repeats],
    [
      ...image.balconyOpenings,
      ...openings.filter(
        (r) => tuning.overRailingWide > 0 && r.right - r.left >= tuning.overRailingWide * (r.bottom - r.top),
      ),
    ],
    {
      lowest: tuning.overRailingLowest,
      highest: tuning.overRailingHighest,
      outline: tuning.overRailingOutline,
      snappedOutline: tuning.overRailingSnap,
      overlap: tuning.repeatOverlap,
      sizeSlack: tuning.repeatSizeSlack,
    },
    isOnSurface,
    tuning.overRailingSnap > 0 ? (place) => snapRectangle(image, place) : undefined,
  );
  return [...pieces, ...repeats, ...overRailings];
}

/**
 * One byte per cell of the detector's grid (the image sampled every `step` pixels): 1 where
 * the sampled pixel's superpixel is a member of the surface.
 */
function surfaceCells(image: FacadeImage, members: Uint8Array, step: number): Uint8Array {
  const { width, height } = image;
  const { labels } = image.superpixels;
  const gridWidth = Math.ceil(width / step);
  const gridHeight = Math.ceil(height / step);
  const cells = new Uint8Array(gridWidth * gridHeight);
  for (let y = 0; y < gridHeight; y++) {
    const row = Math.min(height - 1, y * step) * width;
    for (let x = 0; x < gridWidth; x++) {
      cells[y * gridWidth + x] = members[labels[row + Math.min(width - 1, x * step)] as number] as number;
    }
  }
  return cells;
}

/** The overlap of two rectangles over their union, or over the first one's area. */
function overlapOver(a: Rectangle, b: Rectangle, over: 'union' | 'first'): number {
  const shared = overlapArea(a, b);
  if (shared === 0) return 0;
  return shared / (over === 'first' ? rectangleArea(a) : rectangleArea(a) + rectangleArea(b) - shared);
}

interface Colour {
  l: number;
  a: number;
  b: number;
}

function superpixelColour(superpixels: Superpixels, label: number): Colour {
  return {
    l: superpixels.meanL[label] as number,
    a: superpixels.meanA[label] as number,
    b: superpixels.meanB[label] as number,
  };
}

function colourDistance(
  superpixels: Superpixels,
  label: number,
  colour: Colour,
  lightnessWeight: number,
): number {
  const deltaL = (superpixels.meanL[label] as number) - colour.l;
  const deltaA = (superpixels.meanA[label] as number) - colour.a;
  const deltaB = (superpixels.meanB[label] as number) - colour.b;
  return Math.sqrt(lightnessWeight * deltaL * deltaL + deltaA * deltaA + deltaB * deltaB);
}

/** Area-weighted mean colour of a set of superpixels, and the spread of their distances to it. */
function regionColour(
  superpixels: Superpixels,
  members: Uint8Array,
  lightnessWeight: number,
): Colour & { spread: number } {
  let total = 0;
  let l = 0;
  let a = 0;
  let b = 0;
  for (let label = 0; label < superpixels.count; label++) {
    if (members[label] !== 1) continue;
    const area = superpixels.area[label] as number;
    total += area;
    l += area * (superpixels.meanL[label] as number);
    a += area * (superpixels.meanA[label] as number);
    b += area * (superpixels.meanB[label] as number);
  }
  const mean = { l: l / total, a: a / total, b: b / total };
  let variance = 0;
  for (let label = 0; label < superpixels.count; label++) {
    if (members[label] !== 1) continue;
    variance +=
      (superpixels.area[label] as number) * colourDistance(superpixels, label, mean, lightnessWeight) ** 2;
  }
  return { ...mean, spread: Math.sqrt(variance / total) };
}

/**
 * Superpixels reachable from `seed` by steps between neighbours of at most `step` (colour
 * distance of their means), each within `distance` of `model`.
 */
function growRegion(
  superpixels: Superpixels,
  seed: number,
  step: number,
  model: Colour,
  distance: number,
  tuning: FacadeTuning,
): Uint8Array {
  const { count, neighbourStart, neighbours } = superpixels;
  const members = new Uint8Array(count);
  const queue = new Int32Array(count);
  members[seed] = 1;
  queue[0] = seed;
  let tail = 1;
  for (let head = 0; head < tail; head++) {
    const label = queue[head] as number;
    const colour = superpixelColour(superpixels, label);
    for (let at = neighbourStart[label] as number; at < (neighbourStart[label + 1] as number); at++) {
      const next = neighbours[at] as number;
      if (members[next] === 1) continue;
      if (colourDistance(superpixels, next, colour, tuning.lightnessWeight) > step) continue;
      if (colourDistance(superpixels, next, model, tuning.lightnessWeight) > distance) continue;
      members[next] = 1;
      queue[tail++] = next;
    }
  }
  return members;
}

/**
 * The superpixel whose colour the most image area shares: on a facade photo, the wall. Its
 * openings are found once per image, so a click on a window answers at once.
 */
function dominantSuperpixel(image: FacadeImage, lightnessWeight: number, distance: number): number {
  const { superpixels } = image;
  const { count } = superpixels;
  const candidates = Math.min(count, 400);
  let best = 0;
  let bestArea = -1;
  for (let candidate = 0; candidate < candidates; candidate++) {
    const label = Math.floor((candidate * count) / candidates);
    const colour = superpixelColour(superpixels, label);
    let area = 0;
    for (let other = 0; other < count; other++) {
      if (colourDistance(superpixels, other, colour, lightnessWeight) <= distance) {
        area += superpixels.area[other] as number;
      }
    }
    if (area > bestArea) {
      bestArea = area;
      best = label;
    }
  }
  return best;
}

function boundsOf(superpixels: Superpixels, members: Uint8Array): Rectangle {
  const bounds = { left: superpixels.width, top: superpixels.height, right: 0, bottom: 0 };
  for (let label = 0; label < superpixels.count; label++) {
    if (members[label] !== 1) continue;
    bounds.left = Math.min(bounds.left, superpixels.left[label] as number);
    bounds.top = Math.min(bounds.top, superpixels.top[label] as number);
    bounds.right = Math.max(bounds.right, superpixels.right[label] as number);
    bounds.bottom = Math.max(bounds.bottom, superpixels.bottom[label] as number);
  }
  return bounds;
}

/**
 * Moves each side of a rectangle, within a superpixel's reach, to the line along which the
 * colour changes most across it: a superpixel boundary is ragged, a frame's edge is straight.
 */
export function snapRectangle(image: FacadeImage, rectangle: Rectangle): Rectangle {
  const { width, height, verticalEdgeSums, horizontalEdgeSums } = image;
  const cell = Math.sqrt((width * height) / image.superpixels.count);
  const reach = Math.round(image.tuning.snapReach * cell);
  if (reach < 1) return rectangle;
  const rowsFrom = (r: Rectangle) => {
    const inset = Math.floor((r.bottom - r.top) * 0.1);
    return [r.top + inset, r.bottom - inset] as const;
  };
  const columnsFrom = (r: Rectangle) => {
    const inset = Math.floor((r.right - r.left) * 0.1);
    return [r.left + inset, r.right - inset] as const;
  };
  const columnStrength = (x: number, top: number, bottom: number) =>
    ((verticalEdgeSums[(bottom + 1) * width + x] as number) - (verticalEdgeSums[top * width + x] as number)) /
    (bottom - top + 1);
  const rowStrength = (y: number, left: number, right: number) =>
    ((horizontalEdgeSums[y * (width + 1) + right + 1] as number) -
      (horizontalEdgeSums[y * (width + 1) + left] as number)) /
    (right - left + 1);
  const best = (from: number, low: number, high: number, strength: (position: number) => number) => {
    let chosen = from;
    let chosenScore = Number.NEGATIVE_INFINITY;
    for (let position = Math.max(low, from - reach); position <= Math.min(high, from + reach); position++) {
      // A mild pull towards where the region ended: of two equal edges, the nearer.
      const score = strength(position) * (1 - (0.3 * Math.abs(position - from)) / (reach + 1));
      if (score > chosenScore) {
        chosenScore = score;
        chosen = position;
      }
    }
    return chosen;
  };
  const [top, bottom] = rowsFrom(rectangle);
  const left = best(rectangle.left, 0, width - 1, (x) => columnStrength(x, top, bottom));
  const right = best(rectangle.right, 0, width - 1, (x) => columnStrength(x, top, bottom));
  const [columnLeft, columnRight] = columnsFrom({ ...rectangle, left, right });
  const snappedTop = best(rectangle.top, 0, height - 1, (y) => rowStrength(y, columnLeft, columnRight));
  const snappedBottom = best(rectangle.bottom, 0, height - 1, (y) => rowStrength(y, columnLeft, columnRight));
  if (right <= left || snappedBottom <= snappedTop) return rectangle;
  return { left, top: snappedTop, right, bottom: snappedBottom };
}

/**
 * The Sobel gradients of the OKLab image, read once for both of what the preparation keeps:
 * `computeEdges`' magnitude of each pixel (smart-select.ts: the three channels' squared
 * gradients summed in the same order, the same numbers) for the superpixels' boundaries, and
 * the running sums of the gradient across columns (down each column) and across rows (along
 * each row) for the openings' side lines (exported for its test). Two passes over the photo were one each
 * (docs/decisions/364-preparation-same-answers-sooner.md).
 */
export function edgesAndDirectionalSums(
  lab: Float32Array,
  width: number,
  height: number,
): { edges: Float32Array; verticalEdgeSums: Float32Array; horizontalEdgeSums: Float32Array } {
  const edges = new Float32Array(width * height);
  const verticalEdgeSums = new Float32Array((height + 1) * width);
  const horizontalEdgeSums = new Float32Array(height * (width + 1));
  for (let y = 0; y < height; y++) {
    const above = Math.max(0, y - 1) * width * 3;
    const row = y * width * 3;
    const below = Math.min(height - 1, y + 1) * width * 3;
    let rowSum = 0;
    for (let x = 0; x < width; x++) {
      const left = Math.max(0, x - 1) * 3;
      const right = Math.min(width - 1, x + 1) * 3;
      let magnitude = 0;
      let across = 0;
      let down = 0;
      for (let channel = 0; channel < 3; channel++) {
        const gradientX =
          (lab[above + right + channel] as number) +
          2 * (lab[row + right + channel] as number) +
          (lab[below + right + channel] as number) -
          (lab[above + left + channel] as number) -
          2 * (lab[row + left + channel] as number) -
          (lab[below + left + channel] as number);
        const gradientY =
          (lab[below + left + channel] as number) +
          2 * (lab[below + x * 3 + channel] as number) +
          (lab[below + right + channel] as number) -
          (lab[above + left + channel] as number) -
          2 * (lab[above + x * 3 + channel] as number) -
          (lab[above + right + channel] as number);
        magnitude += gradientX * gradientX + gradientY * gradientY;
        across += gradientX * gradientX;
        down += gradientY * gradientY;
      }
      // Sobel sums 4 weighted differences two pixels apart: /8 gives a per-pixel gradient.
      edges[y * width + x] = Math.sqrt(magnitude) / 8;
      verticalEdgeSums[(y + 1) * width + x] =
        (verticalEdgeSums[y * width + x] as number) + Math.sqrt(across) / 8;
      rowSum += Math.sqrt(down) / 8;
      horizontalEdgeSums[y * (width + 1) + x + 1] = rowSum;
    }
  }
  return { edges, verticalEdgeSums, horizontalEdgeSums };
}

export function paintRectangle(mask: Bitmask, rectangle: Rectangle, value = 1): void {
  const left = Math.max(0, rectangle.left);
  const right = Math.min(mask.width - 1, rectangle.right);
  if (right < left) return;
  for (let y = Math.max(0, rectangle.top); y <= Math.min(mask.height - 1, rectangle.bottom); y++) {
    mask.data.fill(value, y * mask.width + left, y * mask.width + right + 1);
  }
}

/** Whether an opening found by a further click touches the current one (10 % margin). */
function touches(current: Rectangle, found: Rectangle): boolean {
  const marginX = Math.round(0.1 * (current.right - current.left + 1));
  const marginY = Math.round(0.1 * (current.bottom - current.top + 1));
  return (
    found.left <= current.right + marginX &&
    found.right >= current.left - marginX &&
    found.top <= current.bottom + marginY &&
    found.bottom >= current.top - marginY
  );
}
