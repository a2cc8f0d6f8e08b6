import { describe, expect, it } from 'vitest';
import { socialGuideTexts, videoCreatorTexts } from './video-texts.ts';

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

describe.each(['es', 'fr'] as const)('%s upload guides', (language) => {
  const english = socialGuideTexts.en;
  const translated = socialGuideTexts[language];

  it('have every text English has, the same number of steps and tips, and {{platform}} kept', () => {
    const headings = Object.keys(english).filter((key) => key !== 'platforms') as (keyof typeof english)[];
    for (const key of headings) {
      expect(typeof translated[key], key).toBe('string');
      expect(translated[key], key).not.toBe('');
      const placeholders = (text: unknown) => String(text).match(/\{\{\w+\}\}/g) ?? [];
      expect(placeholders(translated[key]), key).toEqual(placeholders(english[key]));
    }
    expect(Object.keys(translated.platforms).sort()).toEqual(Object.keys(english.platforms).sort());
    for (const [platform, guide] of Object.entries(english.platforms)) {
      const own = translated.platforms[platform as keyof typeof english.platforms];
      expect(own.steps.length, platform).toBe(guide.steps.length);
      expect(own.tips.length, platform).toBe(guide.tips.length);
      expect(own.hashtags.length, platform).toBeGreaterThan(0);
      for (const text of [...own.steps, ...own.tips, own.caption]) {
        expect(text, platform).not.toBe('');
        expect([...guide.steps, ...guide.tips, guide.caption], platform).not.toContain(text);
      }
    }
  });
});
