import { describe, expect, it } from 'vitest';
import { type Colour, isInside, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle, selectFacadeElement } from './facade-select.ts';

describe("a ground opening's head gives back the rows like the wall beside it (docs/decisions/550-ground-opening-head-like-the-wall-beside.md)", () => {
  // A render facade with a deep cornice's shadow across it over the ground floor, y 226–274
  // (0.45 of the render's light), and lit render under it down to the foot: a door's leaf, a
  // little darker than the shadow (0.4), from y 246 to the foot, under a lintel of the render
  // in the shadow. The step from the lit render into the shadow is far stronger than the one
  // from the lintel to the leaf: the ground opening's head is found on the shadow's line, 20
  // rows over the leaf (0.2 of the opening's height), and the lintel's rows look like the wall
  // beside them.
  const width = 360;
  const height = 320;
  const render: Colour = [214, 196, 160];
  const shadow = { top: 226, bottom: 274 };
  const door: Rectangle = { left: 150, top: 246, right: 215, bottom: height - 1 };
  const lintel: Rectangle = { left: door.left, top: shadow.top, right: door.right, bottom: door.top - 1 };
  const photo = makeImage(width, height, (x, y) => {
    if (isInside(door, x, y)) return shade(render, 0.4, noise(x, y, 3));
    return shade(render, y >= shadow.top && y <= shadow.bottom ? 0.45 : 1, noise(x, y, 4));
  });
  const isLintel = (x: number, y: number) => isInside(lintel, x, y);
  const isLeaf = (x: number, y: number) => isInside(door, x, y);
  // A click on the shadow beside the door.
  const click = { x: 60, y: 240 };

  it('the ground opening is found from the shadow line down over the lintel', () => {
    const [found, ...others] = prepareFacadeImage(photo).groundOpenings;
    expect(others).toHaveLength(0);
    if (!found) throw new Error('no opening found');
    expect(found.top).toBeLessThan(lintel.top + 6);
    expect(Math.abs(found.left - door.left)).toBeLessThanOrEqual(3);
    expect(Math.abs(found.right - door.right)).toBeLessThanOrEqual(3);
  });

  it('a wall click takes the lintel and leaves the leaf', () => {
    const image = prepareFacadeImage(photo);
    const selection = selectFacadeElement(image, click, 'surface');
    expect(shareSelected(selection, isLintel)).toBeGreaterThan(0.85);
    expect(shareSelected(selection, isLeaf)).toBeLessThan(0.05);
  });

  it('with cutSideGroundHead 0 the lintel stays cut with the door', () => {
    const image = prepareFacadeImage(photo, { tuning: { cutSideGroundHead: 0 } });
    const selection = selectFacadeElement(image, click, 'surface');
    expect(shareSelected(selection, isLintel)).toBeLessThan(0.3);
    expect(shareSelected(selection, isLeaf)).toBeLessThan(0.05);
  });
});
