import { describe, expect, it } from 'vitest';
import { videoCreatorTexts } from './video-texts.ts';

describe.each(['es', 'fr'] as const)('%s video creator texts', (language) => {
  const english = videoCreatorTexts.en as Record<string, string>;
  const translated = videoCreatorTexts[language] as Record<string, string>;

  it('has every key English has, none empty, none extra, same placeholders', () => {
    expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
    const placeholders = (text: string | undefined) => text?.match(/\{\{\w+\}\}/g)?.sort() ?? [];
    for (const key of Object.keys(english)) {
      expect(translated[key], key).not.toBe('');
      expect(placeholders(translated[key]), key).toEqual(placeholders(english[key]));
    }
  });
});
