import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import enCredits from '../locales/en/credits.json';
import enDirectives from '../locales/en/directives.json';
import enMaskEditor from '../locales/en/maskEditor.json';
import enProjects from '../locales/en/projects.json';
import enSocialGuides from '../locales/en/social-guides.json';
import enTransform from '../locales/en/transform.json';
import enVideoControls from '../locales/en/video-controls.json';
import esAuth from '../locales/es/auth.json';
import esCommon from '../locales/es/common.json';
import esCredits from '../locales/es/credits.json';
import esDirectives from '../locales/es/directives.json';
import esMaskEditor from '../locales/es/maskEditor.json';
import esProjects from '../locales/es/projects.json';
import esTransform from '../locales/es/transform.json';
import frAuth from '../locales/fr/auth.json';
import frCommon from '../locales/fr/common.json';
import frCredits from '../locales/fr/credits.json';
import frDirectives from '../locales/fr/directives.json';
import frMaskEditor from '../locales/fr/maskEditor.json';
import frProjects from '../locales/fr/projects.json';
import frTransform from '../locales/fr/transform.json';

/**
 * Translated namespaces, one per feature so that features own their texts. `socialGuides`
 * and `videoControls` are English only by product decision: other languages fall back to
 * English for them.
 */
export const englishResources = {
  common: enCommon,
  auth: enAuth,
  credits: enCredits,
  projects: enProjects,
  directives: enDirectives,
  maskEditor: enMaskEditor,
  transform: enTransform,
  socialGuides: enSocialGuides,
  videoControls: enVideoControls,
} as const;

export const translatedNamespaces = [
  'common',
  'auth',
  'credits',
  'projects',
  'directives',
  'maskEditor',
  'transform',
] as const;
export const englishOnlyNamespaces = ['socialGuides', 'videoControls'] as const;

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
  },
  fr: {
    common: frCommon,
    auth: frAuth,
    credits: frCredits,
    projects: frProjects,
    directives: frDirectives,
    maskEditor: frMaskEditor,
    transform: frTransform,
  },
} as const;
