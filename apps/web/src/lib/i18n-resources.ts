import enAuth from '../locales/en/auth.json';
import enChat from '../locales/en/chat.json';
import enCommon from '../locales/en/common.json';
import enCredits from '../locales/en/credits.json';
import enDirectives from '../locales/en/directives.json';
import enMaskEditor from '../locales/en/maskEditor.json';
import enProjects from '../locales/en/projects.json';
import enTransform from '../locales/en/transform.json';
import enVideo from '../locales/en/video.json';
import type enVideoCreator from '../locales/en/video-creator.json';

/** Translated namespaces, one per feature so that features own their texts. */
export const englishResources = {
  common: enCommon,
  auth: enAuth,
  chat: enChat,
  credits: enCredits,
  projects: enProjects,
  directives: enDirectives,
  maskEditor: enMaskEditor,
  transform: enTransform,
  video: enVideo,
} as const;

/**
 * Namespaces the video creator registers when its chunk loads, so that its texts stay out of
 * the app shell (docs/decisions/060-video-creator.md). Only their types are imported here.
 */
export interface LazyEnglishResources {
  videoCreator: typeof enVideoCreator;
}

export const translatedNamespaces = [
  'common',
  'auth',
  'chat',
  'credits',
  'projects',
  'directives',
  'maskEditor',
  'transform',
  'video',
] as const;

type TranslatedLanguage = 'es' | 'fr';

/**
 * Spanish and French are loaded when they are needed (the detected language at start, or a
 * switch of language), so that the app shell carries English only (docs/decisions/104-app-shell.md).
 */
export const loadTranslations: Record<
  TranslatedLanguage,
  () => Promise<Record<(typeof translatedNamespaces)[number], unknown>>
> = {
  es: () => import('./translations-es.ts').then((module) => module.default),
  fr: () => import('./translations-fr.ts').then((module) => module.default),
};

export function isTranslatedLanguage(language: string): language is TranslatedLanguage {
  return Object.hasOwn(loadTranslations, language);
}
