import { describe, expect, it } from 'vitest';
import { type Colour, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle, selectFacadeElement } from './facade-select.ts';
import { defaultWindowRepeatTuning, windowRepeats } from './window-repeats.ts';

const render: Colour = [212, 190, 150];
const frame: Colour = [62, 58, 54];
const darkGlass: Colour = [70, 82, 96];

/** A 3 × 3 grid of framed windows (46 × 64, a 4-pixel frame and a glazing bar). */
function gridOfWindows(): Rectangle[] {
  const windows: Rectangle[] = [];
  for (const top of [30, 130, 230]) {
    for (const left of [40, 150, 260]) windows.push({ left, top, right: left + 45, bottom: top + 63 });
  }
  return windows;
}

function drawFacade(windows: Rectangle[], glassOf: (box: Rectangle) => Colour | null) {
  return makeImage(350, 320, (x, y) => {
    const box = windows.find((w) => x >= w.left && x <= w.right && y >= w.top && y <= w.bottom);
    const glass = box ? glassOf(box) : null;
    if (box && glass) {
      const isFrame =
        x < box.left + 4 ||
        x > box.right - 4 ||
        y < box.top + 4 ||
        y > box.bottom - 4 ||
        Math.abs(x - (box.left + box.right) / 2) < 2;
      return shade(isFrame ? frame : glass, 1, noise(x, y, 2));
    }
    return shade(render, 1 - 0.08 * (y / 320), noise(x, y, 5));
  });
}

const near = (found: Rectangle, target: Rectangle, slack: number) =>
  Math.abs(found.left - target.left) <= slack &&
  Math.abs(found.right - target.right) <= slack &&
  Math.abs(found.top - target.top) <= slack &&
  Math.abs(found.bottom - target.bottom) <= slack;

describe('windows by repetition', () => {
  const windows = gridOfWindows();
  const middle = windows[4] as Rectangle;
  const others = windows.filter((box) => box !== middle);

  it("finds the window on one window's floor and another's column whose glass is as light as the wall", () => {
    // The middle window reflects the sky in the wall's own colour: no darkness map sees it,
    // but its frame and glazing bar repeat its neighbours'.
    const photo = drawFacade(windows, (box) => (box === middle ? render : darkGlass));
    const image = prepareFacadeImage(photo, { tuning: { repeatCorrelation: 2 } });
    const found = windowRepeats(image, others, defaultWindowRepeatTuning);
    expect(found).toHaveLength(1);
    expect(near(found[0] as Rectangle, middle, 3)).toBe(true);
  });

  it('finds nothing where the floor and the column cross on plain wall', () => {
    const photo = drawFacade(windows, (box) => (box === middle ? null : darkGlass));
    const image = prepareFacadeImage(photo, { tuning: { repeatCorrelation: 2 } });
    expect(windowRepeats(image, others, defaultWindowRepeatTuning)).toEqual([]);
  });
});

describe('enclosed pieces outlined on four sides are openings', () => {
  // Windows with white curtains behind the glass, lighter than the render: the darkness map
  // finds only their thin frames, and the wall click took them as enclosed pieces.
  const windows = gridOfWindows();
  const curtain: Colour = [236, 236, 232];
  const photo = drawFacade(windows, () => curtain);
  const isWindow = (x: number, y: number) =>
    windows.some((w) => x >= w.left && x <= w.right && y >= w.top && y <= w.bottom);

  it('a wall click leaves light windows out', () => {
    const image = prepareFacadeImage(photo, { tuning: { repeatCorrelation: 2 } });
    const selection = selectFacadeElement(image, { x: 100, y: 110 }, 'surface');
    expect(shareSelected(selection, isWindow)).toBeLessThan(0.1);
    expect(shareSelected(selection, (x, y) => !isWindow(x, y))).toBeGreaterThan(0.85);
  });

  it('took them as wall without the enclosed pieces', () => {
    const image = prepareFacadeImage(photo, { tuning: { enclosedOutline: 0, repeatCorrelation: 2 } });
    const selection = selectFacadeElement(image, { x: 100, y: 110 }, 'surface');
    expect(shareSelected(selection, isWindow)).toBeGreaterThan(0.5);
  });
});
