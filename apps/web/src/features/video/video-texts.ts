/**
 * The video creator's texts travel in its own chunk and are registered when it loads, so the
 * app shell does not carry them (docs/decisions/060-video-creator.md).
 */
import { i18n } from '../../lib/i18n.ts';
import enVideoCreator from '../../locales/en/video-creator.json';
import esVideoCreator from '../../locales/es/video-creator.json';
import frVideoCreator from '../../locales/fr/video-creator.json';

export const videoCreatorTexts = { en: enVideoCreator, es: esVideoCreator, fr: frVideoCreator } as const;

export function registerVideoTexts(): void {
  for (const [language, texts] of Object.entries(videoCreatorTexts)) {
    if (!i18n.hasResourceBundle(language, 'videoCreator')) {
      i18n.addResourceBundle(language, 'videoCreator', texts, true, true);
    }
  }
}
