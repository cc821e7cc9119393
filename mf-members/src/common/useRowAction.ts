import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { errorMessageId, useConfirm, useNotify } from '@agora/platform';

type Question = Parameters<ReturnType<typeof useConfirm>>[0];

/**
 * The row actions of a people list: `run` sends a row's request (after asking `question`, when given), then says
 * `done` and reloads the list at `listPath`; a refusal says the message of its code.
 */
export function useRowAction(listPath: string) {
  const notify = useNotify();
  const confirm = useConfirm();
  const { mutate } = useSWRConfig();
  const reload = useCallback(() => void mutate(listPath), [mutate, listPath]);
  const run = useCallback(
    async (request: () => Promise<unknown>, done: string, question?: Question) => {
      if (question && !(await confirm(question))) return;
      try {
        await request();
        notify({ type: 'success', body: done });
        reload();
      } catch (err) {
        notify({ type: 'danger', body: errorMessageId(err) });
      }
    },
    [confirm, notify, reload],
  );
  return { reload, run };
}
