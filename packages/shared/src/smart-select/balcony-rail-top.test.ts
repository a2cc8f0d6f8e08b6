import { describe, expect, it } from 'vitest';
import { glass, iron, render, renderFacadeWindows } from './drawn-balconies.ts';
import { type Colour, isInside, makeImage, noise, shade } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle } from './facade-select.ts';

// A render facade with two floors of four dark French windows; before each lower window's foot
// stands a railing a little wider than it (as on cmp_b0002): an iron handrail, then scrolls of
// dark iron before the window's dark glass, then plain bars before a light stone band down to
// the slab. The scrolls before the glass show no bars' edges: the railing band the detector
// finds begins where the stone does, 8 px under the handrail (docs/decisions/325).
const width = 440;
const height = 400;
const windows = renderFacadeWindows([30, 150]);
const stone: Colour = [226, 222, 212];
const scroll: Colour = [66, 72, 80];
const handrail = 214;
const glassEnd = 222;
const slabTop = 246;
const railings: Rectangle[] = windows
  .filter((box) => box.top === 150)
  .map((box) => ({ left: box.left - 5, top: handrail, right: box.right + 5, bottom: slabTop - 1 }));

/** The facade; with `stripedWall`, the wall above the railings is a busy texture of 2-px courses. */
function drawFacade(stripedWall: boolean) {
  return makeImage(width, height, (x, y) => {
    const grain = noise(x, y, 3);
    const railing = railings.find((box) => isInside(box, x, y));
    const window = windows.find((box) => isInside(box, x, y));
    if (railing && y - railing.top < 3) return shade(iron, 1, grain);
    if (railing && y <= glassEnd) {
      if ((x + 2 * y) % 9 < 3) return shade(scroll, 1, grain);
      return shade(window ? glass : render, 1, grain);
    }
    if (railing) return (x - railing.left) % 7 < 2 ? shade(iron, 1, grain) : shade(stone, 1, grain);
    if (y >= slabTop && y < slabTop + 10 && x >= 20 && x <= 420) return shade(stone, 1, grain);
    if (window) return shade(glass, 1, grain);
    if (stripedWall && y >= 120 && y < handrail) return shade(render, y % 4 < 2 ? 0.85 : 1, grain);
    return shade(render, 1, grain);
  });
}

const foundOver = (balconies: Rectangle[], railing: Rectangle) =>
  balconies.find((box) => box.left <= railing.left + 10 && box.right >= railing.right - 10);

describe("a balcony's top goes up to its rail", () => {
  it('each balcony found begins at its handrail, not where the bars before the stone begin', () => {
    const image = prepareFacadeImage(drawFacade(false));
    for (const railing of railings) {
      const found = foundOver(image.balconyOpenings, railing);
      expect(found).toBeDefined();
      expect(Math.abs((found as Rectangle).top - handrail)).toBeLessThanOrEqual(2);
    }
  });

  it('without it (balconyRailTop 0) they begin at the stone', () => {
    const image = prepareFacadeImage(drawFacade(false), { tuning: { balconyRailTop: 0 } });
    for (const railing of railings) {
      const found = foundOver(image.balconyOpenings, railing) as Rectangle;
      expect(found.top).toBeGreaterThanOrEqual(glassEnd - 1);
    }
  });

  it('over a busy wall (no calm row above the rail) the top stays where the bars begin', () => {
    const image = prepareFacadeImage(drawFacade(true));
    const found = railings.map((railing) => foundOver(image.balconyOpenings, railing));
    expect(found.filter(Boolean).length).toBeGreaterThanOrEqual(2);
    for (const box of found) if (box) expect(box.top).toBeGreaterThanOrEqual(glassEnd - 1);
  });
});
