import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { WithI18n } from '../../../test/with-i18n.tsx';
import { UploadGuide } from './upload-guide.tsx';

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

function renderGuide() {
  render(
    <WithI18n>
      <UploadGuide platform="instagram" title="" subtitle="" extension="webm" />
    </WithI18n>,
  );
}

/** Every text the guide shows, in page order. */
function shownTexts(): string[] {
  const section = screen.getByRole('region');
  return [...section.querySelectorAll('h3, h4, li, p, button')].map((node) => node.textContent ?? '');
}

describe('the upload guide', () => {
  it('speaks English in English', () => {
    renderGuide();
    expect(screen.getByRole('heading', { name: 'How to post on Instagram' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy caption' })).toBeTruthy();
  });

  // It was English only whatever the interface language (the guide imported the English file).
  it.each([
    {
      language: 'es',
      title: 'Cómo publicarlo en Instagram',
      warning: 'Instagram no acepta vídeos WebM.',
      step: 'Abre Instagram y toca + y luego Reel.',
      tip: 'Publica cuando tus seguidores estén más activos.',
      buttons: ['Copiar hashtags', 'Copiar texto'],
      hashtag: '#antesydespues',
    },
    {
      language: 'fr',
      title: 'Publier sur Instagram',
      warning: 'Instagram n’accepte pas les vidéos WebM.',
      step: 'Ouvrez Instagram, touchez + puis Reel.',
      tip: 'Publiez quand vos abonnés sont le plus actifs.',
      buttons: ['Copier les hashtags', 'Copier la légende'],
      hashtag: '#avantapres',
    },
  ])(
    'is in $language whole when the interface is',
    async ({ language, title, warning, step, tip, buttons, hashtag }) => {
      await act(() => i18n.changeLanguage(language));
      renderGuide();
      expect(screen.getByRole('heading', { name: title })).toBeTruthy();
      const texts = shownTexts();
      expect(texts.some((text) => text.startsWith(warning))).toBe(true);
      expect(texts).toContain(step);
      expect(texts).toContain(tip);
      for (const name of buttons) expect(screen.getByRole('button', { name })).toBeTruthy();
      expect(texts.some((text) => text.includes(hashtag))).toBe(true);
      // Not one English sentence left (hashtags aside, which are tags, not sentences).
      const english = /\b(the|and|your|video|post|tap|open|download)\b/i;
      expect(texts.filter((text) => !text.startsWith('#') && english.test(text))).toEqual([]);
    },
  );
});
