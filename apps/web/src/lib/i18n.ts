import { fallbackLanguage, isRightToLeft, supportedLanguages } from '@facelift/shared';
import i18next, { type BackendModule } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import {
  englishResources,
  isTranslatedLanguage,
  type LazyEnglishResources,
  loadTranslations,
  translatedNamespaces,
} from './i18n-resources.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    // Keys are typed from the English files: a missing or misspelt key fails `tsc`.
    resources: typeof englishResources & LazyEnglishResources;
  }
}

/** Keeps <html lang> and dir in step with the language, for screen readers and RTL scripts. */
function applyDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
  document.documentElement.dir = isRightToLeft(language) ? 'rtl' : 'ltr';
}

/** Reads Spanish and French from their own chunks the first time they are needed. */
const onDemandTranslations: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    if (!isTranslatedLanguage(language)) {
      callback(null, {});
      return;
    }
    loadTranslations[language]().then(
      (texts) => callback(null, (texts as Record<string, Record<string, unknown>>)[namespace] ?? {}),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export const i18n = i18next.createInstance();

i18n.on('languageChanged', applyDocumentLanguage);

await i18n
  .use(onDemandTranslations)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    // English is in the shell (and is the fallback); the others come from the backend above.
    resources: { en: englishResources },
    partialBundledLanguages: true,
    supportedLngs: [...supportedLanguages],
    nonExplicitSupportedLngs: true,
    fallbackLng: fallbackLanguage,
    defaultNS: 'common',
    ns: [...translatedNamespaces],
    interpolation: { escapeValue: false },
    detection: {
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      lookupCookie: 'i18next',
      lookupLocalStorage: 'i18nextLng',
      caches: ['localStorage'],
    },
  });

/** The supported language the interface is shown in (e.g. "es" for a detected "es-MX"). */
export function currentLanguage(): string {
  return i18n.resolvedLanguage ?? fallbackLanguage;
}
