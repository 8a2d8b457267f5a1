import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, LANGUAGE_NAMES, SUPPORTED_LANGUAGES } from '../../i18n';
import { browserStorage } from '../services/auth/session';
import { Select, type SelectOption } from './Select';

// Each language is named in itself, and marked so, so it is read and broken by its own rules.
const LANGUAGE_OPTIONS: SelectOption[] = SUPPORTED_LANGUAGES.map((lng) => ({
  value: lng,
  label: LANGUAGE_NAMES[lng],
  lang: lng,
}));

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className="language-switcher">
      <label htmlFor={id} className="visually-hidden">
        {t('header.language')}
      </label>
      <svg className="globe" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path
          d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        />
      </svg>
      <Select
        id={id}
        className="language-select"
        value={i18n.language}
        options={LANGUAGE_OPTIONS}
        onValueChange={(lng) => {
          if (isLanguage(lng)) void changeLanguage(i18n, lng, browserStorage());
        }}
      />
    </div>
  );
}
