/**
 * The video creator's texts travel in its own chunk and are registered when it loads, so the
 * app shell does not carry them (docs/decisions/060-video-creator.md).
 */
import { i18n } from '../../lib/i18n.ts';
import enSocialGuides from '../../locales/en/social-guides.json';
import enVideoCreator from '../../locales/en/video-creator.json';
import esSocialGuides from '../../locales/es/social-guides.json';
import esVideoCreator from '../../locales/es/video-creator.json';
import frSocialGuides from '../../locales/fr/social-guides.json';
import frVideoCreator from '../../locales/fr/video-creator.json';

export const videoCreatorTexts = { en: enVideoCreator, es: esVideoCreator, fr: frVideoCreator } as const;

export function registerVideoTexts(): void {
  for (const [language, texts] of Object.entries(videoCreatorTexts)) {
    if (!i18n.hasResourceBundle(language, 'videoCreator')) {
      i18n.addResourceBundle(language, 'videoCreator', texts, true, true);
    }
  }
}

export type SocialGuideTexts = typeof enSocialGuides;

/**
 * The upload guides per platform, in every interface language: steps, tips, a caption and
 * hashtags a Spanish or French audience searches for (docs/decisions/170-upload-guides-translated.md).
 * Kept as whole objects rather than i18n keys because each platform's steps and tips are lists.
 */
export const socialGuideTexts: Record<'en' | 'es' | 'fr', SocialGuideTexts> = {
  en: enSocialGuides,
  es: esSocialGuides,
  fr: frSocialGuides,
};

/** The guides in `language` (a resolved interface language), English for any other. */
export function socialGuidesIn(language: string | undefined): SocialGuideTexts {
  return Object.hasOwn(socialGuideTexts, language ?? '')
    ? socialGuideTexts[language as keyof typeof socialGuideTexts]
    : socialGuideTexts.en;
}
