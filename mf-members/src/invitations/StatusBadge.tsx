import { FormattedMessage } from 'react-intl';
import type { InvitationAnswer } from './types';

const SHOWS_ANSWER = new Set<InvitationAnswer['status']>(['failed', 'bounced', 'queued', 'uncertain']);

/** An invitation's state as a badge; a failed, bounced (or retried) mail shows the SMTP server's answer under it. */
export function StatusBadge({ invitation }: { invitation: InvitationAnswer }) {
  const { status, last_error: lastError } = invitation;
  return (
    <>
      <span className={`mb-inv-badge mb-inv-badge-${status}`} data-testid="invitation-status">
        <FormattedMessage id={`members.invitations.status.${status}`} />
      </span>
      {lastError && SHOWS_ANSWER.has(status) && (
        <span className="mb-inv-smtp" data-testid="invitation-smtp">
          <FormattedMessage id="members.invitations.smtp" values={{ answer: lastError }} />
        </span>
      )}
    </>
  );
}
