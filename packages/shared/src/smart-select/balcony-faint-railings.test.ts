import { describe, expect, it } from 'vitest';
import { faintRailingsOnFloors } from './balcony-faint-railings.ts';
import { glass, render } from './drawn-balconies.ts';
import { isInside, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle, selectFacadeElement } from './facade-select.ts';

// A render facade (cmp_b0002's second floor): four French windows of dark glass go down to one
// slab, and before their lower part runs a floor-long railing of thin bars (1 px every 5: 5 %
// darker than the render, 10 % lighter than the glass; fainter than the railing cells' bar
// edges), under a handrail a little darker, on a light slab whose shadow on the wall under it
// is deep (docs/decisions/410-faint-railings-on-a-floor.md).
const width = 440;
const height = 420;
const windowsFrom = (top: number): Rectangle[] =>
  [40, 145, 250, 355].map((left) => ({ left, top, right: left + 44, bottom: 246 }));
const windows = windowsFrom(70);
const windowAt = (x: number, y: number) => windows.some((box) => isInside(box, x, y));
const balcony: Rectangle = { left: 20, top: 220, right: 419, bottom: 252 };
const railingBottom = 245;
const click = { x: 20, y: 40 };

const draw = (bars: boolean, windowsTop = 70) => {
  const drawn = windowsFrom(windowsTop);
  const windowAt = (x: number, y: number) => drawn.some((box) => isInside(box, x, y));
  return makeImage(width, height, (x, y) => {
    const grain = noise(x, y, 4);
    const inBalcony = isInside(balcony, x, y);
    if (inBalcony && y > railingBottom) return shade(render, y > balcony.bottom - 2 ? 0.75 : 1.04, grain);
    if (y > balcony.bottom && y <= balcony.bottom + 8 && x >= balcony.left && x <= balcony.right)
      return shade(render, 0.45, grain);
    const base = windowAt(x, y) ? glass : render;
    if (inBalcony && y <= balcony.top + 1) return shade(base, windowAt(x, y) ? 1.4 : 0.85, grain);
    if (bars && inBalcony && x % 5 === 0) return shade(base, windowAt(x, y) ? 1.1 : 0.95, grain);
    return shade(base, 1, grain);
  });
};
const photo = draw(true);

/** The railing over the piers, from the handrail down to the slab. */
const railingOverWall = (x: number, y: number) =>
  isInside(balcony, x, y) && y <= railingBottom && !windowAt(x, y);
/** The render between the windows above the railing, and under the slab's shadow. */
const wallAround = (x: number, y: number) =>
  ((y > 90 && y < balcony.top - 4) || (y > balcony.bottom + 12 && y < 400)) && !windowAt(x, y);

describe('a floor-long railing too faint for railing cells, before French windows on a deep slab', () => {
  it('is found from its handrail to its slab along the floor, and a wall click leaves it out', () => {
    const image = prepareFacadeImage(photo);
    const onFloor = image.balconyOpenings.filter(
      (box) => box.top <= railingBottom && box.bottom >= balcony.top,
    );
    expect(onFloor.length).toBeGreaterThan(0);
    expect(Math.min(...onFloor.map((box) => box.left))).toBeLessThanOrEqual(balcony.left + 12);
    expect(Math.max(...onFloor.map((box) => box.right))).toBeGreaterThanOrEqual(balcony.right - 12);
    const selection = selectFacadeElement(image, click, 'surface');
    expect(shareSelected(selection, railingOverWall)).toBeLessThan(0.1);
    expect(shareSelected(selection, wallAround)).toBeGreaterThan(0.9);
  });

  it('without it (balconyFaintSlab 0) nothing is found there and a wall click takes the railing', () => {
    const image = prepareFacadeImage(photo, { tuning: { balconyFaintSlab: 0 } });
    const onFloor = image.balconyOpenings.filter(
      (box) => box.top <= railingBottom && box.bottom >= balcony.top,
    );
    expect(onFloor).toEqual([]);
    const selection = selectFacadeElement(image, click, 'surface');
    expect(shareSelected(selection, railingOverWall)).toBeGreaterThan(0.5);
  });

  it('with no bars over the piers (a handrail-like course under windows) nothing is found there', () => {
    const image = prepareFacadeImage(draw(false));
    const onFloor = image.balconyOpenings.filter(
      (box) => box.top <= railingBottom && box.bottom >= balcony.top,
    );
    expect(onFloor).toEqual([]);
  });

  it('before windows not rising above it by its height (their grilles, shutters) nothing is found', () => {
    // The same railing, handrail and slab, read with the windows as found, but their heads only
    // 20 px above the 32 px high railing: French windows go on above their railing (a railing
    // over whole windows is their grilles: cmp_b0008's arched windows). Read on the floor alone,
    // as other detectors take such a railing as a window row's sill band.
    const floor = (windowsTop: number) => {
      const image = prepareFacadeImage(draw(true, windowsTop));
      const { width: w, height: h, horizontalEdgeSums } = image;
      let rowTotal = 0;
      for (let y = 0; y < h; y++) rowTotal += horizontalEdgeSums[y * (w + 1) + w] as number;
      const size = Math.round(Math.sqrt((w * h) / image.superpixels.count));
      return faintRailingsOnFloors(
        { ...image, openings: windowsFrom(windowsTop) },
        [],
        rowTotal / (w * h),
        size,
      );
    };
    expect(floor(windows[0]?.top ?? 70)).toHaveLength(1);
    expect(floor(balcony.top - 20)).toEqual([]);
  });
});
