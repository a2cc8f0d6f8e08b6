import { describe, expect, it } from 'vitest';
import { glass, iron, render, renderFacadeWindows } from './drawn-balconies.ts';
import { isInside, makeImage, noise, shade } from './drawn-facade.ts';
import { type FacadeImage, prepareFacadeImage, type Rectangle } from './facade-select.ts';
import { endAtBalconyRails } from './repeat-balcony-rails.ts';
import { findSimilar } from './similar-and-frames.ts';

describe('select all similar ends a window at the handrail of a balcony across it (docs/decisions/297)', () => {
  // Three floors × four dark windows 45 × 90 on a render; in front of the middle floor's
  // windows' lower part runs a balcony across the facade (iron bars, 2 of every 7 pixels, under
  // an iron handrail from row 206, the slab under them), as decision 155's drawn facade. The
  // windows run on down behind the railing to row 239, but a window ends at the handrail.
  const width = 440;
  const height = 400;
  const windows = renderFacadeWindows([30, 150, 270]);
  const railing: Rectangle = { left: 20, top: 206, right: 419, bottom: 235 };
  const slab: Rectangle = { left: 20, top: 236, right: 419, bottom: 256 };
  const image = prepareFacadeImage(
    makeImage(width, height, (x, y) => {
      const grain = noise(x, y, 4);
      if (isInside(railing, x, y) && (x % 7 < 2 || y - railing.top < 4)) return shade(iron, 1, grain);
      if (isInside(slab, x, y)) return shade(render, slab.bottom - y < 4 ? 0.6 : 1.03, grain);
      if (windows.some((box) => isInside(box, x, y))) return shade(glass, 1, grain);
      return shade(render, 1 - 0.06 * (y / height), grain);
    }),
  );
  // The example: a top-floor window, as the user marked it.
  const example = windows[1] as Rectangle;
  const repeatOn = (repeats: Rectangle[], window: Rectangle) =>
    repeats.find((repeat) =>
      isInside(
        window,
        Math.round((repeat.left + repeat.right) / 2),
        Math.round((repeat.top + repeat.bottom) / 2),
      ),
    );

  it('the middle floor’s windows end one row above the handrail, the others at their own bottoms', () => {
    const repeats = findSimilar(image, example);
    expect(repeats[0]).toEqual(example);
    for (const window of windows) {
      const repeat = repeatOn(repeats, window);
      const where = `the window at ${window.left}, ${window.top}`;
      expect(repeat, where).toBeDefined();
      const bottom = window.top === 150 ? railing.top - 1 : window.bottom;
      expect(Math.abs((repeat as Rectangle).bottom - bottom), `bottom of ${where}`).toBeLessThanOrEqual(2);
      expect(Math.abs((repeat as Rectangle).top - window.top), `top of ${where}`).toBeLessThanOrEqual(2);
    }
  });

  it('keeps the example, a window with no railing across it, and every window when switched off', () => {
    const middle = windows[5] as Rectangle;
    const top = windows[2] as Rectangle;
    const [kept, cut, plain] = endAtBalconyRails(image, [middle, middle, top]);
    expect(kept).toEqual(middle);
    // The balcony found runs from its handrail within a pixel or two (decision 155's test).
    expect({ ...cut, bottom: middle.bottom }).toEqual(middle);
    expect(Math.abs((cut as Rectangle).bottom - (railing.top - 1))).toBeLessThanOrEqual(2);
    expect(plain).toEqual(top);
    expect(endAtBalconyRails(image, [middle, middle], { spanned: 0, lowest: 0.5 })).toEqual([middle, middle]);
  });

  it('leaves a window whose railing spans under half of it: a piece found inside a window is no railing', () => {
    const middle = windows[5] as Rectangle;
    const narrow: FacadeImage = {
      ...image,
      balconyOpenings: [{ left: middle.left + 10, top: 206, right: middle.left + 25, bottom: 235 }],
    };
    expect(endAtBalconyRails(narrow, [middle, middle])).toEqual([middle, middle]);
  });
});
