import {
  composePrompt,
  createEmptyDirectives,
  doorGlassStyles,
  elementTypes,
  type OptionsDirectives,
  preservationSentences,
  scopeSentences,
  scopes,
  swatches,
} from '@facelift/shared';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { promptInLanguage } from './prompt-in-language.ts';

await i18n.loadLanguages(['es', 'fr']);

function shownIn(language: 'en' | 'es' | 'fr', prompt: string): string {
  return promptInLanguage(prompt, i18n.getFixedT(language, 'directives'), language);
}

function optionsPrompt(overrides: Partial<OptionsDirectives>): string {
  return composePrompt({ ...createEmptyDirectives(), ...overrides });
}

/** Every fixed English phrase the composer writes, none of which may be left in es or fr. */
const englishPhrases = [
  'Change only the',
  'Do not touch the other elements.',
  'Add a light neutral white reflection',
  'Keep the same number',
  'Make the door glass',
  'custom colour',
  'close to',
  ...Object.values(scopeSentences),
  ...preservationSentences,
];

describe('the prompt in the interface language', () => {
  it('is the English prompt itself in English', () => {
    const prompt = optionsPrompt({
      selectedItems: [{ type: 'walls', value: 'itemColor-lightGray' }],
      doorGlassStyle: 'halfGlass',
    });
    expect(shownIn('en', prompt)).toBe(prompt);
  });

  it('reads the walls in sage, strict, exactly, in es and fr', () => {
    const prompt = optionsPrompt({ selectedItems: [{ type: 'walls', value: 'itemColor-sage' }] });
    expect(shownIn('es', prompt)).toBe(
      'Cambia solo las paredes a verde salvia (rgba(156, 171, 134, 1)). No toques los demás elementos. ' +
        'No hagas cambios estructurales ni geométricos. ' +
        'No cambies ninguna otra parte del edificio ni de la imagen. ' +
        'Conserva los detalles arquitectónicos, los colores, las texturas, la iluminación y el entorno originales. ' +
        'No hagas ningún otro cambio. Deja el resto de la imagen sin cambios.',
    );
    expect(shownIn('fr', prompt)).toBe(
      'Changez uniquement les murs en vert sauge (rgba(156, 171, 134, 1)). Ne touchez pas aux autres éléments. ' +
        'Aucun changement structurel ni géométrique. ' +
        'Ne changez aucune autre partie du bâtiment ni de l’image. ' +
        'Préservez les détails architecturaux, les couleurs, les textures, l’éclairage et l’environnement d’origine. ' +
        'N’apportez aucun autre changement. Laissez le reste de l’image inchangé.',
    );
  });

  it.each(['es', 'fr'] as const)(
    'leaves no English sentence in %s for any element, swatch, glass and scope; keeps the user’s words',
    (language) => {
      for (const scope of scopes) {
        for (const [index, style] of doorGlassStyles.entries()) {
          const selectedItems = elementTypes.map((type, position) => ({
            type,
            value: (swatches[(index * 4 + position * 11) % swatches.length] as (typeof swatches)[number])
              .titleKey,
          }));
          const prompt = optionsPrompt({
            selectedItems,
            doorGlassStyle: style,
            scope,
            customInstructions: { roof: 'keep the chimney' },
          });
          const shown = shownIn(language, prompt);
          for (const phrase of englishPhrases) expect(shown, `${scope} ${style}`).not.toContain(phrase);
          expect(shown).toContain('keep the chimney.');
          // The rgba the engine gets is quoted as it is.
          for (const item of selectedItems) {
            const swatch = swatches.find((candidate) => candidate.titleKey === item.value);
            expect(shown).toContain(`(${swatch?.color})`);
          }
        }
      }
    },
  );

  it.each(['es', 'fr'] as const)('names each of the 46 swatches as the %s palette does', (language) => {
    for (const swatch of swatches) {
      const shown = shownIn(
        language,
        optionsPrompt({ selectedItems: [{ type: 'roof', value: swatch.titleKey }] }),
      );
      const paletteName = i18n.getFixedT(language, 'directives')(swatch.titleKey).toLocaleLowerCase(language);
      expect(shown, swatch.key).toContain(` ${paletteName} (${swatch.color})`);
      for (const phrase of englishPhrases) expect(shown, swatch.key).not.toContain(phrase);
    }
  });

  it('names a custom colour and its nearest swatch in the language', () => {
    const prompt = optionsPrompt({ selectedItems: [{ type: 'windowFrames', value: '#9cab86' }] });
    expect(shownIn('es', prompt)).toContain(
      'Cambia solo los marcos de las ventanas a color personalizado #9cab86 (parecido a verde salvia) (rgba(156, 171, 134, 1)).',
    );
    expect(shownIn('fr', prompt)).toContain(
      'Changez uniquement les cadres de fenêtres en couleur personnalisée #9cab86 (proche de vert sauge) (rgba(156, 171, 134, 1)).',
    );
  });

  it('keeps an inpainting text as typed, with the preservation sentences translated', () => {
    const prompt = composePrompt({ mode: 'inpainting', freeText: 'pinta la puerta de burdeos' });
    expect(shownIn('es', prompt)).toBe(
      'pinta la puerta de burdeos. No cambies ninguna otra parte del edificio ni de la imagen. ' +
        'Conserva los detalles arquitectónicos, los colores, las texturas, la iluminación y el entorno originales. ' +
        'No hagas ningún otro cambio. Deja el resto de la imagen sin cambios.',
    );
  });
});
