import { supportedLanguages } from '@facelift/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** EN/ES/FR selector; i18next caches the choice in localStorage so it survives reloads. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = i18n.resolvedLanguage ?? 'en';
  return (
    <div className="language-select">
      <label htmlFor={id} className="visually-hidden">
        {t('header.language')}
      </label>
      <select
        id={id}
        className="ui-select"
        value={current}
        onChange={(event) => void i18n.changeLanguage(event.target.value)}
      >
        {supportedLanguages.map((language) => (
          <option key={language} value={language}>
            {language.toUpperCase()}
          </option>
        ))}
      </select>
    </div>
  );
}
