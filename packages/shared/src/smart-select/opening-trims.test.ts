import { describe, expect, it } from 'vitest';
import { type Colour, isInside, makeImage, noise, shade, shareSelected, sideError } from './drawn-facade.ts';
import { findOpening, prepareFacadeImage, type Rectangle, selectFacadeElement } from './facade-select.ts';
import { findSimilar, frameOfOpening, framesOfOpenings } from './similar-and-frames.ts';

describe('windows in a painted trim (docs/decisions/189)', () => {
  // A beige render house; each window is dark glass in two 22-pixel panes split by a 7-pixel
  // mullion, inside a cream painted surround 8 pixels wide. The cream is within the wall's
  // colour limit, and the glass's edge against it is the strongest line around the window.
  const width = 480;
  const height = 330;
  const render: Colour = [214, 196, 160];
  const cream: Colour = [240, 233, 212];
  const glass: Colour = [48, 58, 70];
  const trim = 8;
  const pane = 22;
  const mullion = 7;
  const glassHeight = 56;
  const windows: Rectangle[] = [];
  for (const top of [60, 190]) {
    for (const left of [50, 160, 270, 380]) {
      windows.push({
        left,
        top,
        right: left + 2 * trim + 2 * pane + mullion - 1,
        bottom: top + 2 * trim + glassHeight - 1,
      });
    }
  }
  const windowAt = (x: number, y: number) => windows.find((box) => isInside(box, x, y));
  const isGlass = (x: number, y: number) => {
    const box = windowAt(x, y);
    if (!box) return false;
    const across = x - box.left;
    const down = y - box.top;
    if (down < trim || down >= trim + glassHeight) return false;
    return (
      (across >= trim && across < trim + pane) ||
      (across >= trim + pane + mullion && across < trim + 2 * pane + mullion)
    );
  };
  const isTrim = (x: number, y: number) => windowAt(x, y) !== undefined && !isGlass(x, y);
  const isWall = (x: number, y: number) => windowAt(x, y) === undefined;
  const photo = makeImage(width, height, (x, y) => {
    if (isGlass(x, y)) return shade(glass, 1, noise(x, y, 3));
    if (isTrim(x, y)) return shade(cream, 1, noise(x, y, 3));
    return shade(render, 1 - 0.08 * (y / height), noise(x, y, 6));
  });
  const image = prepareFacadeImage(photo);

  it('a wall click leaves out the trims and mullions with the glass', () => {
    const selection = selectFacadeElement(image, { x: 140, y: 175 }, 'surface');
    expect(shareSelected(selection, isWall)).toBeGreaterThanOrEqual(0.95);
    expect(shareSelected(selection, isTrim)).toBeLessThan(0.05);
    expect(shareSelected(selection, isGlass)).toBe(0);
  });

  it('a click on a pane selects the window to the trim’s outer edge, and its frame is the trim and mullion', () => {
    const window = windows[1] as Rectangle;
    const inThisWindow = (x: number, y: number) => isInside(window, x, y);
    for (const click of [
      { x: window.left + trim + 10, y: window.top + 40 },
      { x: window.right - trim - 6, y: window.top + 20 },
    ]) {
      const opening = findOpening(image, click);
      expect(sideError(opening, window)).toBeLessThanOrEqual(1);
      const frame = frameOfOpening(image, opening);
      expect(shareSelected(frame, (x, y) => inThisWindow(x, y) && isTrim(x, y))).toBeGreaterThanOrEqual(0.95);
      expect(shareSelected(frame, (x, y) => inThisWindow(x, y) && isGlass(x, y))).toBeLessThan(0.02);
      expect(shareSelected(frame, isWall)).toBe(0);
    }
  });

  it('select all similar from a window takes each repeat to its trim, and their frames are trim and mullion', () => {
    const window = windows[1] as Rectangle;
    const opening = findOpening(image, { x: window.left + trim + 10, y: window.top + 40 });
    const repeats = findSimilar(image, opening);
    expect(repeats).toHaveLength(windows.length);
    for (const box of windows) {
      const repeat = repeats.find((found) =>
        isInside(found, (box.left + box.right) / 2, (box.top + box.bottom) / 2),
      );
      expect(repeat && sideError(repeat, box)).toBeLessThanOrEqual(1);
    }
    const frames = framesOfOpenings(image, repeats);
    for (const box of windows) {
      const inBox = (x: number, y: number) => isInside(box, x, y);
      expect(shareSelected(frames, (x, y) => inBox(x, y) && isTrim(x, y))).toBeGreaterThanOrEqual(0.9);
      expect(shareSelected(frames, (x, y) => inBox(x, y) && isGlass(x, y))).toBeLessThanOrEqual(0.02);
    }
  });
});
