import { describe, expect, it } from 'vitest';
import { balconyMisfits, glass, render, renderFacadeWindows } from './drawn-balconies.ts';
import { isInside, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle, selectFacadeElement } from './facade-select.ts';

// A render facade, three floors of four dark windows, rusticated above and below (joints every 5
// px: a facade's many row lines, against which a line is measured). Before the foot of the
// middle floor's second window stands a railing of dense scrollwork (upright bars every 10 px and
// diagonals between them, darker than the render) on a thin slab a shade darker than the render,
// passing the window by 23 px on each side, as cmp_b0010's cast-iron balconies: its handrail and
// slab lines are under the 2 × the photo's mean row edge a balcony beside another one needs, and
// no other balcony stands on its floor (docs/decisions/470-balcony-at-a-window-foot.md).
const width = 440;
const height = 400;
const railing: Rectangle = { left: 122, top: 214, right: 212, bottom: 242 };
const slab: Rectangle = { left: 120, top: 243, right: 214, bottom: 246 };
const scroll = (x: number, y: number) => {
  const u = (x - railing.left) % 10;
  const v = (y - railing.top) % 10;
  return u < 2 || Math.abs(u - v) < 2 || Math.abs(u + v - 10) < 2;
};
/** The facade, with or without the window behind the railing. */
function drawn(withWindow: boolean) {
  const windows = renderFacadeWindows([30, 150, 300]).filter(
    (box) => withWindow || box.left !== 145 || box.top !== 150,
  );
  const windowAt = (x: number, y: number) => windows.find((box) => isInside(box, x, y));
  const photo = makeImage(width, height, (x, y) => {
    const grain = noise(x, y, 4);
    if (isInside(railing, x, y) && scroll(x, y)) return shade(render, 0.55, grain);
    if (isInside(slab, x, y)) return shade(render, 0.9, grain);
    if (windowAt(x, y)) return shade(glass, 1, grain);
    const joint = y % 5 === 0 && (y < 28 || y > 290);
    return shade(render, (joint ? 0.3 : 1) * (1 - 0.06 * (y / height)), grain);
  });
  return { photo, windowAt };
}
const click = { x: 110, y: 130 };
const onRailing = (box: Rectangle) => box.left < 150 && box.right > 185 && box.top < 235 && box.bottom > 220;
// The railing's parts beside the window, where the window's own cut does not reach.
const besideWindow = (x: number, y: number) =>
  (isInside(railing, x, y) || isInside(slab, x, y)) && (x < 140 || x > 194);

describe('balconies of the whole photo: a railing at a window foot', () => {
  it('is found from its top to its slab, over its whole width, however faint its lines', () => {
    const { photo, windowAt } = drawn(true);
    const image = prepareFacadeImage(photo);
    const found = image.balconyOpenings.find(onRailing);
    expect(found).toBeDefined();
    expect(balconyMisfits(found as Rectangle, railing, slab.bottom)).toEqual([]);
    const selection = selectFacadeElement(image, click, 'surface');
    expect(shareSelected(selection, besideWindow)).toBeLessThan(0.1);
    expect(shareSelected(selection, (x, y) => y > 255 && y < 285 && !windowAt(x, y))).toBeGreaterThan(0.9);
  });

  it('without it (balconyWindowFootOutline 0) it is missed and a wall click takes its ends', () => {
    const { photo } = drawn(true);
    // Decision 530 reads this railing beside the window's foot too: off for the former path.
    const image = prepareFacadeImage(photo, {
      tuning: { balconyWindowFootOutline: 0, balconyBesideWindowBusier: 0 },
    });
    expect(image.balconyOpenings.filter(onRailing)).toEqual([]);
    const selection = selectFacadeElement(image, click, 'surface');
    expect(shareSelected(selection, besideWindow)).toBeGreaterThan(0.5);
  });

  it('is not found before a plain pier: no window stands behind it', () => {
    const { photo } = drawn(false);
    const image = prepareFacadeImage(photo);
    expect(image.balconyOpenings.filter(onRailing)).toEqual([]);
  });
});
