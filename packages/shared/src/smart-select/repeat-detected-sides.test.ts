import { describe, expect, it } from 'vitest';
import { isFrameBand, isInside, makeImage, noise, sideError } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle } from './facade-select.ts';
import { defaultDetectedSideTuning, toDetectedSides } from './repeat-detected-sides.ts';
import { findSimilar } from './similar-and-frames.ts';

describe('select all similar: each repeat takes the sides of the opening detected on it (docs/decisions/209)', () => {
  // Four columns of dark framed windows on light plaster, three floors. The user's example
  // takes 14 pixels of wall above its window (a fifth of its height: the detected opening is
  // then no better example, docs/decisions/131): every repeat was a copy of it, and those of
  // its floor kept its top line (docs/decisions/130).
  const width = 560;
  const height = 420;
  const windows: Rectangle[] = [];
  for (const top of [40, 160, 280]) {
    for (const left of [50, 180, 310, 440]) windows.push({ left, top, right: left + 49, bottom: top + 69 });
  }
  const image = prepareFacadeImage(
    makeImage(width, height, (x, y) => {
      const grain = noise(x, y, 3);
      const box = windows.find((candidate) => isInside(candidate, x, y));
      if (box) {
        const isFrame = isFrameBand(box, x, y);
        return isFrame ? [72 + grain, 62 + grain, 52 + grain] : [40 + grain, 50 + grain, 68 + grain];
      }
      const plaster = noise(x, y, 5);
      return [196 + plaster, 168 + plaster, 132 + plaster];
    }),
  );

  const example = { ...(windows[1] as Rectangle), top: (windows[1] as Rectangle).top - 14 };

  it('draws every other window at its own frame, not with the wall the example took', () => {
    const found = findSimilar(image, example);
    expect(found).toHaveLength(12);
    expect(found[0]).toEqual(example);
    for (const target of windows) {
      if (target === windows[1]) continue;
      expect(found.some((box) => sideError(box, target) <= 2)).toBe(true);
    }
  });

  it('leaves a repeat whose detected side is far off, and the example, as they were', () => {
    const first = windows[0] as Rectangle;
    const far = { ...(windows[5] as Rectangle), bottom: (windows[5] as Rectangle).bottom + 30 };
    const [same, moved] = toDetectedSides(image, [first, far]);
    expect(same).toEqual(first);
    // 30 pixels is more than the reach (a fifth of the height): the bottom stays.
    expect((moved as Rectangle).bottom).toBe(far.bottom);
    expect(toDetectedSides(image, [first, far], { ...defaultDetectedSideTuning, reach: 0 })[1]).toEqual(far);
  });
});
