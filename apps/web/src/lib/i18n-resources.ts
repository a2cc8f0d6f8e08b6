import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import enCredits from '../locales/en/credits.json';
import enDirectives from '../locales/en/directives.json';
import enMaskEditor from '../locales/en/maskEditor.json';
import enProjects from '../locales/en/projects.json';
import enTransform from '../locales/en/transform.json';
import enVideo from '../locales/en/video.json';
import type enVideoCreator from '../locales/en/video-creator.json';
import esAuth from '../locales/es/auth.json';
import esCommon from '../locales/es/common.json';
import esCredits from '../locales/es/credits.json';
import esDirectives from '../locales/es/directives.json';
import esMaskEditor from '../locales/es/maskEditor.json';
import esProjects from '../locales/es/projects.json';
import esTransform from '../locales/es/transform.json';
import esVideo from '../locales/es/video.json';
import frAuth from '../locales/fr/auth.json';
import frCommon from '../locales/fr/common.json';
import frCredits from '../locales/fr/credits.json';
import frDirectives from '../locales/fr/directives.json';
import frMaskEditor from '../locales/fr/maskEditor.json';
import frProjects from '../locales/fr/projects.json';
import frTransform from '../locales/fr/transform.json';
import frVideo from '../locales/fr/video.json';

/** Translated namespaces, one per feature so that features own their texts. */
export const englishResources = {
  common: enCommon,
  auth: enAuth,
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
  'credits',
  'projects',
  'directives',
  'maskEditor',
  'transform',
  'video',
] as const;

export const resources = {
  en: englishResources,
  es: {
    common: esCommon,
    auth: esAuth,
    credits: esCredits,
    projects: esProjects,
    directives: esDirectives,
    maskEditor: esMaskEditor,
    transform: esTransform,
    video: esVideo,
  },
  fr: {
    common: frCommon,
    auth: frAuth,
    credits: frCredits,
    projects: frProjects,
    directives: frDirectives,
    maskEditor: frMaskEditor,
    transform: frTransform,
    video: frVideo,
  },
} as const;
