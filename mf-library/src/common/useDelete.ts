import { api, errorMessageId, useConfirm, useNotify } from '@agora/platform';

/**
 * Deleting with the platform's confirmation ('drop confirm' / 'do you wish to continue'): on Yes, `DELETE path`
 * (with `body` when given), then 'data deleted' and `done()`; a refusal says why (`errorMessageId`). Resolves
 * whether it deleted.
 */
export function useDelete(): (path: string, done: () => unknown, body?: unknown) => Promise<boolean> {
  const confirm = useConfirm();
  const notify = useNotify();
  return async (path, done, body) => {
    if (!(await confirm({ title: 'drop confirm', body: 'do you wish to continue' }))) return false;
    try {
      await api.del(path, body);
    } catch (e) {
      notify({ type: 'warning', body: errorMessageId(e) });
      return false;
    }
    notify({ type: 'success', body: 'data deleted' });
    await done();
    return true;
  };
}
