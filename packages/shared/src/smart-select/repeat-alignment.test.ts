import { describe, expect, it } from 'vitest';
import { isInside, isTwoPaneFrame, makeImage, noise, sideError } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle } from './facade-select.ts';
import { alignRepeats } from './repeat-alignment.ts';
import { findSimilar } from './similar-and-frames.ts';

describe('select all similar lines its repeats up on their floors and columns (docs/decisions/130)', () => {
  // A 4 × 3 grid of framed two-pane windows on plaster; under one window of the lowest floor a
  // dark band as dark as the frames (a flower box, a sill's shadow), so that window's own
  // frame seems to go on 10 pixels lower.
  const width = 460;
  const height = 380;
  const windows: Rectangle[] = [];
  for (const top of [50, 150, 250]) {
    for (const left of [40, 145, 250, 355]) windows.push({ left, top, right: left + 59, bottom: top + 69 });
  }
  const shaded = windows[9] as Rectangle;
  const flowerBox = {
    left: shaded.left,
    right: shaded.right,
    top: shaded.bottom + 1,
    bottom: shaded.bottom + 10,
  };
  const image = prepareFacadeImage(
    makeImage(width, height, (x, y) => {
      const grain = noise(x, y, 3);
      if (y < 24) return [130 + grain, 175 + grain, 225 + grain];
      if (y >= height - 40) return [52 + grain, 50 + grain, 58 + grain];
      const box = windows.find((candidate) => isInside(candidate, x, y));
      if (box) {
        const isFrame = isTwoPaneFrame(box, x, y);
        if (isFrame) return [62 + grain, 58 + grain, 54 + grain];
        const reflection = ((box.left * 7 + box.top * 3) % 40) - 20;
        return [96 + reflection + grain, 110 + reflection + grain, 128 + reflection + grain];
      }
      if (isInside(flowerBox, x, y)) return [62 + grain, 58 + grain, 54 + grain];
      const light = 1 - 0.1 * (y / height);
      const plaster = noise(x, y, 6);
      return [214 * light + plaster, 196 * light + plaster, 164 * light + plaster];
    }),
  );

  it('keeps the window above the dark band on its floor’s bottom line', () => {
    const found = findSimilar(image, windows[1] as Rectangle);
    expect(found).toHaveLength(12);
    for (const target of windows) expect(found.some((box) => sideError(box, target) <= 2)).toBe(true);
  });

  it('moves a side onto its band’s line only when it is near it', () => {
    const example = { left: 100, top: 100, right: 159, bottom: 169 };
    const sameFloor = [
      { left: 200, top: 102, right: 259, bottom: 169 },
      // A French window on the same floor: its bottom is far below the floor's line and stays.
      { left: 300, top: 100, right: 359, bottom: 229 },
    ];
    const aligned = alignRepeats([example, ...sameFloor]);
    expect(aligned[1]).toEqual({ left: 200, top: 100, right: 259, bottom: 169 });
    expect(aligned[2]).toEqual({ left: 300, top: 100, right: 359, bottom: 229 });
  });
});
