import { describe, expect, it } from 'vitest';
import { glass, iron, render, renderFacadeWindows } from './drawn-balconies.ts';
import { isInside, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle, selectFacadeElement } from './facade-select.ts';

// A render facade with two floors of four dark windows over a plain ground-floor wall. In front
// of the upper floor's two middle windows' lower part stands a balcony: iron bars (2 of every 7
// pixels) under an iron handrail, on a slab of the render's stone whose front edge is in shade.
// Under the slab its corbels stand in the shadow the slab casts on the wall, darkest right
// under it and fading to the wall’s lightness 18 px further down; the CMP labels count the
// corbels' band as balcony (docs/decisions/239-balcony-shade.md). The corbels' lit fronts are
// of the wall's colour: a wall click's surface takes them unless the balcony reaches down.
const width = 440;
const height = 400;
const windows = renderFacadeWindows([30, 150]);
const windowAt = (x: number, y: number) => windows.find((box) => isInside(box, x, y));
const railing: Rectangle = { left: 130, top: 206, right: 310, bottom: 235 };
const slab: Rectangle = { left: 130, top: 236, right: 310, bottom: 246 };
const shadeHeight = 18;
const click = { x: 60, y: 330 };

/** The facade, with the shade under the balcony only or (`alongFacade`) across the whole photo. */
function drawFacade(alongFacade: boolean) {
  return makeImage(width, height, (x, y) => {
    const grain = noise(x, y, 4);
    if (isInside(railing, x, y) && (x % 7 < 2 || y - railing.top < 4)) return shade(iron, 1, grain);
    if (isInside(slab, x, y)) return shade(render, slab.bottom - y < 4 ? 0.6 : 1.03, grain);
    if (windowAt(x, y)) return shade(glass, 1, grain);
    const below = y - slab.bottom;
    const inShade = below > 0 && below <= shadeHeight && (alongFacade || (x >= slab.left && x <= slab.right));
    // Corbels: 10-px blocks of lit stone every 30 px along the slab, 10 px high.
    const isCorbel = !alongFacade && inShade && x >= slab.left && (x - slab.left) % 30 < 10 && below <= 10;
    if (inShade && !isCorbel) return shade(render, 0.55 + 0.45 * (below / shadeHeight), grain);
    return shade(render, 1, grain);
  });
}

describe('a balcony takes the shade it casts on the wall under it', () => {
  const photo = drawFacade(false);
  // The corbels' band: the darker half of the shade.
  const corbels: Rectangle = {
    left: slab.left,
    top: slab.bottom + 1,
    right: slab.right,
    bottom: slab.bottom + 8,
  };
  const besideShade = (x: number, y: number) =>
    y > slab.bottom &&
    y <= slab.bottom + shadeHeight &&
    (x < slab.left - 10 || x > slab.right + 10) &&
    !windowAt(x, y);

  it('the balcony found runs from its handrail down into the shade under its slab', () => {
    const image = prepareFacadeImage(photo);
    const found = image.balconyOpenings.find((box) => box.left < 200 && box.right > 250);
    expect(found).toBeDefined();
    const balcony = found as Rectangle;
    expect(Math.abs(balcony.top - railing.top)).toBeLessThanOrEqual(3);
    expect(balcony.bottom).toBeGreaterThanOrEqual(corbels.bottom);
    expect(balcony.bottom).toBeLessThanOrEqual(slab.bottom + shadeHeight);
  });

  it('a wall click leaves out the corbels in the shade, and keeps the lit wall beside and under it', () => {
    const selection = selectFacadeElement(prepareFacadeImage(photo), click, 'surface');
    expect(shareSelected(selection, (x, y) => isInside(corbels, x, y))).toBeLessThan(0.05);
    expect(shareSelected(selection, besideShade)).toBeGreaterThan(0.95);
    expect(shareSelected(selection, (_x, y) => y > slab.bottom + shadeHeight + 4)).toBeGreaterThan(0.95);
  });

  it('without it (balconyShadeReach 0) the balcony ends at the slab and the wall click takes the corbels', () => {
    const image = prepareFacadeImage(photo, { tuning: { balconyShadeReach: 0 } });
    const balcony = image.balconyOpenings.find((box) => box.left < 200 && box.right > 250) as Rectangle;
    expect(balcony.bottom).toBeLessThanOrEqual(slab.bottom + 2);
    const selection = selectFacadeElement(image, click, 'surface');
    expect(shareSelected(selection, (x, y) => isInside(corbels, x, y))).toBeGreaterThan(0.3);
  });

  it('a shadow that runs on along the facade (a cornice’s, a string course’s) is not the balcony’s', () => {
    const image = prepareFacadeImage(drawFacade(true));
    const balcony = image.balconyOpenings.find((box) => box.left < 200 && box.right > 250) as Rectangle;
    expect(balcony).toBeDefined();
    expect(balcony.bottom).toBeLessThanOrEqual(slab.bottom + 2);
  });
});
