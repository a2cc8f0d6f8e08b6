import { describe, expect, it } from 'vitest';
import { isInside, makeImage, noise } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle } from './facade-select.ts';
import { leaveOutDoors } from './repeat-doors.ts';
import { findSimilar } from './similar-and-frames.ts';

describe('select all similar leaves the doors out (docs/decisions/186)', () => {
  // Three floors of framed two-pane windows over a ground floor with a glazed door in the
  // middle column: its upper half is framed glass like a window's, its lower half a dark
  // wooden leaf, from the ground floor's top down to the photo's foot.
  const width = 460;
  const height = 440;
  const windows: Rectangle[] = [];
  for (const top of [40, 140, 240]) {
    for (const left of [40, 145, 250, 355]) windows.push({ left, top, right: left + 59, bottom: top + 69 });
  }
  const door: Rectangle = { left: 250, top: 340, right: 309, bottom: height - 1 };
  const photo = makeImage(width, height, (x, y) => {
    const grain = noise(x, y, 3);
    const box = windows.find((candidate) => isInside(candidate, x, y));
    const inDoor = isInside(door, x, y);
    if (box || inDoor) {
      const frameBox = box ?? { ...door, bottom: door.top + 69 };
      const middle = Math.round((frameBox.left + frameBox.right) / 2);
      const isFrame =
        x < frameBox.left + 4 ||
        x > frameBox.right - 4 ||
        y < frameBox.top + 4 ||
        (y > frameBox.bottom - 4 && y <= frameBox.bottom) ||
        Math.abs(x - middle) < 2;
      if (isFrame) return [62 + grain, 58 + grain, 54 + grain];
      if (inDoor && y > frameBox.bottom) return [88 + grain, 62 + grain, 44 + grain];
      return [96 + grain, 110 + grain, 128 + grain];
    }
    const plaster = noise(x, y, 6);
    return [214 + plaster, 196 + plaster, 164 + plaster];
  });
  const image = prepareFacadeImage(photo);

  it('finds every window and nothing on the door', () => {
    const repeats = findSimilar(image, windows[5] as Rectangle);
    const middleIn = (box: Rectangle, repeat: Rectangle) =>
      isInside(box, (repeat.left + repeat.right) / 2, (repeat.top + repeat.bottom) / 2);
    const onDoor = repeats.filter((repeat) => middleIn(door, repeat));
    expect(image.groundOpenings.length).toBeGreaterThan(0);
    expect(onDoor).toEqual([]);
    for (const window of windows) {
      expect(repeats.some((repeat) => middleIn(window, repeat))).toBe(true);
    }
  });

  it('drops a repeat whose lower two fifths lie in the door (its head and the wall over it), keeps the windows (docs/decisions/352)', () => {
    const [opening] = image.groundOpenings as [Rectangle];
    const onHead = {
      left: opening.left + 5,
      top: opening.top - 36,
      right: opening.left + 44,
      bottom: opening.top + 23,
    };
    const example = windows[5] as Rectangle;
    const kept = windows.filter((window) => window !== example);
    expect(leaveOutDoors(image, [example, ...kept, onHead])).toEqual([example, ...kept]);
    expect(leaveOutDoors(image, [example, onHead], { inside: 0.5, widthRatio: 1 })).toEqual([
      example,
      onHead,
    ]);
  });
});
