import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAtom } from 'jotai';
import { isLocale, localeAtom, LOCALES, useSettings } from '@agora/platform';
import { useRememberLocale } from '../pages/account/rememberLocale';

/** The locales the site offers: the configured ones that the interface has messages for. */
export function useSiteLocales(): string[] {
  const { settings } = useSettings();
  return settings.locales.filter((l) => isLocale(l));
}

/** Language dropdown: only when the site is multilingual with more than one locale (spec part 1 §2). */
export function LanguageMenu() {
  const intl = useIntl();
  const { settings } = useSettings();
  const locales = useSiteLocales();
  const [locale, setLocale] = useAtom(localeAtom);
  const remember = useRememberLocale();
  const id = useId();
  if (!settings.multilingual || locales.length < 2) return null;
  return (
    <div className="sh-language" data-testid="language-menu">
      <label htmlFor={id} className="ag-visually-hidden">
        <FormattedMessage id="shell.language" />
      </label>
      <select
        id={id}
        value={locale}
        onChange={(e) => {
          const next = e.target.value;
          if (!isLocale(next)) return;
          setLocale(next);
          remember(next);
        }}
        data-testid="language-select"
      >
        {LOCALES.filter((l) => locales.includes(l)).map((l) => (
          <option key={l} value={l} lang={l}>
            {intl.formatMessage({ id: `shell.language.${l}` })}
          </option>
        ))}
      </select>
    </div>
  );
}
