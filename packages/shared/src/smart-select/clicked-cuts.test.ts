import { describe, expect, it } from 'vitest';
import { type Colour, isInside, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import {
  type FacadeTuning,
  prepareFacadeImage,
  type Rectangle,
  selectFacadeElement,
} from './facade-select.ts';

// A render facade with three floors of four dark windows (a mullion and a transom across the
// glass) and, above them, a storey of three sunken panels of the render in shade and one more
// window: the detector cuts the panels with the windows. A wall click made inside a panel says
// it is wall, and so are its likes along the storey and a narrower piece of it beside it; the
// window beside them, of their size but not of their look, stays cut
// (docs/decisions/326-a-wall-click-inside-a-cut.md).
const render: Colour = [208, 196, 176];
const glass: Colour = [70, 78, 90];
const bar: Colour = [120, 118, 114];
const columns = [80, 260, 440, 620];
const windows: Rectangle[] = [
  ...[170, 280, 390].flatMap((top) =>
    columns.map((left) => ({ left, top, right: left + 99, bottom: top + 79 })),
  ),
  { left: 620, top: 40, right: 719, bottom: 119 },
];
// A narrower piece of the first panel beside it, across a thin rib of the wall's colour.
const piece: Rectangle = { left: 186, top: 40, right: 215, bottom: 119 };
const panels: Rectangle[] = columns
  .slice(0, 3)
  .map((left) => ({ left, top: 40, right: left + 99, bottom: 119 }));

const photo = makeImage(800, 500, (x, y) => {
  const grain = noise(x, y, 6);
  const window = windows.find((box) => isInside(box, x, y));
  if (window) {
    const isBar = Math.abs(x - (window.left + window.right) / 2) < 3 || Math.abs(y - (window.top + 25)) < 3;
    return shade(isBar ? bar : glass, 1, grain);
  }
  if ([...panels, piece].some((box) => isInside(box, x, y))) return shade(render, 0.75, grain);
  return shade(render, 1 - 0.05 * (y / 500), grain);
});
const onPanels = (x: number, y: number) => panels.some((box) => isInside(box, x, y));
const onPiece = (x: number, y: number) => isInside(piece, x, y);
const onWindows = (x: number, y: number) => windows.some((box) => isInside(box, x, y));
const inPanel = { x: 130, y: 80 };

const wallAt = (point: { x: number; y: number }, tuning: Partial<FacadeTuning> = {}) =>
  selectFacadeElement(prepareFacadeImage(photo, { tuning }), point, 'surface');

describe('a wall click inside one of its cuts', () => {
  it('a click on the wall cuts the panels with the windows', () => {
    const wall = wallAt({ x: 200, y: 265 });
    expect(shareSelected(wall, onPanels)).toBeLessThan(0.05);
    expect(shareSelected(wall, onWindows)).toBeLessThan(0.05);
  });

  it('a click inside a panel keeps it and its likes along the storey, not the window beside them', () => {
    const wall = wallAt(inPanel);
    expect(shareSelected(wall, onPanels)).toBeGreaterThan(0.95);
    expect(shareSelected(wall, onWindows)).toBeLessThan(0.05);
  });

  it('keeps the piece of the clicked panel close beside it, cut apart at a rib', () => {
    expect(shareSelected(wallAt(inPanel), onPiece)).toBeGreaterThan(0.95);
    expect(shareSelected(wallAt(inPanel, { clickedCutBeside: 0 }), onPiece)).toBeLessThan(0.05);
  });

  it('its likes stay cut without the likeness test, and every panel with the former code', () => {
    const alone = wallAt(inPanel, { clickedCutLikeness: 2 });
    expect(shareSelected(alone, onPanels)).toBeGreaterThan(0.3);
    expect(shareSelected(alone, onPanels)).toBeLessThan(0.4);
    expect(shareSelected(wallAt(inPanel, { clickedCutInside: 0 }), onPanels)).toBeLessThan(0.05);
  });
});
