import {
  countPainted,
  findSimilar,
  frameOfOpening,
  framesOfOpenings,
  prepareFacadeImage,
  type RgbaPixels,
  refineOpening,
  selectFacadeElement,
} from '@facelift/shared';
import { describe, expect, it } from 'vitest';
import { createSmartSelectSession, type SmartSelectQuery } from './smart-select-session.ts';

/** A render wall with two rows of three dark-framed windows: glass inside a 4-pixel frame. */
const windows = [40, 150].flatMap((top) =>
  [40, 150, 260].map((left) => ({ left, top, right: left + 59, bottom: top + 79 })),
);
function facadePhoto(): RgbaPixels {
  const width = 360;
  const height = 260;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const box = windows.find((w) => x >= w.left && x <= w.right && y >= w.top && y <= w.bottom);
      const isGlass =
        box && x >= box.left + 4 && x <= box.right - 4 && y >= box.top + 4 && y <= box.bottom - 4;
      const grain = Math.round(Math.sin(x * 12.9898 + y * 78.233) * 5);
      const colour = isGlass ? [120, 140, 160] : box ? [55, 58, 62] : [214 + grain, 196 + grain, 160 + grain];
      data.set([colour[0] as number, colour[1] as number, colour[2] as number, 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

const frames = (mode: 'add' | 'subtract'): SmartSelectQuery => ({
  kind: 'frame',
  mode,
  tolerance: 40,
  frameWidth: 0.08,
});

describe('smart select session on the window-frames layer', () => {
  it('turns a clicked window into its frame, leaves the glass, and selects all similar windows', () => {
    const session = createSmartSelectSession();
    const progress: number[] = [];
    session.prepare(facadePhoto(), (done) => progress.push(done));
    expect(progress.at(-1)).toBe(1);

    const first = session.select({ x: 70, y: 80 }, frames('add'));
    const frame = first?.add;
    expect(frame).toBeTruthy();
    if (!frame) return;
    // The frame ring of the first window is taken, its glass middle is not, nor the wall.
    expect(frame.data[42 * 360 + 70]).toBe(1);
    expect(frame.data[80 * 360 + 70]).toBe(0);
    expect(frame.data[20 * 360 + 70]).toBe(0);

    const all = session.selectAllSimilar(frames('add'))?.add;
    expect(all).toBeTruthy();
    if (!all) return;
    for (const box of windows) {
      expect(all.data[(box.top + 1) * 360 + ((box.left + box.right) >> 1)]).toBe(1);
      expect(all.data[((box.top + box.bottom) >> 1) * 360 + ((box.left + box.right) >> 1)]).toBe(0);
    }
    expect(countPainted(all)).toBeLessThan(6 * 60 * 80 * 0.5);

    // Shift-click on another window takes its frame away whole.
    const removed = session.select({ x: 180, y: 190 }, frames('subtract'));
    expect(removed?.add).toBeNull();
    expect(removed?.remove?.data[151 * 360 + 180]).toBe(1);
  });
});

describe('smart select session on the walls layer', () => {
  const walls = (mode: 'add' | 'subtract'): SmartSelectQuery => ({
    kind: 'surface',
    mode,
    tolerance: 40,
    frameWidth: 0.08,
  });

  it('a click adds the wall without its windows; a shift-click on plain wall removes that wall', () => {
    const session = createSmartSelectSession();
    session.prepare(facadePhoto());
    const added = session.select({ x: 20, y: 20 }, walls('add'));
    expect(added?.remove).toBeNull();
    const wall = added?.add;
    expect(wall?.data[20 * 360 + 20]).toBe(1);
    expect(wall?.data[80 * 360 + 70]).toBe(0);
    // No frame outlines the plain wall under the shift-click (decision 053): the wall goes.
    const removed = session.select({ x: 120, y: 130 }, walls('subtract'));
    expect(removed?.add).toBeNull();
    const remove = removed?.remove;
    expect(remove && wall && countPainted(remove)).toBe(wall && countPainted(wall));
  });

  it('answers a wall click with the cuts the layer remembers, and passes them back to the next (docs/decisions/590-earlier-cuts-a-later-click-misses.md)', () => {
    const session = createSmartSelectSession();
    session.prepare(facadePhoto());
    const first = session.select({ x: 20, y: 20 }, walls('add'));
    const remembered = first?.surfaceCuts ?? [];
    // Each window the click cut is remembered, around its glass.
    for (const box of windows) {
      const middle = { x: (box.left + box.right) >> 1, y: (box.top + box.bottom) >> 1 };
      expect(
        remembered.some(
          (cut) =>
            cut.left <= middle.x && cut.right >= middle.x && cut.top <= middle.y && cut.bottom >= middle.y,
        ),
      ).toBe(true);
    }
    // A shift-click answers no memory; a later wall click keeps what it was given.
    expect(session.select({ x: 120, y: 130 }, walls('subtract'))?.surfaceCuts).toBeUndefined();
    const second = session.select({ x: 340, y: 240 }, { ...walls('add'), surfaceCuts: remembered });
    expect(second?.surfaceCuts?.length).toBeGreaterThanOrEqual(windows.length);
  });
});

describe('smart select session preparation', () => {
  it('the clicks it runs ahead to warm up change no answer (docs/decisions/177, 214)', () => {
    const photo = facadePhoto();
    const session = createSmartSelectSession();
    session.prepare(photo);
    const query = (kind: 'surface' | 'frame'): SmartSelectQuery => ({
      kind,
      mode: 'add',
      tolerance: 40,
      frameWidth: 0.08,
    });
    // The centre (180, 130) is the warm-up's own point: plain wall between the windows.
    for (const point of [
      { x: 180, y: 130 },
      { x: 20, y: 20 },
    ]) {
      const fresh = prepareFacadeImage(photo);
      expect(session.select(point, query('surface'))?.add?.data).toEqual(
        selectFacadeElement(fresh, point, 'surface').data,
      );
    }
    const fresh = prepareFacadeImage(photo);
    const opening = refineOpening(fresh, null, { x: 70, y: 80 }, 'add');
    expect(opening).not.toBeNull();
    if (!opening) return;
    expect(session.select({ x: 70, y: 80 }, query('frame'))?.add?.data).toEqual(
      frameOfOpening(fresh, opening, 0.08).data,
    );
    // Select all similar too (docs/decisions/214): the warm-up's run leaves the photo's scaled
    // copy made (repeat-grid.ts keeps it per photo); the answer is a fresh photo's.
    const similar = findSimilar(fresh, opening);
    expect(similar.length).toBe(6);
    expect(session.selectAllSimilar(query('frame'))?.add?.data).toEqual(
      framesOfOpenings(fresh, similar, 0.08).data,
    );
    // Four preparations of the photo and two warm-ups: 4–5 s alone, more on a shared machine.
  }, 30_000);
});
