import { useMemo, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { useAtomValue } from 'jotai';
import { DEFAULT_LOCALE, localeAtom, type Locale } from './locale';
import el from './messages/el.json';
import en from './messages/en.json';

/**
 * A message catalogue: one flat map of message id to ICU message per locale, kept as `messages/<locale>.json` beside
 * the app's code. The build precompiles the messages (scripts/rspack-icu-loader.cjs); tests read them as strings.
 */
export type Catalogue = Record<Locale, Record<string, string>>;

/** Messages of the shared UI kit (loading, errors, empty lists, 404). */
export const platformMessages: Catalogue = { el, en };

/**
 * The IntlProvider of an app (the shell or a remote): the locale comes from the shared `localeAtom`, the messages
 * are the platform's merged with the app's own catalogue. Every remote wraps its root in one, so it owns its
 * messages while following the shell's language switch.
 */
export function MessagesProvider({ messages, children }: { messages: Catalogue; children: ReactNode }) {
  const locale = useAtomValue(localeAtom);
  const merged = useMemo(() => ({ ...platformMessages[locale], ...messages[locale] }), [locale, messages]);
  return (
    <IntlProvider locale={locale} defaultLocale={DEFAULT_LOCALE} messages={merged}>
      {children}
    </IntlProvider>
  );
}
