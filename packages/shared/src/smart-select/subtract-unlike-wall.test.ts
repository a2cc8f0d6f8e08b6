import { describe, expect, it } from 'vitest';
import { type Colour, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import { prepareFacadeImage, subtractFromSurface } from './facade-select.ts';

const stone: Colour = [150, 150, 150];
const dark: Colour = [100, 100, 104];

describe('a subtracting click on a wall layer where no frame outlines the opening (docs/decisions/236-subtract-unlike-wall.md)', () => {
  // A grey stone wall with a dark grey shop front standing on a street as dark: the surface
  // under a click on the shop is the whole photo (the shop's grey is wall-like when lightness
  // counts little), and the shop's glass has no frame of its own.
  const width = 320;
  const height = 240;
  const shop = { left: 120, top: 120, right: 200 };
  const streetTop = 200;
  const isShopOrStreet = (x: number, y: number) =>
    y > streetTop || (x >= shop.left && x <= shop.right && y >= shop.top);
  const photo = makeImage(width, height, (x, y) =>
    isShopOrStreet(x, y) ? shade(dark, 1, noise(x, y, 3)) : shade(stone, 1, noise(x, y, 10)),
  );
  const isShop = (x: number, y: number) =>
    x >= shop.left && x <= shop.right && y >= shop.top && y <= streetTop;
  const isWall = (x: number, y: number) =>
    y < streetTop - 3 && (x < shop.left - 3 || x > shop.right + 3 || y < shop.top - 3);
  const click = { x: 160, y: 160 };

  it('removes what the click finds on the shop front, no wall', () => {
    const removed = subtractFromSurface(prepareFacadeImage(photo), click);
    expect(shareSelected(removed, isShop)).toBeGreaterThan(0.02);
    expect(shareSelected(removed, isWall)).toBeLessThan(0.01);
  });

  it('removed the whole wall before (what the rule changes)', () => {
    const image = prepareFacadeImage(photo, { tuning: { subtractUnlikeWall: 0 } });
    expect(shareSelected(subtractFromSurface(image, click), isWall)).toBeGreaterThan(0.9);
  });

  it('a click on the plain wall removes what it removed before (the rule leaves wall-coloured clicks alone)', () => {
    for (const point of [
      { x: 50, y: 60 },
      { x: 260, y: 150 },
      { x: 160, y: 40 },
    ]) {
      const removed = subtractFromSurface(prepareFacadeImage(photo), point);
      const former = subtractFromSurface(
        prepareFacadeImage(photo, { tuning: { subtractUnlikeWall: 0 } }),
        point,
      );
      expect(removed.data).toEqual(former.data);
    }
  });
});
