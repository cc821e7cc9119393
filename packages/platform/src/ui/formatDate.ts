import { useMemo } from 'react';
import { createIntl, createIntlCache, useIntl, type IntlShape } from 'react-intl';

/**
 * The locale whose conventions the site's dates follow: English dates are written day before month (en-GB:
 * 03/02/2026, 3 Feb 2026), never the US month-first order; Greek ones as Greek (el).
 */
export function dateLocaleOf(locale: string): string {
  return locale === 'en' || locale.startsWith('en-') ? 'en-GB' : locale;
}

const cache = createIntlCache();

/**
 * react-intl's `formatDate` for the interface language with the site's date conventions (`dateLocaleOf`): what
 * every date shown on the site goes through (`DateText`, chart labels).
 */
export function useFormatDate(): IntlShape['formatDate'] {
  const { locale, timeZone, onError } = useIntl();
  return useMemo(() => {
    const dated = createIntl({ locale: dateLocaleOf(locale), timeZone, onError }, cache);
    return dated.formatDate;
  }, [locale, timeZone, onError]);
}
