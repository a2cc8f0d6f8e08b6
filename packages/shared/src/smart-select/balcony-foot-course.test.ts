import { describe, expect, it } from 'vitest';
import { glass, iron, render } from './drawn-balconies.ts';
import { isInside, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import {
  type FacadeTuning,
  prepareFacadeImage,
  type Rectangle,
  selectFacadeElement,
} from './facade-select.ts';

// A render facade with a string course running along it from side to side (lit stone ending on
// a shadow line), and a balcony's iron railing standing on it: the course is the lowest line
// under the bars, where decision 155 ends the balcony, but it runs on beside the railing and the
// labels count it as wall (cmp_b0006's French balconies on their floors' course, cmp_b0009's
// balustrades on the cornice; docs/decisions/383-balcony-foot-without-the-course.md).
const width = 440;
const height = 400;
const railing: Rectangle = { left: 130, top: 100, right: 310, bottom: 129 };
const course = { top: 130, shadow: 134, bottom: 136 };
const windowsAbove: Rectangle[] = [150, 250].map((left) => ({ left, top: 20, right: left + 40, bottom: 90 }));
const windowsBelow: Rectangle[] = [150, 250].map((left) => ({
  left,
  top: 200,
  right: left + 40,
  bottom: 290,
}));
const photo = makeImage(width, height, (x, y) => {
  const grain = noise(x, y, 4);
  if (isInside(railing, x, y) && (x % 7 < 2 || y - railing.top < 4)) return shade(iron, 1, grain);
  if (y >= course.shadow && y <= course.bottom) return shade(render, 0.6, grain);
  if (y >= course.top && y < course.shadow) return shade(render, 1.08, grain);
  if ([...windowsAbove, ...windowsBelow].some((box) => isInside(box, x, y))) return shade(glass, 1, grain);
  return shade(render, 1, grain);
});
const onRailing = (box: Rectangle) => box.left < 200 && box.right > 250 && box.top < 110 && box.bottom > 120;
// The click's own railings (decision 052) are a search of their own, with their own slab rule,
// that also cuts this course: off here, so the wall click shows the photo's balconies alone.
const prepared = (tuning: Partial<FacadeTuning> = {}) =>
  prepareFacadeImage(photo, { tuning: { railingEdge: 0, ...tuning } });
const courseUnder = (x: number, y: number) =>
  x >= railing.left && x <= railing.right && y >= course.top && y <= course.bottom;

describe('a balcony standing on a string course ends where the course begins', () => {
  it('ends at its bars, and a wall click keeps the course under it', () => {
    const image = prepared();
    const found = image.balconyOpenings.filter(onRailing);
    expect(found.length).toBeGreaterThan(0);
    expect(Math.max(...found.map((box) => box.bottom))).toBeLessThanOrEqual(course.top + 1);
    const wall = selectFacadeElement(image, { x: 60, y: 350 }, 'surface');
    expect(shareSelected(wall, courseUnder)).toBeGreaterThan(0.6);
    expect(shareSelected(wall, (x, y) => isInside(railing, x, y))).toBeLessThan(0.1);
  });

  it('took the course down to its shadow line without it (balconyFootNear 0)', () => {
    // Decision 600's wall gap off too: it ends this box over the course's lower rows on its own.
    const image = prepared({ balconyFootNear: 0, balconyFootGap: 0 });
    const found = image.balconyOpenings.filter(onRailing);
    expect(found.length).toBeGreaterThan(0);
    expect(Math.max(...found.map((box) => box.bottom))).toBeGreaterThanOrEqual(course.bottom - 1);
    const wall = selectFacadeElement(image, { x: 60, y: 350 }, 'surface');
    expect(shareSelected(wall, courseUnder)).toBeLessThan(0.2);
  });

  it('keeps a slab of its own that does not run on beside it', () => {
    // The same course drawn under the railing only: the balcony's slab, not the facade's.
    const slab = makeImage(width, height, (x, y) => {
      const grain = noise(x, y, 4);
      if (y >= course.top && y <= course.bottom && (x < railing.left - 8 || x > railing.right + 8))
        return shade(render, 1, grain);
      const [red, green, blue] = photo.data.subarray((y * width + x) * 4, (y * width + x) * 4 + 3);
      return [red as number, green as number, blue as number];
    });
    const found = prepareFacadeImage(slab).balconyOpenings.filter(onRailing);
    expect(found.length).toBeGreaterThan(0);
    expect(Math.max(...found.map((box) => box.bottom))).toBeGreaterThanOrEqual(course.bottom - 1);
  });
});
