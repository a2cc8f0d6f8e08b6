import { describe, expect, it } from 'vitest';
import { type Colour, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import { prepareFacadeImage, subtractFromSurface } from './facade-select.ts';

const cream: Colour = [214, 200, 170];
const stone: Colour = [140, 138, 132];
const glass: Colour = [40, 44, 52];

describe('a subtracting click removes the material under the pointer (docs/decisions/343-shift-click-material-under-the-pointer.md)', () => {
  // A cream wall over a grey stone ground floor (under 30 % of the photo) with a dark shop
  // window standing on the street: no frame closes it at the photo's foot. The click lands in the
  // window near its side, where the stone covers more of the neighbourhood than the glass.
  const width = 320;
  const height = 240;
  const groundTop = 172;
  const shop = { left: 150, right: 181, top: 196 };
  const isShop = (x: number, y: number) => x >= shop.left && x <= shop.right && y >= shop.top;
  const photo = makeImage(width, height, (x, y) => {
    if (isShop(x, y)) return shade(glass, 1, noise(x, y, 3));
    return y >= groundTop ? shade(stone, 1, noise(x, y, 6)) : shade(cream, 1, noise(x, y, 6));
  });
  const isShopInside = (x: number, y: number) =>
    x >= shop.left + 3 && x <= shop.right - 3 && y >= shop.top + 3;
  const isStone = (x: number, y: number) =>
    y >= groundTop + 3 && !(x >= shop.left - 3 && x <= shop.right + 3 && y >= shop.top - 3);
  const isCream = (_x: number, y: number) => y < groundTop - 3;
  const click = { x: shop.left + 3, y: shop.top + 6 };

  it('takes the shop window away, no stone and no wall', () => {
    const removed = subtractFromSurface(prepareFacadeImage(photo), click);
    expect(shareSelected(removed, isShopInside)).toBeGreaterThan(0.9);
    expect(shareSelected(removed, isStone)).toBeLessThan(0.01);
    expect(shareSelected(removed, isCream)).toBeLessThan(0.01);
  });

  it('took the stone ground floor away before (the material around the click)', () => {
    const image = prepareFacadeImage(photo, { tuning: { subtractOwnMaterial: 0 } });
    expect(shareSelected(subtractFromSurface(image, click), isStone)).toBeGreaterThan(0.9);
  });

  it('takes nothing for a point off the photo (a pointer rounded to its width)', () => {
    const removed = subtractFromSurface(prepareFacadeImage(photo), { x: width, y: 60 });
    expect(removed.data.some((value) => value > 0)).toBe(false);
  });
});
