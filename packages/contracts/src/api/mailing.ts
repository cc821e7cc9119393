import { z } from 'zod';

/** The request and answer bodies of the mailing service's internal API (`/internal/mail`, services only). */

/** What a mail's delivery has come to (see the mailing service's `Mail` entity and decision 0005). */
export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed', 'uncertain'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const MAX_MAIL_SUBJECT = 200;
export const MAX_MAIL_TEXT = 100_000;
export const MAX_MAIL_HTML = 500_000;

/** `POST /internal/mail`: one mail to queue (null html or idempotencyKey: none). */
export const EnqueueMailBody = z.strictObject({
  to: z.email({ error: 'to must be an e-mail address' }).meta({ example: 'someone@example.org' }),
  subject: z
    .string()
    .min(1)
    .max(MAX_MAIL_SUBJECT)
    .regex(/^[^\r\n]*$/, 'subject must be one line'),
  text: z.string().min(1).max(MAX_MAIL_TEXT).meta({ description: 'plain-text body' }),
  html: z
    .string()
    .min(1)
    .max(MAX_MAIL_HTML)
    .nullish()
    .meta({ description: 'HTML alternative, already safe to show' }),
  idempotencyKey: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[\x21-\x7e]+$/, 'idempotencyKey must be printable ASCII without spaces')
    .nullish()
    .meta({ description: 'the same key gives the same mail, sent once (e.g. invitation-<id>)' }),
});
export type EnqueueMailBody = z.infer<typeof EnqueueMailBody>;

/** `POST /internal/mail` (202): the queued mail, or the one its idempotency key already gave. */
export const EnqueuedMailAnswer = z.object({ id: z.uuid(), status: z.enum(MAIL_STATUSES) });
export type EnqueuedMailAnswer = z.infer<typeof EnqueuedMailAnswer>;

/** `GET /internal/mail/{id}`: a mail and its delivery. */
export const MailAnswer = z.object({
  id: z.uuid(),
  status: z.enum(MAIL_STATUSES),
  to: z.string(),
  subject: z.string(),
  attempts: z.int().min(0),
  lastError: z.string().nullable(),
  messageId: z.string().nullable(),
  created: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
});
export type MailAnswer = z.infer<typeof MailAnswer>;
