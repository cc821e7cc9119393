import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { InvitationBatchAnswer } from '@agora/contracts/api';
import { ErrorFromCall, useJobProgress } from '@agora/platform';

/** Whether every mail of the batch has been dealt with (sent, failed, withdrawn or already accepted). */
export function batchDone(batch: InvitationBatchAnswer | undefined): boolean {
  return !!batch && batch.queued === 0;
}

/**
 * The progress of a batch of invitations (`GET /api/invitation/batch/{batch}`), asked again every second until no
 * mail is left queued; `onDone` is called once then (the list shows the new states).
 */
export function BatchProgress({ batch, onDone }: { batch: string; onDone: () => void }) {
  const intl = useIntl();
  const { data, error } = useJobProgress(
    '/api/invitation/batch/{batch}',
    { params: { path: { batch } } },
    { ended: batchDone },
  );
  const done = batchDone(data);
  useEffect(() => {
    if (done) onDone();
  }, [done, onDone]);
  if (error) return <ErrorFromCall error={error} />;
  if (!data) return null;
  const handled = data.total - data.queued;
  const values = {
    handled,
    total: data.total,
    sent: data.sent,
    failed: data.failed,
    withdrawn: data.withdrawn,
    accepted: data.accepted,
  };
  return (
    <section className="mb-inv-progress" data-testid="batch-progress" aria-live="polite">
      <h2>
        <FormattedMessage
          id={done ? 'members.invitations.progress.done' : 'members.invitations.progress.title'}
        />
      </h2>
      <progress
        max={Math.max(1, data.total)}
        value={handled}
        aria-label={intl.formatMessage({ id: 'members.invitations.progress.title' })}
      />
      <p data-testid="batch-progress-text">
        <FormattedMessage id="members.invitations.progress.text" values={values} />
      </p>
    </section>
  );
}
