import { describe, expect, it } from 'vitest';
import { type Colour, isInside, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle, subtractFromSurface } from './facade-select.ts';

describe('a shift-click on a sign over a ground-floor opening (docs/decisions/420-shift-click-over-a-ground-opening.md)', () => {
  // A render facade with a shop front at its foot: dark glass the preparation finds
  // (`groundOpenings`, its head at the glass), and over it, as wide, a sign panel of about the
  // render's colour. A shift-click on the sign floods the render; what a window click finds
  // there (the sign and the glass's upper part) is unframed where it ends in the glass and of
  // the wall's colour under the click, and stands in no column of openings: decisions 053 and
  // 236 removed the whole wall.
  const width = 360;
  const height = 260;
  const render: Colour = [214, 196, 160];
  /** A grey-green sign panel, as close to the render as the main wall's colour allows. */
  const panel: Colour = [190, 196, 190];
  const glass: Rectangle = { left: 150, top: 200, right: 230, bottom: height - 1 };
  const sign: Rectangle = { left: 150, top: 172, right: 230, bottom: 199 };
  const photo = makeImage(width, height, (x, y) => {
    if (isInside(glass, x, y)) {
      const isJamb = x - glass.left < 3 || glass.right - x < 3;
      return shade(render, isJamb ? 0.3 : 0.4, noise(x, y, 4));
    }
    if (isInside(sign, x, y)) return shade(panel, 1, noise(x, y, 3));
    return shade(render, 1, noise(x, y, 12));
  });
  const isSign = (x: number, y: number) => isInside(sign, x, y);
  const isWall = (x: number, y: number) =>
    !isInside({ left: sign.left - 4, top: sign.top - 4, right: sign.right + 4, bottom: height - 1 }, x, y);
  const click = { x: 190, y: 185 };

  it('removes the sign with the shop front under it, not the wall', () => {
    const image = prepareFacadeImage(photo);
    const removed = subtractFromSurface(image, click);
    expect(shareSelected(removed, isSign)).toBeGreaterThan(0.9);
    expect(shareSelected(removed, (x, y) => isInside(glass, x, y))).toBeGreaterThan(0.9);
    expect(shareSelected(removed, isWall)).toBeLessThan(0.01);
  });

  it('removed the whole wall before (what the rule changes)', () => {
    const image = prepareFacadeImage(photo, { tuning: { subtractOverGround: 0 } });
    expect(shareSelected(subtractFromSurface(image, click), isWall)).toBeGreaterThan(0.9);
  });
});
