import { processCounter } from '@agora/common';

/** What became of the mails of this process' worker (the process' `/metrics`; deploy/observability). */
export const mailMetrics = {
  sent: processCounter('agora_mail_sent_total', 'Mails the SMTP server accepted'),
  bounced: processCounter(
    'agora_mail_bounced_total',
    'Mails the SMTP server refused for good (a permanent 5xx answer): not sent again',
  ),
  uncertain: processCounter(
    'agora_mail_uncertain_total',
    'Mails whose attempt stopped after the end of their data without an answer: presumed delivered, not resent',
  ),
  failedAttempts: processCounter(
    'agora_mail_failed_attempts_total',
    'Attempts that failed for a transient reason (the server refused for now, or could not be reached): retried',
  ),
};
