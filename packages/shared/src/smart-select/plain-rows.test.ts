import { describe, expect, it } from 'vitest';
import { type Colour, isInside, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle, selectFacadeElement } from './facade-select.ts';

// A render facade of four recessed bays, each three windows stacked over each other with a dark
// spandrel panel between them, as dark as the glass: the darkness map runs on down the bay
// without a gap, so one cut spans it. Each window's glass is crossed by a mullion, a bar down
// each half and two across, of the render's colour; the panels are plain but for a fine grain
// (docs/decisions/271-cuts-split-at-plain-rows.md).
const render: Colour = [206, 194, 172];
const glass: Colour = [66, 74, 88];
const panel: Colour = [70, 72, 78];
const bar: Colour = [180, 172, 160];
const bays = [80, 260, 440, 620];
const tops = [100, 240, 380];
const windows: Rectangle[] = tops.flatMap((top) =>
  bays.map((left) => ({ left, top, right: left + 99, bottom: top + 89 })),
);
const panels: Rectangle[] = [190, 330].flatMap((top) =>
  bays.map((left) => ({ left, top, right: left + 99, bottom: top + 49 })),
);
// Glazing bars: a mullion down each window's middle, a bar down each half and two across.
const isBar = (box: Rectangle, x: number, y: number) => {
  const across = x - box.left;
  const down = y - box.top;
  if (Math.abs(across - 50) <= 2 || Math.abs(down - 30) <= 1 || Math.abs(down - 60) <= 1) return true;
  return Math.abs(across - 25) <= 1 || Math.abs(across - 75) <= 1;
};

const photo = makeImage(800, 560, (x, y) => {
  const grain = noise(x, y, 6);
  const window = windows.find((box) => isInside(box, x, y));
  if (window) return shade(isBar(window, x, y) ? bar : glass, 1, grain);
  if (panels.some((box) => isInside(box, x, y))) return shade(panel, 1, grain);
  return shade(render, 1 - 0.05 * (y / 560), grain);
});
// The panels' middle rows (a run's ends go back to the windows beside it: their rails).
const panelMiddles = panels.map((box) => ({ ...box, top: box.top + 12, bottom: box.bottom - 12 }));
const onPanels = (x: number, y: number) => panelMiddles.some((box) => isInside(box, x, y));
const onWindows = (x: number, y: number) => windows.some((box) => isInside(box, x, y));

// Decision 206's pieces under an opening are left out of the surface, whatever the cuts: here it
// takes one bay's lower panel for the balcony under the detector's cut above it.
const tuning = { underOpeningReach: 0 };

describe('cuts split at plain rows', () => {
  it('a wall click keeps the plain panels between stacked windows and cuts the windows', () => {
    const wall = selectFacadeElement(prepareFacadeImage(photo, { tuning }), { x: 200, y: 520 }, 'surface');
    expect(shareSelected(wall, onPanels)).toBeGreaterThan(0.9);
    expect(shareSelected(wall, onWindows)).toBeLessThan(0.05);
  });

  it('cut the panels with the windows (the former rule)', () => {
    const image = prepareFacadeImage(photo, { tuning: { ...tuning, plainRowShare: 0 } });
    const wall = selectFacadeElement(image, { x: 200, y: 520 }, 'surface');
    expect(shareSelected(wall, onPanels)).toBeLessThan(0.1);
    expect(shareSelected(wall, onWindows)).toBeLessThan(0.05);
  });

  it('a window of one undivided pane stays cut whole: no bars cross it, its plain rows part nothing', () => {
    // Two floors of three framed windows of plain glass: only the rows where a cut meets the
    // wall are busy, and the glass must not go to the wall.
    const panes: Rectangle[] = [40, 150].flatMap((top) =>
      [40, 150, 260].map((left) => ({ left, top, right: left + 59, bottom: top + 79 })),
    );
    const plainGlass = makeImage(360, 260, (x, y) => {
      const pane = panes.find((box) => isInside(box, x, y));
      if (!pane) return shade(render, 1, noise(x, y, 5));
      const inner = {
        left: pane.left + 4,
        top: pane.top + 4,
        right: pane.right - 4,
        bottom: pane.bottom - 4,
      };
      return isInside(inner, x, y) ? [120, 140, 160] : [55, 58, 62];
    });
    const wall = selectFacadeElement(prepareFacadeImage(plainGlass), { x: 20, y: 20 }, 'surface');
    expect(shareSelected(wall, (x, y) => panes.some((box) => isInside(box, x, y)))).toBeLessThan(0.02);
  });

  it('a sash window with a barred top and a curtain behind its plain lower sash stays cut whole', () => {
    // Four tall windows: a top sash with glazing bars, a meeting rail, a plain lower sash, and
    // a red café curtain with vertical folds across its foot (the review's drawing). Both ends
    // are crossed by bars and the plain glass between looks like a spandrel, but the two ends
    // are not alike: one window, whose glass must not go to the wall.
    const frame: Colour = [235, 235, 230];
    const sashWindows: Rectangle[] = [60, 240, 420, 600].map((left) => ({
      left,
      top: 80,
      right: left + 99,
      bottom: 339,
    }));
    const sashes = makeImage(760, 420, (x, y) => {
      const grain = noise(x, y, 4);
      const window = sashWindows.find((box) => isInside(box, x, y));
      if (!window) return shade(render, 1, grain);
      const across = x - window.left;
      const down = y - window.top;
      if (across < 6 || across > 93 || down < 6 || down > 253 || (down >= 115 && down <= 118))
        return shade(frame, 1, grain);
      if (down < 115 && (across % 30 < 3 || Math.abs(down - 57) <= 1)) return shade(frame, 1, grain);
      if (down >= 180) return shade(across % 10 < 5 ? [150, 60, 60] : [110, 40, 40], 1, grain);
      return shade(glass, 1, grain);
    });
    const lowerSashGlass = (x: number, y: number) =>
      sashWindows.some((box) =>
        isInside(
          { left: box.left + 8, top: box.top + 125, right: box.right - 8, bottom: box.top + 175 },
          x,
          y,
        ),
      );
    const wall = selectFacadeElement(prepareFacadeImage(sashes), { x: 20, y: 400 }, 'surface');
    expect(shareSelected(wall, lowerSashGlass)).toBeLessThan(0.02);
  });
});
