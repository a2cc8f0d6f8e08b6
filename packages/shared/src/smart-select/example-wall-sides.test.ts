import { describe, expect, it } from 'vitest';
import { isInside, isTwoPaneFrame, makeImage, noise } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle } from './facade-select.ts';
import { findSimilar } from './similar-and-frames.ts';

describe('select all similar leaves out the wall the example took beside its window (docs/decisions/188)', () => {
  // Three floors of four framed two-pane windows on plaster. The user's rectangle holds the
  // second window and as much wall again on its right, as a click without a detected opening
  // around it can return.
  const width = 460;
  const height = 360;
  const windows: Rectangle[] = [];
  for (const top of [50, 150, 250]) {
    for (const left of [40, 145, 250, 355]) windows.push({ left, top, right: left + 49, bottom: top + 69 });
  }
  const image = prepareFacadeImage(
    makeImage(width, height, (x, y) => {
      const grain = noise(x, y, 3);
      const box = windows.find((candidate) => isInside(candidate, x, y));
      if (box) {
        const isFrame = isTwoPaneFrame(box, x, y);
        if (isFrame) return [62 + grain, 58 + grain, 54 + grain];
        return [96 + grain, 110 + grain, 128 + grain];
      }
      const plaster = noise(x, y, 6);
      return [214 + plaster, 196 + plaster, 164 + plaster];
    }),
  );
  const window = windows[5] as Rectangle;
  const userRectangle = { ...window, right: window.right + 50 };

  it('finds every window at its own width, not with a window-wide piece of wall', () => {
    const repeats = findSimilar(image, userRectangle);
    for (const drawn of windows) {
      const found = repeats.find((repeat) =>
        isInside(drawn, (repeat.left + repeat.right) / 2, (repeat.top + repeat.bottom) / 2),
      );
      expect(found, `window at ${drawn.left}, ${drawn.top}`).toBeDefined();
      expect(Math.abs((found as Rectangle).left - drawn.left)).toBeLessThanOrEqual(3);
      expect(Math.abs((found as Rectangle).right - drawn.right)).toBeLessThanOrEqual(3);
    }
  });
});
