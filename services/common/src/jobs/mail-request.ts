/**
 * The shared job contract by which any service asks the mailing service to send one e-mail. Producers add a job
 * AFTER their own transaction commits; the mailing service consumes it and writes its outbox row through
 * `MailService.enqueue`, keyed by `idempotencyKey`, so a request added or processed twice is mailed once.
 */
export const MAIL_REQUESTS_QUEUE = 'mail-requests';

/** The one job name on that queue. */
export const MAIL_REQUEST_JOB = 'mail';

/** A mail written by the producer: subject and bodies as they are to be sent. */
export interface DirectMailRequest {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Stable for one logical mail (e.g. `password-recovery-<token id>`); required. */
  idempotencyKey: string;
}

/**
 * A mail rendered by the mailing service from one of its editable templates (decision 0004): the template's name,
 * the recipient's locale and the shortcodes' values (unknown names are ignored). The first rendering is kept: a
 * request delivered again under the same key gives the same mail even if the template was edited meanwhile.
 */
export interface TemplateMailRequest {
  to: string;
  template: string;
  locale: string;
  values: Record<string, string>;
  /** Stable for one logical mail (e.g. `password-recovery-<token id>`); required. */
  idempotencyKey: string;
}

export type MailRequest = DirectMailRequest | TemplateMailRequest;

/** BullMQ job id for a request: adding the same request twice is a no-op while the job is kept. */
export function mailRequestJobId(idempotencyKey: string): string {
  return `mailreq-${idempotencyKey.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

/** Default options for producers: retried with backoff, finished jobs kept a while for de-duplication. */
export const MAIL_REQUEST_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 7 * 24 * 3600, count: 10_000 },
  removeOnFail: { age: 30 * 24 * 3600 },
} as const;
