import { describe, expect, it } from 'vitest';
import { type Colour, isInside, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import {
  type FacadeTuning,
  prepareFacadeImage,
  type Rectangle,
  selectFacadeElement,
} from './facade-select.ts';

// Two floors of four dark windows on a render wall; between the floors, over each window's
// column and clear of both windows, a string course: two 8-pixel shadow lines with its moulding
// between them, darker than the render. The detector cuts the three as one rectangle, too high
// for a strip of ornament (docs/decisions/203); the moulding is a band of wall that parts it
// (docs/decisions/180), and the pieces are the two shadow lines
// (docs/decisions/272-strips-from-wall-bands.md).
const render: Colour = [206, 194, 172];
const glass: Colour = [66, 74, 88];
const columns = [80, 260, 440, 620];
const windows: Rectangle[] = [100, 330].flatMap((top) =>
  columns.map((left) => ({ left, top, right: left + 99, bottom: top + 89 })),
);
const courses: Rectangle[] = columns.map((left) => ({ left, top: 232, right: left + 99, bottom: 267 }));
const isShadowLine = (course: Rectangle, y: number) => y - course.top < 8 || course.bottom - y < 8;

const photo = makeImage(800, 500, (x, y) => {
  const grain = noise(x, y, 4);
  if (windows.some((box) => isInside(box, x, y))) return shade(glass, 1, grain);
  const course = courses.find((box) => isInside(box, x, y));
  if (course) return shade(render, isShadowLine(course, y) ? 0.45 : 0.72, grain);
  return shade(render, 1 - 0.05 * (y / 500), grain);
});
// The drawn moulding ends where its shadow lines end, so at the cut's sides it meets the render
// (an edge across them, and 14 darker than the render); on the photos a moulding runs on past
// the cut. Decision 180's side and match tests are opened so that its band parts the cut, as
// it does on cmp_b0001's wing cornices.
const bands: Partial<FacadeTuning> = { bandSide: 100, bandMatch: 100 };
const wallClick = (tuning: Partial<FacadeTuning>) =>
  selectFacadeElement(
    prepareFacadeImage(photo, { tuning: { ...bands, ...tuning } }),
    { x: 30, y: 470 },
    'surface',
  );
const onCourses = (x: number, y: number) => courses.some((box) => isInside(box, x, y));
const onWindows = (x: number, y: number) => windows.some((box) => isInside(box, x, y));

describe('strips a cut falls into at its bands of wall', () => {
  it('keeps a string course parted into two strips in a wall click, the windows stay out', () => {
    const selection = wallClick({});
    expect(shareSelected(selection, onCourses)).toBeGreaterThan(0.9);
    expect(shareSelected(selection, onWindows)).toBeLessThan(0.05);
  });

  it('cut the two shadow lines without the rule (the former code)', () => {
    const selection = wallClick({ stripPieces: 0 });
    expect(shareSelected(selection, onCourses)).toBeLessThan(0.6);
    expect(shareSelected(selection, onWindows)).toBeLessThan(0.05);
  });
});
