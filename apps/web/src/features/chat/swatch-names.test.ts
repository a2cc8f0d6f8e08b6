import { swatchKeys, swatchNamesByLanguage } from '@facelift/shared';
import { describe, expect, it } from 'vitest';
import esDirectives from '../../locales/es/directives.json';
import frDirectives from '../../locales/fr/directives.json';

// The offline chat names colours in its replies with the shared table; it must say what the
// palette shows.
describe('swatch names used in offline chat replies', () => {
  it.each([
    ['es', esDirectives],
    ['fr', frDirectives],
  ] as const)('match the %s palette', (language, directives) => {
    for (const key of swatchKeys) {
      expect(swatchNamesByLanguage[language][key], key).toBe(
        (directives as unknown as Record<string, string>)[`itemColor-${key}`],
      );
    }
  });
});
