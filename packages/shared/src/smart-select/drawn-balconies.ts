/**
 * Test support shared by the balcony tests (balcony-openings, balcony-shade, balcony-deep-slab,
 * and the foot tests of decisions 440, 490 and 505): their render facade, four columns of dark windows 45 × 90 on each floor, and how far a balcony
 * found is from spanning its railing down to its slab. It lives under src beside the code it
 * draws for, so it imports no test runner: the tests assert on what it returns.
 */
import type { RgbaPixels } from '../mask/mask-contract.ts';
import { type Colour, isInside } from './drawn-facade.ts';
import {
  type FacadeTuning,
  prepareFacadeImage,
  type Rectangle,
  selectFacadeElement,
} from './facade-select.ts';

export const render: Colour = [206, 196, 178];
export const glass: Colour = [80, 88, 98];
export const iron: Colour = [40, 38, 36];

/** Whether (x, y) is iron of `railing`: a bar every 7 px and a handrail of 4 rows along its top. */
export const isRailingIron = (railing: Rectangle, x: number, y: number) =>
  isInside(railing, x, y) && (x % 7 < 2 || y - railing.top < 4);

/**
 * The balcony of the foot tests (decisions 440, 490, 505) on a 440 px wide render facade: an
 * iron railing on a slab, two French windows behind it and two windows on the floor below.
 */
export const footBalcony = {
  railing: { left: 130, top: 100, right: 310, bottom: 159 } as Rectangle,
  slab: { top: 160, bottom: 169 },
  windowsBehind: [150, 250].map((left) => ({ left, top: 40, right: left + 40, bottom: 159 })) as Rectangle[],
  windowsBelow: [150, 250].map((left) => ({ left, top: 230, right: left + 40, bottom: 320 })) as Rectangle[],
};

/**
 * A wall click at `point` on `photo` whose preparation found exactly `found` (balconies, and
 * openings if given); the click's own railings (decision 052, a search with its own slab rule)
 * are off, so the click cuts these boxes alone.
 */
export function wallClickOnBoxes(
  photo: RgbaPixels,
  found: { balconies: Rectangle[]; openings?: Rectangle[] },
  point: { x: number; y: number },
  tuning: Partial<FacadeTuning> = {},
) {
  const image = prepareFacadeImage(photo, { tuning: { railingEdge: 0, ...tuning } });
  if (found.openings) image.openings = found.openings;
  image.balconyOpenings = found.balconies;
  image.balustrades = [];
  return selectFacadeElement(image, point, 'surface');
}

/** Four dark windows 45 × 90 on each floor, whose tops are given. */
export function renderFacadeWindows(tops: number[]): Rectangle[] {
  const windows: Rectangle[] = [];
  for (const top of tops) {
    for (const left of [40, 145, 250, 355]) windows.push({ left, top, right: left + 44, bottom: top + 89 });
  }
  return windows;
}

/**
 * What keeps a balcony found from running from its railing's top down to `bottom` (3 px either
 * way) and spanning the railing's width (`sideSlack` px either way): one line per edge out of
 * place, none when it fits (a test expects `[]`, and a failure names the edges).
 */
export function balconyMisfits(
  balcony: Rectangle,
  railing: Rectangle,
  bottom: number,
  sideSlack = 6,
): string[] {
  const edges = [
    { name: 'top', found: balcony.top, expected: railing.top, slack: 3 },
    { name: 'bottom', found: balcony.bottom, expected: bottom, slack: 3 },
    { name: 'left', found: balcony.left, expected: railing.left, slack: sideSlack },
    { name: 'right', found: balcony.right, expected: railing.right, slack: sideSlack },
  ];
  return edges
    .filter(({ found, expected, slack }) => Math.abs(found - expected) > slack)
    .map(({ name, found, expected, slack }) => `${name} ${found}, expected ${expected} ± ${slack}`);
}
