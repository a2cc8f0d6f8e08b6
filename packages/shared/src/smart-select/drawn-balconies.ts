/**
 * Test support shared by the balcony tests (balcony-openings, balcony-shade, balcony-deep-slab):
 * their render facade, four columns of dark windows 45 × 90 on each floor, and the check that a
 * balcony found spans its railing and reaches down to its slab.
 */
import { expect } from 'vitest';
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
 * A balcony found runs from its railing's top down to `bottom` (3 px either way) and spans the
 * railing's width (`sideSlack` px either way).
 */
export function expectBalconyAt(balcony: Rectangle, railing: Rectangle, bottom: number, sideSlack = 6): void {
  expect(Math.abs(balcony.top - railing.top)).toBeLessThanOrEqual(3);
  expect(Math.abs(balcony.bottom - bottom)).toBeLessThanOrEqual(3);
  expect(Math.abs(balcony.left - railing.left)).toBeLessThanOrEqual(sideSlack);
  expect(Math.abs(balcony.right - railing.right)).toBeLessThanOrEqual(sideSlack);
}
