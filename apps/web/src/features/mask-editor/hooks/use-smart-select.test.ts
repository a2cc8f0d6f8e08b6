import { describe, expect, it } from 'vitest';
import { mapRectangle } from './use-smart-select.ts';

describe("a surface click's remembered cuts between the layer's and the analysed photo's pixels (docs/decisions/590-earlier-cuts-a-later-click-misses.md)", () => {
  const layer = { width: 2000, height: 1500 };
  const analysed = { width: 1000, height: 750 };

  it('halves a cut onto the analysed photo, sides included', () => {
    expect(mapRectangle({ left: 100, top: 40, right: 199, bottom: 139 }, layer, analysed)).toEqual({
      left: 50,
      top: 20,
      right: 99,
      bottom: 69,
    });
  });

  it('doubles it back to whole pixels of the layer, covering what the analysed cut covered', () => {
    expect(mapRectangle({ left: 50, top: 20, right: 99, bottom: 69 }, analysed, layer)).toEqual({
      left: 100,
      top: 40,
      right: 199,
      bottom: 139,
    });
  });

  it('keeps a one-pixel cut at least one pixel on a smaller photo', () => {
    const cut = mapRectangle({ left: 7, top: 9, right: 7, bottom: 9 }, layer, { width: 300, height: 200 });
    expect(cut.right).toBeGreaterThanOrEqual(cut.left);
    expect(cut.bottom).toBeGreaterThanOrEqual(cut.top);
    expect(cut).toEqual({ left: 1, top: 1, right: 1, bottom: 1 });
  });
});
