import { useCallback, useEffect, useRef } from 'react';
import { useStore } from 'jotai';
import { askConfirm } from '../frame/confirm';
import { useBeforeUnloadPrompt, useBlockerIfDataRouter } from './useLeaveGuard';

const TITLE = 'platform.leave.title';

/**
 * The leave guard of a form shown in a modal (spec part 1 §2). While `dirty`: closing the modal (Esc, the
 * backdrop, its cancel button) asks first, navigating away inside the app asks first, and closing or reloading the
 * tab triggers the browser's own prompt. The questions are the platform's confirmation modal (`ConfirmHost`), which
 * stacks above the form's modal. Returns the function to use as the modal's `onClose`: it calls `close` at once
 * when nothing changed, after a yes otherwise.
 */
export function useModalLeaveGuard(dirty: boolean, close: () => void): () => void {
  const store = useStore();
  const blocker = useBlockerIfDataRouter(dirty);
  useBeforeUnloadPrompt(dirty);
  /** one question at a time: Esc pressed twice does not queue a second one */
  const asking = useRef(false);

  const ask = useCallback(
    async (body: string): Promise<boolean | null> => {
      if (asking.current) return null;
      asking.current = true;
      try {
        return await askConfirm(store, { title: TITLE, body });
      } finally {
        asking.current = false;
      }
    },
    [store],
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    // saved meanwhile: the navigation just goes on
    if (!dirty) {
      blocker.proceed();
      return;
    }
    void ask('platform.leave.body').then((answer) => {
      if (answer === true) blocker.proceed();
      else if (answer === false) blocker.reset();
    });
  }, [blocker, dirty, ask]);

  return useCallback(() => {
    if (!dirty) {
      close();
      return;
    }
    void ask('platform.leave.closeBody').then((answer) => {
      if (answer === true) close();
    });
  }, [dirty, close, ask]);
}
