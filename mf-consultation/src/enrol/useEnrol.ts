import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { client, useNotify, useSession } from '@agora/platform';
import { categoryPath, type CategoryCard } from '../categories/cards';
import { categoryPageKey, ENROLL_KEY, PROFILE_KEY } from '../categories/participation';

/**
 * Enrols the user in an autosubscribe category (`POST /api/enrolment {category}`). On success: a notification, the
 * session's user reloaded (it carries the enrolments), the participation lists refreshed, and the category's page.
 * On failure: the warning 'autosubscribe error' (spec). `onAnswered` is called as soon as the server has answered
 * (the confirmation closes then, before the reloads). Resolves whether it worked.
 */
export function useEnrol(
  basePath: string,
  onAnswered?: () => void,
): (category: CategoryCard) => Promise<boolean> {
  const intl = useIntl();
  const notify = useNotify();
  const navigate = useNavigate();
  const { refresh } = useSession();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (category: CategoryCard) => {
      try {
        await client.POST('/api/enrolment', { body: { category: category.token } });
      } catch {
        onAnswered?.();
        // a notification shown by the shell, which does not know this remote's messages: the text goes translated
        notify({ type: 'warning', body: intl.formatMessage({ id: 'consultation.enrol.failed' }) });
        return false;
      }
      onAnswered?.();
      notify({
        type: 'success',
        body: intl.formatMessage({ id: 'consultation.enrol.done' }, { title: category.title }),
      });
      await refresh();
      await Promise.all([PROFILE_KEY, ENROLL_KEY, categoryPageKey(category.mname)].map((key) => mutate(key)));
      await navigate(categoryPath(basePath, category.mname));
      return true;
    },
    [basePath, intl, mutate, navigate, notify, onAnswered, refresh],
  );
}
