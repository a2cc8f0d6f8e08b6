import { describe, expect, it } from 'vitest';
import { basicSwatchKeys, findSwatch, findSwatchByTitleKey, swatches, swatchRgb } from './swatches.ts';

describe('swatches', () => {
  it('has exactly 46 swatches with unique keys, title keys and colours', () => {
    expect(swatches).toHaveLength(46);
    expect(new Set(swatches.map((swatch) => swatch.key)).size).toBe(46);
    expect(new Set(swatches.map((swatch) => swatch.titleKey)).size).toBe(46);
    expect(new Set(swatches.map((swatch) => swatch.color)).size).toBe(46);
  });

  it('includes the named colours of the palette and the basic colours', () => {
    const keys = swatches.map((swatch) => swatch.key);
    for (const key of [
      'black',
      'brightWhite',
      'softWhite',
      'sandstone',
      'tan',
      'brickRed',
      'sage',
      'forestGreen',
      'slate',
      'anthracite',
      'graphite',
      'coastalBlue',
      'burgundy',
      ...basicSwatchKeys,
    ]) {
      expect(keys).toContain(key);
    }
    expect(swatches.slice(0, basicSwatchKeys.length).map((swatch) => swatch.key)).toEqual([
      ...basicSwatchKeys,
    ]);
  });

  it('prefixes title keys with itemColor- and writes colours as opaque rgba strings', () => {
    for (const swatch of swatches) {
      expect(swatch.titleKey).toBe(`itemColor-${swatch.key}`);
      expect(swatch.color).toMatch(/^rgba\(\d{1,3}, \d{1,3}, \d{1,3}, 1\)$/);
      expect(swatchRgb(swatch).every((channel) => channel >= 0 && channel <= 255)).toBe(true);
      expect(swatch.name).toMatch(/^[a-z]+( [a-z]+)?$/);
    }
  });

  it('finds swatches by key and by title key', () => {
    expect(findSwatchByTitleKey('itemColor-sage')?.name).toBe('sage');
    expect(findSwatch('forestGreen')?.titleKey).toBe('itemColor-forestGreen');
    expect(findSwatchByTitleKey('sage')).toBeUndefined();
    expect(findSwatch('itemColor-sage')).toBeUndefined();
  });
});
