import { useContext, useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { UNSAFE_DataRouterContext, useBlocker, type Blocker } from 'react-router-dom';
import { ConfirmDialog } from '../frame/confirm';

const NO_BLOCKER: Blocker = {
  state: 'unblocked',
  proceed: undefined,
  reset: undefined,
  location: undefined,
};

/** useBlocker needs a data router; under a plain <Router> (some tests) in-app navigation is not guarded. */
export function useBlockerIfDataRouter(when: boolean): Blocker {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  // The router kind never changes during a component's life, so the hook order is stable.
  // eslint-disable-next-line react-hooks/rules-of-hooks
  return dataRouter ? useBlocker(when) : NO_BLOCKER;
}

/** While `dirty`, closing or reloading the tab triggers the browser's own prompt. */
export function useBeforeUnloadPrompt(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers need returnValue set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}

/**
 * The form leave guard (spec part 1 §2): while `dirty`, navigating away inside the app asks for confirmation,
 * and closing or reloading the tab triggers the browser's own prompt. Render the returned `dialog`.
 */
export function useLeaveGuard(dirty: boolean) {
  const blocker = useBlockerIfDataRouter(dirty);
  useBeforeUnloadPrompt(dirty);

  // A blocked navigation whose form became clean meanwhile (saved) just goes on.
  useEffect(() => {
    if (blocker.state === 'blocked' && !dirty) blocker.proceed();
  }, [blocker, dirty]);

  const dialog =
    blocker.state === 'blocked' ? (
      <ConfirmDialog
        title={<FormattedMessage id="platform.leave.title" />}
        body={<FormattedMessage id="platform.leave.body" />}
        confirmLabel={<FormattedMessage id="platform.leave.confirm" />}
        cancelLabel={<FormattedMessage id="platform.leave.stay" />}
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
        focus="cancel"
      />
    ) : null;
  return { blocked: blocker.state === 'blocked', dialog };
}

/** The leave guard as a component: `<LeaveGuard when={form.dirty} />`. */
export function LeaveGuard({ when }: { when: boolean }) {
  return useLeaveGuard(when).dialog;
}
