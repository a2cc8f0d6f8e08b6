import { describe, expect, it } from 'vitest';
import { type Colour, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import { prepareFacadeImage, subtractFromSurface } from './facade-select.ts';

const stone: Colour = [150, 150, 150];
const glass: Colour = [60, 60, 66];
/** A door's kick plate, or a car parked before a shop, of about the wall's grey. */
const plate: Colour = [138, 136, 132];

describe('a shift-click on a wall layer removes a door at the photo’s foot down to the foot (docs/decisions/330-shift-click-openings-reach-the-foot.md)', () => {
  // A grey wall with a door whose dark glass stops above a lighter kick plate reaching the
  // photo's foot: what a click on the glass finds ends at the plate.
  const width = 320;
  const height = 240;
  const door = { left: 130, top: 130, right: 180 };
  const plateTop = 218;
  const isDoor = (x: number, y: number) => x >= door.left && x <= door.right && y >= door.top;
  const photo = makeImage(width, height, (x, y) => {
    if (!isDoor(x, y)) return shade(stone, 1, noise(x, y, 8));
    return y >= plateTop ? shade(plate, 1, noise(x, y, 4)) : shade(glass, 1, noise(x, y, 3));
  });
  const click = { x: 155, y: 180 };
  const isPlate = (x: number, y: number) => x >= door.left + 3 && x <= door.right - 3 && y >= plateTop + 2;
  const isWall = (x: number, y: number) => x < door.left - 4 || x > door.right + 4 || y < door.top - 4;

  it('removes the door’s glass and its plate down to the foot, no wall', () => {
    const removed = subtractFromSurface(prepareFacadeImage(photo), click);
    expect(shareSelected(removed, isPlate)).toBeGreaterThan(0.9);
    expect(shareSelected(removed, isWall)).toBeLessThan(0.01);
  });

  it('left the plate before (what the rule changes)', () => {
    const image = prepareFacadeImage(photo, { tuning: { subtractToFoot: 0 } });
    const removed = subtractFromSurface(image, click);
    expect(shareSelected(removed, (x, y) => isDoor(x, y) && y < plateTop - 4)).toBeGreaterThan(0.5);
    expect(shareSelected(removed, isPlate)).toBeLessThan(0.1);
  });

  it('an opening higher up keeps its bottom', () => {
    const high = makeImage(width, height, (x, y) =>
      x >= 130 && x <= 180 && y >= 60 && y <= 150
        ? shade(glass, 1, noise(x, y, 3))
        : shade(stone, 1, noise(x, y, 8)),
    );
    const removed = subtractFromSurface(prepareFacadeImage(high), { x: 155, y: 100 });
    expect(shareSelected(removed, (x, y) => x >= 135 && x <= 175 && y > 160)).toBe(0);
  });
});
