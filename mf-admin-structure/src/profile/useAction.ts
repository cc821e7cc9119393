import { useCallback } from 'react';
import { ApiError, useNotify, errorMessageId } from '@agora/platform';

export type ActionResult = { ok: true } | { ok: false; error: ApiError };

/**
 * Runs one call of the profile screen: a success notification ('data posted', 'successful update', 'data
 * deleted') or a warning with the server's message; answers whether it worked and the error.
 */
export function useAction() {
  const notify = useNotify();
  return useCallback(
    async (call: () => Promise<unknown>, success: string): Promise<ActionResult> => {
      try {
        await call();
        notify({ type: 'success', body: success });
        return { ok: true };
      } catch (e) {
        const error = e instanceof ApiError ? e : new ApiError(0, 'action denied');
        notify({ type: 'warning', body: errorMessageId(error) });
        return { ok: false, error };
      }
    },
    [notify],
  );
}
