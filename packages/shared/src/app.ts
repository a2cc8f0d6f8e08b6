export const siteName = 'Facelift';

/** Interface languages, English first: it is the fallback. */
export const supportedLanguages = ['en', 'es', 'fr'] as const;
export type SupportedLanguage = (typeof supportedLanguages)[number];
export const fallbackLanguage: SupportedLanguage = 'en';

/** Languages written right to left; any of them switches the document direction. */
export const rightToLeftLanguages = ['ar', 'he', 'fa', 'ur', 'ps', 'sd', 'yi', 'dv', 'ug', 'ku'] as const;

export function isRightToLeft(language: string): boolean {
  const base = language.toLowerCase().split('-')[0] ?? '';
  return (rightToLeftLanguages as readonly string[]).includes(base);
}

/** How long the payment result pages stay before going back home. */
export const paymentResultRedirectMs = 3000;
