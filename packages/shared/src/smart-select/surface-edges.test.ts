import { describe, expect, it } from 'vitest';
import { type Colour, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import { prepareFacadeImage, selectFacadeElement, subtractFromSurface } from './facade-select.ts';

const stone: Colour = [215, 200, 170];
const sky: Colour = [120, 170, 225];
const asphalt: Colour = [70, 70, 74];

describe('a wall running off the side of the photo (decision 053)', () => {
  // Sky above, asphalt below, a stone wall between with a recessed bay in deep shade (the
  // same stone, far darker), or a tree, a brick wall or a dark door there: each reaches the
  // left edge.
  const width = 320;
  const height = 240;
  const skyBottom = 40;
  const streetTop = 210;
  const sideRight = 60;
  // The side part is a recessed bay: sunlit wall above and below it.
  const bayTop = 70;
  const bayBottom = 180;
  const draw = (side: (grain: number) => Colour) =>
    makeImage(width, height, (x, y) => {
      const grain = noise(x, y, 6);
      if (y < skyBottom) return shade(sky, 1, grain / 2);
      if (y >= streetTop) return shade(asphalt, 1, grain);
      if (x < sideRight && y >= bayTop && y < bayBottom) return side(grain);
      return shade(stone, 1, grain);
    });
  const isSide = (x: number, y: number) => x < sideRight - 3 && y >= bayTop + 3 && y < bayBottom - 3;
  const isSunlit = (x: number, y: number) => x >= sideRight + 3 && y >= skyBottom + 3 && y < streetTop - 3;
  const isSkyOrStreet = (_x: number, y: number) => y < skyBottom - 3 || y >= streetTop + 3;
  const shaded = draw((grain) => shade(stone, 0.55, grain / 2));

  it('one click on the sunlit wall also takes its shaded part cut by the edge, not the sky or street', () => {
    const selection = selectFacadeElement(prepareFacadeImage(shaded), { x: 200, y: 120 }, 'surface');
    expect(shareSelected(selection, isSunlit)).toBeGreaterThan(0.9);
    expect(shareSelected(selection, isSide)).toBeGreaterThan(0.9);
    expect(shareSelected(selection, isSkyOrStreet)).toBeLessThan(0.05);
  });

  it('left out without the side rule (what the rule changes)', () => {
    const image = prepareFacadeImage(shaded, { tuning: { sidePieceHue: 0 } });
    const selection = selectFacadeElement(image, { x: 200, y: 120 }, 'surface');
    expect(shareSelected(selection, isSide)).toBeLessThan(0.1);
  });

  it.each([
    ['a tree', [70, 115, 50]],
    ['a brick wall', [160, 70, 50]],
    ['a dark door or car of nearly the same hue', [48, 45, 40]],
  ] as const)('%s at the side stays out', (_what, colour) => {
    const photo = draw((grain) => shade(colour, 1, grain));
    const selection = selectFacadeElement(prepareFacadeImage(photo), { x: 200, y: 120 }, 'surface');
    expect(shareSelected(selection, isSunlit)).toBeGreaterThan(0.9);
    expect(shareSelected(selection, isSide)).toBeLessThan(0.1);
  });
});

describe('a subtracting click on a wall layer (decision 053)', () => {
  // A stone wall with a door whose leaf is painted like the wall (slats with thin shadows):
  // a dark frame on its top and sides, none at the foot, so the surface under a click on the
  // leaf is the whole wall.
  const width = 300;
  const height = 220;
  const door = { left: 135, top: 60, right: 164, bottom: 179 };
  const frameWidth = 5;
  const isDoor = (x: number, y: number) =>
    x >= door.left && x <= door.right && y >= door.top && y <= door.bottom;
  const photo = makeImage(width, height, (x, y) => {
    const grain = noise(x, y, 5);
    if (!isDoor(x, y)) return shade(stone, 1, grain);
    const inFrame = x < door.left + frameWidth || x > door.right - frameWidth || y < door.top + frameWidth;
    if (inFrame) return shade([55, 52, 50], 1, grain / 2);
    return shade(stone, (y - door.top) % 6 === 0 ? 0.75 : 0.88, grain);
  });
  const isWindow = isDoor;
  const isWall = (x: number, y: number) =>
    x < door.left - 5 || x > door.right + 5 || y < door.top - 5 || y > door.bottom + 5;

  it('removes the opening under the click when the surface there is the wall itself', () => {
    const image = prepareFacadeImage(photo);
    const removed = subtractFromSurface(image, { x: 150, y: 120 });
    expect(shareSelected(removed, isWindow)).toBeGreaterThan(0.8);
    expect(shareSelected(removed, isWall)).toBeLessThan(0.05);
  });

  it('the surface under the click would have taken the whole wall (what the rule changes)', () => {
    const image = prepareFacadeImage(photo, { tuning: { subtractSurfaceShare: 2, subtractOpeningFirst: 0 } });
    const removed = subtractFromSurface(image, { x: 150, y: 120 });
    expect(shareSelected(removed, isWall)).toBeGreaterThan(0.5);
  });

  it('removes a surface of another material whole', () => {
    // Sky above the wall: a shift-click on the sky (taken by mistake) removes all of it.
    const withSky = makeImage(width, height, (x, y) =>
      y < 50 ? shade(sky, 1, noise(x, y, 3)) : shade(stone, 1, noise(x, y, 5)),
    );
    const removed = subtractFromSurface(prepareFacadeImage(withSky), { x: 150, y: 20 });
    expect(shareSelected(removed, (_x, y) => y < 47)).toBeGreaterThan(0.95);
    expect(shareSelected(removed, (_x, y) => y > 53)).toBeLessThan(0.02);
  });
});
