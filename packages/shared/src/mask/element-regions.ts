/**
 * The elements a user can mark a region for in the mask editor (docs/product.md, Marking and selection). Each region is
 * a mask of the contract in mask-contract.ts; the local engine recolours inside it and the
 * openai engine uses it as the edit mask.
 */
export const regionElements = ['walls', 'roof', 'windowFrames', 'doorFrames'] as const;
export type RegionElement = (typeof regionElements)[number];

export function isRegionElement(value: string): value is RegionElement {
  return (regionElements as readonly string[]).includes(value);
}
