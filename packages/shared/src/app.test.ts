import { describe, expect, it } from 'vitest';
import { isRightToLeft } from './app.ts';

describe('isRightToLeft', () => {
  it('is true for Arabic, Hebrew, Persian and Urdu with or without a region', () => {
    for (const language of ['ar', 'he', 'fa', 'ur', 'ar-EG', 'HE-il'])
      expect(isRightToLeft(language)).toBe(true);
  });
  it('is false for the interface languages', () => {
    for (const language of ['en', 'es', 'fr', 'en-US', '']) expect(isRightToLeft(language)).toBe(false);
  });
});
