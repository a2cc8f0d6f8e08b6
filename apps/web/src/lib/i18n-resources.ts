import enCommon from '../locales/en/common.json';
import enSocialGuides from '../locales/en/social-guides.json';
import enVideoControls from '../locales/en/video-controls.json';
import esCommon from '../locales/es/common.json';
import frCommon from '../locales/fr/common.json';

/**
 * `common` is translated in every language. `socialGuides` and `videoControls` are
 * English only by product decision: other languages fall back to English for them.
 */
export const englishResources = {
  common: enCommon,
  socialGuides: enSocialGuides,
  videoControls: enVideoControls,
} as const;

export const translatedNamespaces = ['common'] as const;
export const englishOnlyNamespaces = ['socialGuides', 'videoControls'] as const;

export const resources = {
  en: englishResources,
  es: { common: esCommon },
  fr: { common: frCommon },
} as const;
