import { useCallback, useMemo } from 'react';
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
 * the site's one date format (`useDateText`) is built on; for other shapes only where a date is not shown as text.
 */
export function useFormatDate(): IntlShape['formatDate'] {
  const { locale, timeZone, onError } = useIntl();
  return useMemo(() => {
    const dated = createIntl({ locale: dateLocaleOf(locale), timeZone, onError }, cache);
    return dated.formatDate;
  }, [locale, timeZone, onError]);
}

/** A day without a time (`2026-05-01`), as the API sends dates. */
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The one way the site writes a date, per locale: day, month and year in digits (17/11/2026 in both). */
const DAY_FORMAT = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
const TIME_FORMAT = { hour: '2-digit', minute: '2-digit' } as const;

/**
 * The site's date formatter (decision 0073): a date from the API, or a `Date`, as text in the interface
 * language, `17/11/2026` (with `withTime`, `17/11/2026, 14:05`). Day-only values are that day whatever the
 * browser's time zone (and never get a time); timestamps are shown in local time. Unparsable values come back
 * as given, empty ones as ''. `DateText`, chart labels and every date in a sentence go through it.
 */
export function useDateText(): (
  value: string | Date | null | undefined,
  options?: { withTime?: boolean },
) => string {
  const formatDate = useFormatDate();
  return useCallback(
    (value, options) => {
      if (value === null || value === undefined || value === '') return '';
      const dayOnly = typeof value === 'string' && DAY_ONLY.test(value);
      const date = typeof value === 'string' ? new Date(value) : value;
      if (Number.isNaN(date.getTime())) return typeof value === 'string' ? value : '';
      return formatDate(date, {
        ...DAY_FORMAT,
        ...(options?.withTime && !dayOnly ? TIME_FORMAT : {}),
        ...(dayOnly ? { timeZone: 'UTC' } : {}),
      });
    },
    [formatDate],
  );
}
