import { errorMessageId, useConfirm, useNotify } from '@agora/platform';

/** The deleting call (e.g. `() => client.DELETE('/api/library/uuid/{uuid}', …)`). */
export type DeleteCall = () => Promise<unknown>;

/**
 * Deleting with the platform's confirmation ('drop confirm' / 'do you wish to continue'): on Yes, `send()` (the
 * DELETE call), then 'data deleted' and `done()`; a refusal says why (`errorMessageId`). Resolves whether it
 * deleted.
 */
export function useDelete(): (send: DeleteCall, done: () => unknown) => Promise<boolean> {
  const confirm = useConfirm();
  const notify = useNotify();
  return async (send, done) => {
    if (!(await confirm({ title: 'drop confirm', body: 'do you wish to continue' }))) return false;
    try {
      await send();
    } catch (e) {
      notify({ type: 'warning', body: errorMessageId(e) });
      return false;
    }
    notify({ type: 'success', body: 'data deleted' });
    await done();
    return true;
  };
}
