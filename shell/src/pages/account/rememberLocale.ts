import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { apiKey, client, useSession, type Locale } from '@agora/platform';

/**
 * A logged-in user's language choice is stored on the account (`PUT /api/profile {locale}`), so that account
 * mails are written in it. A failure is silent: the interface has switched anyway.
 */
export function useRememberLocale(): (locale: Locale) => void {
  const { user } = useSession();
  const { mutate } = useSWRConfig();
  return useCallback(
    (locale: Locale) => {
      if (!user) return;
      client.PUT('/api/profile', { body: { locale } }).then(
        () => void mutate(apiKey('/api/profile', {})),
        () => undefined,
      );
    },
    [user, mutate],
  );
}
