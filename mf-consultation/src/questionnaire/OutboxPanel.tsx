import { FormattedMessage, useIntl } from 'react-intl';
import { DateText, type OutboxEntry } from '@agora/platform';
import type { Entry } from './task';
import type { OutboxView } from './useOutbox';

/** Whether the participant can correct a held-back entry: a refused value, or a questionnaire that changed. */
export function isCorrectable(kept: OutboxEntry): boolean {
  return kept.changed || (kept.state === 'refused' && kept.refusal?.variable != null);
}

/** What an entry's badge says: not sent yet, being sent, refused (with the reason), or to check. */
export function PendingBadge({ kept }: { kept: OutboxEntry }) {
  if (kept.changed)
    return (
      <span className="cons-pending-badge is-refused" data-testid="pending-changed">
        <FormattedMessage id="consultation.outbox.changed" />
      </span>
    );
  if (kept.state === 'refused')
    return (
      <span className="cons-pending-badge is-refused" data-testid="pending-refused">
        <FormattedMessage
          id="consultation.outbox.refused"
          values={{
            reason: <FormattedMessage id={kept.refusal?.message ?? 'platform.error.generic'} />,
          }}
        />
      </span>
    );
  return (
    <span className="cons-pending-badge" data-testid="pending-badge">
      <FormattedMessage
        id={kept.state === 'sending' ? 'consultation.outbox.sending' : 'consultation.outbox.notSent'}
      />
    </span>
  );
}

export interface OutboxPanelProps {
  outbox: Pick<OutboxView, 'entries' | 'online' | 'sending' | 'sendNow' | 'discard'>;
  entries: ReadonlyMap<string, Entry>;
  /** reopens a held-back entry's form */
  onCorrect: (kept: OutboxEntry) => void;
}

/**
 * The answers kept on the device (decision 0093): how many wait, whether the device is offline, "Send now", and
 * each entry with its state; a refused one with its reason, Discard, and Correct where it can be corrected.
 */
export function OutboxPanel({ outbox, entries, onCorrect }: OutboxPanelProps) {
  const intl = useIntl();
  const { online, sending } = outbox;
  const waiting = outbox.entries;
  if (waiting.length === 0 && online) return null;
  return (
    <section
      className="cons-outbox"
      aria-label={intl.formatMessage({ id: 'consultation.outbox.title' })}
      data-testid="outbox"
    >
      <p className="cons-outbox-status" role="status" data-testid="outbox-status">
        {!online && (
          <strong data-testid="outbox-offline">
            <FormattedMessage id="consultation.outbox.offline" />{' '}
          </strong>
        )}
        <FormattedMessage id="consultation.outbox.waiting" values={{ n: waiting.length }} />
      </p>
      {waiting.length > 0 && (
        <div className="cons-outbox-body">
          <details
            className="cons-outbox-details"
            open={waiting.some((k) => k.state === 'refused' || k.changed)}
          >
            <summary>
              <FormattedMessage id="consultation.outbox.show" />
            </summary>
            <ul className="cons-outbox-list" data-testid="outbox-list">
              {waiting.map((kept) => (
                <li key={kept.id} data-testid="outbox-entry" data-state={kept.state}>
                  <span className="cons-outbox-name">
                    {entries.get(kept.attribute)?.attribute.name ?? ''}
                  </span>{' '}
                  <span className="cons-hint">
                    <DateText value={new Date(kept.created).toISOString()} withTime />
                  </span>{' '}
                  <PendingBadge kept={kept} />
                  {(kept.state === 'refused' || kept.changed) && (
                    <span className="cons-actions">
                      {isCorrectable(kept) && entries.has(kept.attribute) && (
                        <button
                          type="button"
                          className="ag-button"
                          onClick={() => onCorrect(kept)}
                          data-testid="outbox-correct"
                        >
                          <FormattedMessage id="consultation.outbox.correct" />
                        </button>
                      )}
                      <button
                        type="button"
                        className="ag-button ag-button-danger"
                        onClick={() => outbox.discard(kept.id)}
                        data-testid="outbox-discard"
                      >
                        <FormattedMessage id="consultation.outbox.discard" />
                      </button>
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </details>
          <button
            type="button"
            className="ag-button ag-button-primary"
            onClick={outbox.sendNow}
            disabled={sending}
            data-testid="outbox-send"
          >
            <FormattedMessage id="consultation.outbox.sendNow" />
          </button>
        </div>
      )}
    </section>
  );
}
