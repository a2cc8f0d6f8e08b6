import {
  composeDoorGlassSentence,
  composeElementSentence,
  doorGlassStyles,
  elementTypes,
  preservationSentences,
  scopeSentences,
  scopes,
  swatches,
} from '@facelift/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/**
 * The prompt as the user reads it: the English prompt (composed by @facelift/shared, the text an
 * image engine receives) with each of its fixed sentences in the interface's language, colour
 * names as the palette shows them, and the user's own words as they typed them
 * (docs/decisions/171-prompt-shown-in-the-interface-language.md). It reads the text, not the
 * directives, so a stored result's prompt (history keeps only the text) reads the same way.
 */
export function promptInLanguage(prompt: string, t: TFunction<'directives'>, language: string): string {
  if (language === 'en') return prompt;
  let shown = prompt;
  for (const { type, pattern } of elementPatterns) {
    shown = shown.replace(pattern, (_sentence, colour: string, rgba: string) => {
      const values = { colour: colourIn(colour, t, language), rgba };
      return type === 'windowFrames'
        ? t('prompt.text.windowFrames', values)
        : t('prompt.text.element', { ...values, element: t(`prompt.text.elementNouns.${type}`) });
    });
  }
  for (const style of doorGlassStyles) {
    shown = shown.replaceAll(composeDoorGlassSentence(style), t(`prompt.text.doorGlass.${style}`));
  }
  for (const scope of scopes)
    shown = shown.replaceAll(scopeSentences[scope], t(`prompt.text.scope.${scope}`));
  preservationKeys.forEach((key, index) => {
    shown = shown.replaceAll(preservationSentences[index] as string, t(`prompt.text.preservation.${key}`));
  });
  return shown;
}

/**
 * `promptInLanguage` in the current interface language, for a component, with the line that
 * says the engine gets English (null in English, where there is nothing to say).
 */
export function usePromptInLanguage(): { show(prompt: string): string; sentInEnglishNote: string | null } {
  const { t, i18n } = useTranslation('directives');
  const language = i18n.resolvedLanguage ?? 'en';
  return {
    show: (prompt) => promptInLanguage(prompt, t, language),
    sentInEnglishNote: language === 'en' ? null : t('prompt.sentInEnglish'),
  };
}

// Marks that no colour name or rgba can contain, turned into the groups that capture them.
const colourMark = 'COLOURNAME';
const rgbaMark = 'RGBAVALUE';

function escapeForPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Each element's sentence as the composer writes it, with its colour name and rgba captured. */
const elementPatterns = elementTypes.map((type) => ({
  type,
  pattern: new RegExp(
    escapeForPattern(composeElementSentence(type, colourMark, rgbaMark))
      .replace(colourMark, '(.+?)')
      .replace(rgbaMark, '(rgba\\([^)]*\\))'),
    'g',
  ),
}));

/** The keys of the four preservation sentences, in the composer's order. */
const preservationKeys = ['otherParts', 'originalDetails', 'noOtherChanges', 'restUnchanged'] as const;

/** How the composer names a custom colour (resolveItemColour in @facelift/shared). */
const customColourName = /^custom colour (#[0-9a-f]{6}) \(close to (.+)\)$/;

function colourIn(name: string, t: TFunction<'directives'>, language: string): string {
  const custom = customColourName.exec(name);
  if (custom) {
    return t('prompt.text.customColour', {
      hex: custom[1],
      nearest: swatchNameIn(custom[2] as string, t, language),
    });
  }
  return swatchNameIn(name, t, language);
}

/** A swatch's name as the palette shows it, in lower case inside a sentence ("verde salvia"). */
function swatchNameIn(englishName: string, t: TFunction<'directives'>, language: string): string {
  const swatch = swatches.find((candidate) => candidate.name === englishName);
  return swatch ? t(swatch.titleKey).toLocaleLowerCase(language) : englishName;
}
