import { useState } from 'react';
import type { Locale } from '../locale';

/**
 * The editing state of a text kept in every locale (site texts, mail templates): the stored and the edited
 * values, the locale whose tab is shown (`first` at the start), that locale's values and a setter per field.
 */
export function useLocaleTexts<C extends Record<string, string>>(
  stored: Record<Locale, C>,
  first: () => Locale,
) {
  const [initial, setInitial] = useState(stored);
  const [values, setValues] = useState(stored);
  const [locale, setLocale] = useState<Locale>(first);
  const set = (field: keyof C & string) => (value: string) =>
    setValues((v) => ({ ...v, [locale]: { ...v[locale], [field]: value } }));
  return { initial, setInitial, values, setValues, locale, setLocale, current: values[locale], set };
}
