import { z } from 'zod';

/** The request and answer bodies of the mailing service's internal API (`/internal/mail`, services only). */

/** What a mail's delivery has come to (see the mailing service's `Mail` entity and decision 0005). */
export const MAIL_STATUSES = [
  'queued',
  'sending',
  'sent',
  'failed',
  'bounced',
  'uncertain',
  'cancelled',
] as const;
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

// ---------------------------------------------------------------------------------------- e-mail templates

/** The languages every e-mail template exists in (decision 0004). */
export const MAIL_TEMPLATE_LOCALES = ['el', 'en'] as const;
export type MailTemplateLocale = (typeof MAIL_TEMPLATE_LOCALES)[number];

/** A template's name as it appears in paths (`invitation`, `password_recovery`, `enrolment`, ...). */
export const MailTemplateName = z.string().regex(/^[a-z][a-z0-9_]{0,49}$/, 'unknown template');

/** `GET /mailTemplate`: every template, the shortcodes it knows and the locales it exists in. */
export const MailTemplateSummary = z.object({
  name: z.string(),
  shortcodes: z.array(z.string()).meta({ description: 'shortcode names, written [name] in a template' }),
  locales: z.array(z.enum(MAIL_TEMPLATE_LOCALES)),
});
export type MailTemplateSummary = z.infer<typeof MailTemplateSummary>;
export const MailTemplateListAnswer = z.array(MailTemplateSummary);
export type MailTemplateListAnswer = z.infer<typeof MailTemplateListAnswer>;

/** One locale of a template: the subject, the HTML part (sanitised) and the plain-text part. */
export const MailTemplateContent = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});
export type MailTemplateContent = z.infer<typeof MailTemplateContent>;

/** `GET /mailTemplate/name/{name}`: the template in both locales. */
export const MailTemplateAnswer = z.object({
  name: z.string(),
  shortcodes: z.array(z.string()),
  el: MailTemplateContent,
  en: MailTemplateContent,
});
export type MailTemplateAnswer = z.infer<typeof MailTemplateAnswer>;

/**
 * `PUT /mailTemplate/name/{name}/locale/{locale}`: a new subject, HTML part and plain-text part. The HTML is
 * sanitised before it is stored; an empty plain-text part is generated from the HTML. One of the two is needed.
 */
export const MailTemplateBody = z
  .strictObject({
    subject: z
      .string()
      .trim()
      .min(1, 'subject is required')
      .max(MAX_MAIL_SUBJECT)
      .regex(/^[^\r\n]*$/, 'subject must be one line'),
    html: z.string().max(MAX_MAIL_HTML),
    text: z.string().max(MAX_MAIL_TEXT),
  })
  .refine((v) => v.html.trim() !== '' || v.text.trim() !== '', {
    message: 'the template needs an HTML or a plain-text part',
    path: ['html'],
  });
export type MailTemplateBody = z.infer<typeof MailTemplateBody>;

/** `POST /mailTemplate/preview`: a template as being edited (not stored), to render with sample values. */
export const MailTemplatePreviewBody = z.strictObject({
  name: MailTemplateName,
  locale: z.enum(MAIL_TEMPLATE_LOCALES),
  subject: z.string().max(MAX_MAIL_SUBJECT),
  html: z.string().max(MAX_MAIL_HTML),
  text: z.string().max(MAX_MAIL_TEXT),
});
export type MailTemplatePreviewBody = z.infer<typeof MailTemplatePreviewBody>;

/** The rendered mail: subject, sanitised HTML with escaped values, and the plain-text part. */
export const MailTemplatePreviewAnswer = MailTemplateContent;
export type MailTemplatePreviewAnswer = z.infer<typeof MailTemplatePreviewAnswer>;
