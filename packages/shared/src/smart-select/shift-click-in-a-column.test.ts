import { describe, expect, it } from 'vitest';
import { type Colour, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import { prepareFacadeImage, subtractFromSurface } from './facade-select.ts';

const stone: Colour = [150, 150, 150];
const glass: Colour = [50, 50, 56];
/** Closed shutters of about the wall's grey, with no frame of their own. */
const shutter: Colour = [124, 136, 124];

describe('a shift-click on a wall layer on an unframed opening in a column of openings (docs/decisions/329-shift-click-in-a-column-of-openings.md)', () => {
  // A grey wall of rough render (grain 20) with a column of two dark windows and, on the floor
  // below them, closed shutters of about the wall's colour: their edge is weaker than the
  // render's mean edge (no frame) and the wall's colour is theirs, so a click on them floods
  // the wall; a second column of windows beside it.
  const width = 320;
  const height = 300;
  const column = { left: 100, right: 140 };
  const floors = [
    [20, 70],
    [100, 150],
    [180, 230],
  ] as const;
  const isOnFloor = (x: number, y: number, [top, bottom]: readonly [number, number]) =>
    x >= column.left && x <= column.right && y >= top && y <= bottom;
  const isShutter = (x: number, y: number) => isOnFloor(x, y, floors[2]);
  const isWall = (x: number, y: number) =>
    floors.every(([top, bottom]) => !isOnFloor(x, y, [top - 4, bottom + 4])) &&
    (x < column.left - 4 || x > column.right + 4 || y < floors[0][0] - 4 || y > floors[2][1] + 4) &&
    (x < 196 || x > 244);
  // A second column of windows on every floor, and a darker street at the foot.
  const isNextColumn = (x: number, y: number) =>
    x >= 200 && x <= 240 && floors.some(([top, bottom]) => y >= top && y <= bottom);
  const photo = makeImage(width, height, (x, y) => {
    const isGlass = isOnFloor(x, y, floors[0]) || isOnFloor(x, y, floors[1]) || isNextColumn(x, y);
    if (isGlass) return shade(glass, 1, noise(x, y, 3));
    if (isShutter(x, y)) return shade(shutter, 1, noise(x, y, 1));
    return shade(stone, 1, noise(x, y, 20));
  });
  const click = { x: 120, y: 205 };

  it('removes the shutters, not the wall', () => {
    const removed = subtractFromSurface(prepareFacadeImage(photo), click);
    expect(shareSelected(removed, isShutter)).toBeGreaterThan(0.9);
    expect(shareSelected(removed, isWall)).toBeLessThan(0.01);
  });

  it('removed the whole wall before (what the rule changes)', () => {
    const image = prepareFacadeImage(photo, { tuning: { subtractColumnPeers: 0 } });
    expect(shareSelected(subtractFromSurface(image, click), isWall)).toBeGreaterThan(0.9);
  });

  it('a click on the plain wall beside the column removes the wall, as before', () => {
    const point = { x: 290, y: 170 };
    const removed = subtractFromSurface(prepareFacadeImage(photo), point);
    const former = subtractFromSurface(
      prepareFacadeImage(photo, { tuning: { subtractColumnPeers: 0 } }),
      point,
    );
    expect(removed.data).toEqual(former.data);
  });
});
