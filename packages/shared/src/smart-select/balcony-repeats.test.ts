import { describe, expect, it } from 'vitest';
import { glass, iron, render, renderFacadeWindows } from './drawn-balconies.ts';
import { isInside, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle, selectFacadeElement } from './facade-select.ts';

// A render facade, two floors of four dark windows over a ground floor of dark and light
// stripes 2 px wide (a shop's shutter: the photo's many bars' edges, against which a faint bar
// is measured). Along the upper floor, in front of its windows' lower part, runs a balcony of
// iron bars (2 of every 6 pixels) under an iron handrail, on a slab whose front edge is in
// shade: it is found (decision 155). The same balcony runs along the top floor in a light grey
// (as cmp_b0007's light bars, or b0002's thin ones on light render): its bars' edges are too
// faint for railing cells, and a wall click takes it with the wall. It looks like the one found,
// a floor higher (docs/decisions/267-balcony-repeats.md).
const width = 440;
const height = 400;
const windows = renderFacadeWindows([30, 150]);
const windowAt = (x: number, y: number) => windows.find((box) => isInside(box, x, y));
const found: Rectangle = { left: 24, top: 206, right: 415, bottom: 246 };
const faint: Rectangle = { left: 24, top: 86, right: 415, bottom: 126 };
const slabHeight = 11;
const click = { x: 20, y: 140 };

const photo = makeImage(width, height, (x, y) => {
  const grain = noise(x, y, 4);
  for (const [balcony, bars, edge] of [
    [found, iron, 0.3],
    [faint, shade(render, 0.8), 0.8],
  ] as const) {
    if (!isInside(balcony, x, y)) continue;
    if (y > balcony.bottom - slabHeight) return shade(render, balcony.bottom - y < 4 ? edge : 1.03, grain);
    if (y - balcony.top < 3 || x % 6 < 2) return shade(bars, 1, grain);
  }
  if (windowAt(x, y)) return shade(glass, 1, grain);
  if (y > 290) return shade(render, x % 4 < 2 ? 0.5 : 1, grain);
  return shade(render, 1, grain);
});
/** The faint balcony between the outer windows' middles, where the found one's pieces run. */
const faintMiddle: Rectangle = { left: 70, top: faint.top, right: 370, bottom: faint.bottom };
const onFaintFloor = (box: Rectangle) => box.bottom >= faint.top && box.top <= faint.bottom;

describe('balconies where a found one repeats', () => {
  it('the faint balcony a floor higher is found in the found pieces, and a wall click leaves it out', () => {
    const image = prepareFacadeImage(photo);
    const repeats = image.balconyOpenings.filter(onFaintFloor);
    expect(repeats.length).toBeGreaterThanOrEqual(3);
    for (const repeat of repeats) {
      expect(Math.abs(repeat.top - faint.top)).toBeLessThanOrEqual(3);
      expect(Math.abs(repeat.bottom - faint.bottom)).toBeLessThanOrEqual(5);
    }
    const selection = selectFacadeElement(image, click, 'surface');
    expect(shareSelected(selection, (x, y) => isInside(faintMiddle, x, y))).toBeLessThan(0.1);
    // The wall between the floors stays.
    expect(shareSelected(selection, (_x, y) => y > faint.bottom + 4 && y < 148)).toBeGreaterThan(0.9);
  });

  it('without repeats (balconyRepeatLikeness 0) it is missed and a wall click takes it', () => {
    // Decision 410's faint railings before French windows would find it too: off, to see the repeats'.
    const image = prepareFacadeImage(photo, { tuning: { balconyRepeatLikeness: 0, balconyFaintSlab: 0 } });
    expect(image.balconyOpenings.filter(onFaintFloor)).toEqual([]);
    const selection = selectFacadeElement(image, click, 'surface');
    expect(shareSelected(selection, (x, y) => isInside(faintMiddle, x, y))).toBeGreaterThan(0.5);
  });

  // Four floors of four windows with a French balcony before each window of the second floor
  // only (the review's drawing): a window's lower part over the wall under it looks enough like
  // a railing before one that the example's column searched without bars put a balcony under
  // every window above and below (docs/decisions/267, amendment).
  const columnLefts = [30, 150, 270, 390];
  const floorWindows: Rectangle[] = [40, 160, 280, 400].flatMap((top) =>
    columnLefts.map((left) => ({ left, top, right: left + 59, bottom: top + 89 })),
  );
  const french: Rectangle[] = columnLefts.map((left) => ({
    left: left - 6,
    top: 215,
    right: left + 65,
    bottom: 259,
  }));
  const floorsPhoto = makeImage(520, 560, (x, y) => {
    const grain = noise(x, y, 4);
    for (const balcony of french) {
      if (!isInside(balcony, x, y)) continue;
      if (y > balcony.bottom - 10) return shade(render, balcony.bottom - y < 4 ? 0.3 : 1.03, grain);
      if (y - balcony.top < 3 || x % 6 < 2) return shade(iron, 1, grain);
    }
    return shade(floorWindows.some((box) => isInside(box, x, y)) ? glass : render, 1, grain);
  });
  const offTheirFloor = (boxes: Rectangle[]) => boxes.filter((box) => box.bottom < 215 || box.top > 259);

  it('a balcony on one floor is not repeated under the windows of the floors without one', () => {
    const image = prepareFacadeImage(floorsPhoto);
    expect(image.balconyOpenings.length).toBeGreaterThan(0);
    expect(offTheirFloor(image.balconyOpenings)).toEqual([]);
  });

  it('repeats without bars of their own (balconyRepeatOwnBars and balconyRepeatHalfBars 0) fall under the windows of the other floors', () => {
    const image = prepareFacadeImage(floorsPhoto, {
      tuning: { balconyRepeatOwnBars: 0, balconyRepeatHalfBars: 0 },
    });
    expect(offTheirFloor(image.balconyOpenings).length).toBeGreaterThan(3);
  });
});
