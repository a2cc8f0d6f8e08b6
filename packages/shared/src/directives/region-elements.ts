import type { RegionElement } from '../mask/element-regions.ts';
import type { ElementType } from './directives.schemas.ts';

/**
 * The mask editor names its region layers after the building part ("walls"); directives
 * name the colour choice ("wallColor"). Engines take regions keyed by element type.
 */
export const elementTypeByRegionElement: Record<RegionElement, ElementType> = {
  walls: 'wallColor',
  roof: 'roofColor',
  windowFrames: 'windowFrameColor',
  doorFrames: 'doorFrameColor',
};

export const regionElementByElementType: Record<ElementType, RegionElement> = {
  wallColor: 'walls',
  roofColor: 'roof',
  windowFrameColor: 'windowFrames',
  doorFrameColor: 'doorFrames',
};
