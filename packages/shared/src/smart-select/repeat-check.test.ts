import { describe, expect, it } from 'vitest';
import { isInside, isTwoPaneFrame, makeImage, noise } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle } from './facade-select.ts';
import { dropUnlikeFloors } from './repeat-check.ts';

describe('select all similar drops floors of repeats unlike the example (docs/decisions/131)', () => {
  // Three floors of framed two-pane windows, those of the middle floor with their blinds most
  // of the way down, above a ground floor of rusticated stone (horizontal joints, no openings).
  const width = 460;
  const height = 440;
  const windows: Rectangle[] = [];
  for (const top of [50, 150, 250]) {
    for (const left of [40, 145, 250, 355]) windows.push({ left, top, right: left + 59, bottom: top + 69 });
  }
  const image = prepareFacadeImage(
    makeImage(width, height, (x, y) => {
      const grain = noise(x, y, 3);
      if (y < 24) return [130 + grain, 175 + grain, 225 + grain];
      const box = windows.find((candidate) => isInside(candidate, x, y));
      if (box) {
        const isFrame = isTwoPaneFrame(box, x, y);
        if (isFrame) return [62 + grain, 58 + grain, 54 + grain];
        if (box.top === 150 && y < box.top + 50) return [198 + grain, 192 + grain, 180 + grain];
        return [96 + grain, 110 + grain, 128 + grain];
      }
      if (y >= 340 && (y - 340) % 24 < 3) return [150 + grain, 138 + grain, 118 + grain];
      const light = 1 - 0.1 * (y / height);
      const plaster = noise(x, y, 6);
      return [214 * light + plaster, 196 * light + plaster, 164 * light + plaster];
    }),
  );
  const stone = [40, 145, 250, 355].map((left) => ({ left, top: 350, right: left + 59, bottom: 419 }));

  it('drops the ground floor of stone joints, keeps the floor of windows with their blinds down', () => {
    const repeats = [windows[1] as Rectangle, ...windows.filter((_, index) => index !== 1), ...stone];
    const kept = dropUnlikeFloors(image, repeats);
    expect(kept).toEqual([windows[1], ...windows.filter((_, index) => index !== 1)]);
  });
});
