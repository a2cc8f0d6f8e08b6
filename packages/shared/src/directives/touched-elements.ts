import { type ElementType, elementTypes } from './directive-options.ts';
import type { OptionsDirectives } from './directives.schemas.ts';

/**
 * The elements options directives change: chosen colours, elements with an instruction and,
 * for a door glass style, the doors. The OpenAI engine masks the edit to their marked regions
 * when every one of them has a region, and the Transform area says so beforehand
 * (docs/decisions/085-say-what-an-ai-edit-changes.md).
 */
export function elementsTouchedByOptions(directives: OptionsDirectives): ElementType[] {
  const touched = new Set<ElementType>(directives.selectedItems.map((item) => item.type));
  for (const element of elementTypes) {
    if (directives.customInstructions?.[element]?.trim()) touched.add(element);
  }
  if (directives.doorGlassStyle) touched.add('doorFrames');
  return elementTypes.filter((element) => touched.has(element));
}
