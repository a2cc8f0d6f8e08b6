import { describe, expect, it } from 'vitest';
import { regionElements } from '../mask/element-regions.ts';
import { elementTypes } from './directives.schemas.ts';
import { elementTypeByRegionElement, regionElementByElementType } from './region-elements.ts';

describe('region element names', () => {
  it('map one to one between mask editor layers and element types', () => {
    expect(Object.keys(elementTypeByRegionElement).sort()).toEqual([...regionElements].sort());
    expect(Object.keys(regionElementByElementType).sort()).toEqual([...elementTypes].sort());
    for (const region of regionElements) {
      expect(regionElementByElementType[elementTypeByRegionElement[region]]).toBe(region);
    }
  });
});
