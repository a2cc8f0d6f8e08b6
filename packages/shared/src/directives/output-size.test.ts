import { describe, expect, it } from 'vitest';
import { chooseOutputSize, outputSizeDimensions } from './output-size.ts';

describe('chooseOutputSize', () => {
  it('gives a square output to square and nearly square images', () => {
    expect(chooseOutputSize(1000, 1000)).toBe('1024x1024');
    expect(chooseOutputSize(1100, 1000)).toBe('1024x1024');
    expect(chooseOutputSize(1000, 1100)).toBe('1024x1024');
  });

  it('counts exactly 15% longer as square, and anything beyond as wide or tall', () => {
    expect(chooseOutputSize(1150, 1000)).toBe('1024x1024');
    expect(chooseOutputSize(1000, 1150)).toBe('1024x1024');
    expect(chooseOutputSize(1151, 1000)).toBe('1536x1024');
    expect(chooseOutputSize(1000, 1151)).toBe('1024x1536');
    // The boundary is symmetric: 0.85 of square on the short side is already beyond 15%.
    expect(chooseOutputSize(1000, 850)).toBe('1536x1024');
  });

  it('gives landscape photos the wide size and portrait photos the tall size', () => {
    expect(chooseOutputSize(4000, 3000)).toBe('1536x1024');
    expect(chooseOutputSize(1920, 1080)).toBe('1536x1024');
    expect(chooseOutputSize(3000, 4000)).toBe('1024x1536');
    expect(chooseOutputSize(1, 2)).toBe('1024x1536');
  });

  it('refuses impossible dimensions', () => {
    expect(() => chooseOutputSize(0, 100)).toThrow(RangeError);
    expect(() => chooseOutputSize(100, Number.NaN)).toThrow(RangeError);
  });

  it('splits a size into pixels', () => {
    expect(outputSizeDimensions('1536x1024')).toEqual({ width: 1536, height: 1024 });
    expect(outputSizeDimensions('1024x1536')).toEqual({ width: 1024, height: 1536 });
  });
});
