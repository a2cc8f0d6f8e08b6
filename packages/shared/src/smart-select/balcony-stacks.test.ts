import { describe, expect, it } from 'vitest';
import { stackedDepths, stackedEnds } from './balcony-stacks.ts';
import { iron, render } from './drawn-balconies.ts';
import { type Colour, isInside, makeImage, noise, shade } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle } from './facade-select.ts';

// Lightness for the depth test: a render wall with two columns of three floors' balconies, each
// railing 40 px high; under the upper ones the shade of their slabs (18 px, found: their boxes
// reach down over it). Under the lowest of the left column the same shade, then the ground
// floor's dark shop fronts (cmp_b0012: the shade's foot cannot be read against them, so decision
// 239 leaves it); under the lowest of the right column lit wall.
const width = 440;
const height = 400;
const shop: Colour = [58, 54, 50];
const railing = (top: number, left = 24, right = 300): Rectangle => ({ left, top, right, bottom: top + 39 });
const railings = [
  railing(40),
  railing(140),
  railing(240),
  railing(40, 320, 420),
  railing(140, 320, 420),
  railing(240, 320, 420),
];
const shadeHeight = 18;
const photo = makeImage(width, height, (x, y) => {
  const grain = noise(x, y, 4);
  for (const box of railings) {
    if (isInside(box, x, y)) return shade(x % 6 < 2 ? iron : render, 1, grain);
    const below = y - box.bottom;
    if (x >= box.left && x <= box.right && (box.top < 240 || x < 310) && below > 0 && below <= shadeHeight)
      return shade(render, 0.55 + 0.3 * (below / shadeHeight), grain);
  }
  if (y > 300 && x < 310) return shade(shop, 1, grain);
  return shade(render, 1, grain);
});

describe('a balcony whose shade could not be read takes the depth of those stacked over it (docs/decisions/323)', () => {
  const tuning = {
    depthShare: 0.8,
    depthRail: 0.25,
    depthDarker: 10,
    endsShare: 0.8,
    endsPeers: 3,
    endsReach: 0.25,
  };
  const image = prepareFacadeImage(photo);
  const sameTop = (a: Rectangle, b: Rectangle) => Math.abs(a.top - b.top) <= 6;
  // The upper ones of each column grown over their shade (decision 239), the lowest not.
  const shaded = railings.map((box) => (box.top < 240 ? { ...box, bottom: box.bottom + shadeHeight } : box));

  it('the lowest floor’s balcony over the shop fronts takes the upper floors’ depth; the one over lit wall does not', () => {
    expect(stackedDepths(image, railings, shaded, sameTop, tuning, 12)).toEqual([
      shaded[0],
      shaded[1],
      { ...railings[2], bottom: (railings[2] as Rectangle).bottom + shadeHeight },
      shaded[3],
      shaded[4],
      railings[5],
    ]);
  });

  it('not with depthShare 0 (the former code path), nor from a balcony with a railing unlike its own', () => {
    expect(stackedDepths(image, railings, shaded, sameTop, { ...tuning, depthShare: 0 }, 12)).toEqual(shaded);
    const taller = railings.map((box, at) => (at < 2 ? { ...box, bottom: box.bottom + 20 } : box));
    const tallerShaded = taller.map((box, at) =>
      at < 2 ? { ...box, bottom: box.bottom + shadeHeight } : box,
    );
    expect(stackedDepths(image, taller, tallerShaded, sameTop, tuning, 12)).toEqual(tallerShaded);
  });
});

describe('a floor-long balcony found short of its ends goes on to where those stacked over it end', () => {
  const tuning = {
    depthShare: 0.8,
    depthRail: 0.25,
    depthDarker: 10,
    endsShare: 0.8,
    endsPeers: 3,
    endsReach: 0.25,
  };
  const sameTop = (a: Rectangle, b: Rectangle) => Math.abs(a.top - b.top) <= 6;
  // Four floors of one balcony each from x 20 to 620; the third found in two pieces from 60 to 590.
  const floor = (top: number, left: number, right: number): Rectangle => ({
    left,
    top,
    right,
    bottom: top + 60,
  });
  const whole = [floor(100, 20, 620), floor(250, 20, 620), floor(550, 20, 620)];
  const pieces = [floor(400, 60, 330), floor(402, 331, 590)];

  it('the pieces go on to the middle of the stacked runs’ ends, each with its own rows', () => {
    expect(stackedEnds([...whole, ...pieces], sameTop, tuning, 2)).toEqual([
      { left: 20, top: 400, right: 60, bottom: 460 },
      { left: 590, top: 402, right: 620, bottom: 462 },
    ]);
  });

  it('not with fewer runs stacked alike than endsPeers, nor with endsShare 0 (the former code path)', () => {
    expect(stackedEnds([...whole.slice(1), ...pieces], sameTop, tuning, 2)).toEqual([]);
    expect(stackedEnds([...whole, ...pieces], sameTop, { ...tuning, endsShare: 0 }, 2)).toEqual([]);
  });

  it('separate balconies of a floor are not a run: a short one takes nothing from a long one over it', () => {
    const short = [floor(100, 40, 160), floor(250, 40, 160), floor(550, 40, 160)];
    expect(stackedEnds([...whole, floor(400, 40, 150), floor(400, 300, 420)], sameTop, tuning, 2)).toEqual(
      [],
    );
    expect(stackedEnds([...short, floor(400, 60, 160)], sameTop, tuning, 2)).toEqual([
      { left: 40, top: 400, right: 60, bottom: 460 },
    ]);
  });
});
