import { describe, expect, it } from 'vitest';
import { type Colour, isInside, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle, selectFacadeElement } from './facade-select.ts';

// A render facade of four bays, each three dark windows stacked over each other, and on both
// sides of each bay a dark frame line that runs on down the facade from the top window to the
// bottom one: the floors' profile (read from the columns' side lines) does not part, so the
// facade's grid has one cell per bay spanning its three windows and the plain spandrels between
// them (docs/decisions/265-grid-cells-split-at-spandrels.md).
const render: Colour = [206, 194, 172];
const glass: Colour = [66, 74, 88];
const line: Colour = [90, 84, 78];
const bays = [80, 260, 440, 620];
const tops = [100, 240, 380];
const windows: Rectangle[] = tops.flatMap((top) =>
  bays.map((left) => ({ left, top, right: left + 99, bottom: top + 89 })),
);
const sides: Rectangle[] = bays.flatMap((left) => [
  { left: left - 3, top: 100, right: left - 1, bottom: 469 },
  { left: left + 100, top: 100, right: left + 102, bottom: 469 },
]);
// The wall between two stacked windows of a bay, within its side lines.
const spandrels: Rectangle[] = [190, 330].flatMap((top) =>
  bays.map((left) => ({ left: left + 4, top: top + 6, right: left + 95, bottom: top + 43 })),
);

const photo = makeImage(800, 560, (x, y) => {
  const grain = noise(x, y, 12);
  if (windows.some((box) => isInside(box, x, y))) return shade(glass, 1, grain);
  if (sides.some((box) => isInside(box, x, y))) return shade(line, 1, grain);
  return shade(render, 1 - 0.05 * (y / 560), grain);
});
const onSpandrels = (x: number, y: number) => spandrels.some((box) => isInside(box, x, y));
const onWindows = (x: number, y: number) => windows.some((box) => isInside(box, x, y));

describe('grid cells over stacked windows', () => {
  it('a wall click keeps the spandrels between stacked windows and cuts the windows', () => {
    const wall = selectFacadeElement(prepareFacadeImage(photo), { x: 200, y: 520 }, 'surface');
    expect(shareSelected(wall, onSpandrels)).toBeGreaterThan(0.9);
    expect(shareSelected(wall, onWindows)).toBeLessThan(0.05);
  });

  it('cut the spandrels with cells that stayed whole (the former rule)', () => {
    const image = prepareFacadeImage(photo, { tuning: { gridSplit: 0 } });
    const wall = selectFacadeElement(image, { x: 200, y: 520 }, 'surface');
    expect(shareSelected(wall, onSpandrels)).toBeLessThan(0.5);
  });
});
