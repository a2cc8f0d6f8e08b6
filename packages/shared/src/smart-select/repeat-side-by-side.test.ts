import { describe, expect, it } from 'vitest';
import { drawFramedFacade } from './drawn-facade.ts';
import type { Rectangle } from './facade-select.ts';
import { dropOverlappingNeighbours } from './repeat-side-by-side.ts';

describe('select all similar: of two repeats overlapping side by side, the one less like the example goes (docs/decisions/281)', () => {
  // Two floors of three framed two-pane windows (50 × 70) on plaster.
  const windows: Rectangle[] = [];
  for (const top of [150, 300]) {
    for (const middle of [80, 200, 320])
      windows.push({ left: middle - 25, top, right: middle + 24, bottom: top + 69 });
  }
  const image = drawFramedFacade(400, 420, windows, []);
  const [example, second, third, below] = windows as [Rectangle, Rectangle, Rectangle, Rectangle];
  // A crossing placed over the second window's right half and the wall beside it, as the
  // grid's crossings at the example's size come out on cmp_b0007 after the floors' fit.
  const offWindow = { ...second, left: second.left + 30, right: second.right + 30 };

  it('drops the rectangle over the wall, keeps the window it overlaps', () => {
    const repeats = [example, offWindow, third, second, below];
    expect(dropOverlappingNeighbours(image, repeats)).toEqual([example, third, second, below]);
  });

  it('keeps the example, however little a repeat beside it overlaps', () => {
    const besideExample = { ...example, left: example.left + 45, right: example.right + 45 };
    expect(dropOverlappingNeighbours(image, [example, besideExample, third])).toEqual([example, third]);
  });

  it('keeps two repeats over one another that share under half their height (stacked sashes, decision 263)', () => {
    const upper = { ...below, top: below.top - 40, bottom: below.bottom - 40 };
    const repeats = [example, upper, below];
    expect(dropOverlappingNeighbours(image, repeats)).toEqual(repeats);
  });
});
