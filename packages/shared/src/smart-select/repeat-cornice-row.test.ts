import { describe, expect, it } from 'vitest';
import { isInside, isTwoPaneFrame, makeImage, noise } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle } from './facade-select.ts';
import { dropCorniceRow } from './repeat-check.ts';

describe('select all similar drops a top row of repeats along the crowning cornice (docs/decisions/230)', () => {
  // Three floors of framed two-pane windows (60 × 70) under a crowning cornice: a stone band
  // with mouldings along its top and bottom and dark corbels under the cornice's lip. The
  // grid's crossings put a row of repeats on the band, cut by its mouldings to half a window.
  const width = 460;
  const height = 400;
  const lefts = [40, 145, 250, 355];
  const windows: Rectangle[] = [];
  for (const top of [110, 205, 300])
    for (const left of lefts) windows.push({ left, top, right: left + 59, bottom: top + 69 });
  const corniceTop = 24;
  const corniceBottom = 70;
  const draw = (attic: Rectangle[]) =>
    prepareFacadeImage(
      makeImage(width, height, (x, y) => {
        const grain = noise(x, y, 3);
        if (y < corniceTop - 6) return [130 + grain, 175 + grain, 225 + grain];
        const box = [...windows, ...attic].find((candidate) => isInside(candidate, x, y));
        if (box) {
          if (isTwoPaneFrame(box, x, y)) return [62 + grain, 58 + grain, 54 + grain];
          return [96 + grain, 110 + grain, 128 + grain];
        }
        if (attic.length === 0 && y >= corniceTop - 6 && y <= corniceBottom) {
          // The cornice: its lip (a dark shadow under it), the corbels and the mouldings.
          if (y < corniceTop) return [176 + grain, 172 + grain, 164 + grain];
          if (y < corniceTop + 4) return [70 + grain, 68 + grain, 64 + grain];
          if (y > corniceBottom - 4) return [120 + grain, 116 + grain, 110 + grain];
          if ((x - 10) % 36 < 9 && y < corniceTop + 22) return [92 + grain, 88 + grain, 82 + grain];
          return [188 + grain, 184 + grain, 176 + grain];
        }
        const light = 1 - 0.1 * (y / height);
        const plaster = noise(x, y, 6);
        return [214 * light + plaster, 196 * light + plaster, 164 * light + plaster];
      }),
    );
  const example = windows[5] as Rectangle;
  const others = windows.filter((_, index) => index !== 5);

  it('drops the short row on the cornice, whose top line goes on between its repeats', () => {
    const image = draw([]);
    const row = lefts.map((left) => ({
      left,
      top: corniceTop + 4,
      right: left + 59,
      bottom: corniceBottom - 4,
    }));
    expect(dropCorniceRow(image, [example, ...others, ...row])).toEqual([example, ...others]);
    // Switched off, the row stays.
    const off = { heightShare: 0, lineGoesOn: 0.75, likeness: 0.25 };
    expect(dropCorniceRow(image, [example, ...others, ...row], off)).toHaveLength(16);
  });

  it('keeps a top floor of short attic windows', () => {
    const attic = lefts.map((left) => ({ left, top: 30, right: left + 59, bottom: 69 }));
    const image = draw(attic);
    const repeats = [example, ...others, ...attic];
    expect(dropCorniceRow(image, repeats)).toEqual(repeats);
    // Kept by their heads' line alone, which ends at each window's side, however unlike.
    expect(dropCorniceRow(image, repeats, { heightShare: 0.7, lineGoesOn: 0.75, likeness: 2 })).toEqual(
      repeats,
    );
  });

  it('keeps the top floor when it holds the example', () => {
    const image = draw([]);
    const row = lefts.map((left) => ({
      left,
      top: corniceTop + 4,
      right: left + 59,
      bottom: corniceBottom - 4,
    }));
    const repeats = [row[1] as Rectangle, row[0] as Rectangle, row[2] as Rectangle, ...windows];
    expect(dropCorniceRow(image, repeats)).toEqual(repeats);
  });
});
