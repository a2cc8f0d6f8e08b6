import { describe, expect, it } from 'vitest';
import { type Colour, isInside, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle, selectFacadeElement } from './facade-select.ts';

// A render facade with three floors of four dark windows (sharp frames) and, above the top
// floor, a frieze: a carved panel over each window column, its relief's shadow darkening
// softly towards the middle (no frame line). The panels stand on the window columns but above
// every floor: the facade's crowning, which stays wall (docs/decisions/244-cuts-above-the-top-floor.md).
const render: Colour = [208, 196, 176];
const glass: Colour = [70, 78, 90];
const columns = [80, 260, 440, 620];
const windows: Rectangle[] = [150, 260, 370].flatMap((top) =>
  columns.map((left) => ({ left, top, right: left + 99, bottom: top + 79 })),
);
const panels: Rectangle[] = columns.map((left) => ({ left, top: 50, right: left + 99, bottom: 95 }));

/** How deep inside `box` (x, y) lies, in pixels (0 outside). */
const depth = (box: Rectangle, x: number, y: number) =>
  isInside(box, x, y) ? Math.min(x - box.left, box.right - x, y - box.top, box.bottom - y) + 1 : 0;

const photo = makeImage(800, 500, (x, y) => {
  const grain = noise(x, y, 12);
  if (windows.some((box) => isInside(box, x, y))) return shade(glass, 1, grain);
  const panel = panels.find((box) => isInside(box, x, y));
  if (panel) return shade(render, 1 - 0.45 * Math.min(1, depth(panel, x, y) / 24), grain);
  return shade(render, 1 - 0.05 * (y / 500), grain);
});
const onPanels = (x: number, y: number) => panels.some((box) => isInside(box, x, y));
const onWindows = (x: number, y: number) => windows.some((box) => isInside(box, x, y));

describe('cuts above the top floor', () => {
  it('a wall click keeps the frieze panels over the window columns and cuts the windows', () => {
    const wall = selectFacadeElement(prepareFacadeImage(photo), { x: 200, y: 240 }, 'surface');
    expect(shareSelected(wall, onPanels)).toBeGreaterThan(0.9);
    expect(shareSelected(wall, onWindows)).toBeLessThan(0.05);
  });

  it('cut the panels when a cut on a column counted as on the grid however high (the former rule)', () => {
    // Without decision 339's tops too: the drawn panels' top rows are the wall's colour.
    const image = prepareFacadeImage(photo, { tuning: { gridCrownLone: 0, cutSideTop: false } });
    const wall = selectFacadeElement(image, { x: 200, y: 240 }, 'surface');
    expect(shareSelected(wall, onPanels)).toBeLessThan(0.5);
  });
});
