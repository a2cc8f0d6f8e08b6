/**
 * Test support shared by the balcony tests (balcony-openings, balcony-shade, balcony-deep-slab):
 * their render facade, four columns of dark windows 45 × 90 on each floor, and how far a balcony
 * found is from spanning its railing down to its slab. It lives under src beside the code it
 * draws for, so it imports no test runner: the tests assert on what it returns.
 */
import type { Colour } from './drawn-facade.ts';
import type { Rectangle } from './facade-select.ts';

export const render: Colour = [206, 196, 178];
export const glass: Colour = [80, 88, 98];
export const iron: Colour = [40, 38, 36];

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
