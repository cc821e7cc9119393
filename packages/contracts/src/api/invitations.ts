import { z } from 'zod';
import { pagedAnswer } from './common.js';
import { USER_LOCALES } from './accounts.js';
import { ENROL_ROLES } from '../roles.js';

/**
 * Invitations by mail (mailing service, `/invitation/…`) and the accounts routes they need (`/internal/…`,
 * services only). An invitation's enrolment names categories by their short name (`mname`), as the CSV does.
 */

const missing = { error: 'missing parameters' };

/** The largest CSV the validation reads: 5 MB and 10,000 data rows. */
export const INVITATION_CSV_MAX_BYTES = 5 * 1024 * 1024;
export const INVITATION_CSV_MAX_ROWS = 10_000;
/** The largest invitation message (plain text, shown in the mail). */
export const MAX_INVITATION_MESSAGE = 5_000;

/**
 * The shape of an invitation link's token (the mailing service makes them of 32 random bytes, base64url): what the
 * accept routes and an external login started for an invitation take before looking anything up.
 */
export const INVITATION_TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

/** Why a report row is not an invitation (translated by the front end as `platform.error.<CODE>`). */
export const INVITATION_ROW_COMMENTS = [
  'MAILING.CSV_BAD_EMAIL',
  'MAILING.CSV_MISSING_NAME',
  'MAILING.CSV_BAD_NAME',
  'MAILING.CSV_DUPLICATE',
  'MAILING.CSV_UNKNOWN_CATEGORY',
  'MAILING.CSV_BAD_ROLE',
  'MAILING.ALREADY_USER',
  'MAILING.ALREADY_INVITED',
] as const;
export type InvitationRowComment = (typeof INVITATION_ROW_COMMENTS)[number];

/** An invitation's enrolments: category short name (`mname`) -> enrolment role. */
export const InvitationEnrolment = z.record(z.string().min(1).max(100), z.enum(ENROL_ROLES));
export type InvitationEnrolment = z.infer<typeof InvitationEnrolment>;

const invitationLocale = z.enum(USER_LOCALES, missing).meta({ description: 'the language of the mails' });
const invitationMessage = z
  .string()
  .max(MAX_INVITATION_MESSAGE)
  .meta({ description: 'a personal message put in the mail ([message]); may be empty' });

// ---------------------------------------------------------------------------------------------- validate

/** `POST /invitation/scope/validate`: the multipart text fields next to `file` (the .csv). */
export const InvitationValidateFields = z.object({
  message: invitationMessage.optional(),
  locale: invitationLocale.optional(),
});
export type InvitationValidateFields = z.infer<typeof InvitationValidateFields>;

/** One CSV data line, as the dry run judges it. `line` is the line number in the file (the header is line 1). */
export const InvitationReportRow = z.object({
  line: z.int().min(1),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  enrolment: InvitationEnrolment,
  valid: z.boolean(),
  /** true: a mail invitation will be sent; false with a valid row: an existing user, enrolled and notified */
  invite: z.boolean(),
  comment: z.enum(INVITATION_ROW_COMMENTS).nullable(),
});
export type InvitationReportRow = z.infer<typeof InvitationReportRow>;

export const InvitationReportSummary = z.object({
  rows: z.int().min(0),
  valid: z.int().min(0),
  invite: z.int().min(0),
  enrol: z.int().min(0),
  invalid: z.int().min(0),
});
export type InvitationReportSummary = z.infer<typeof InvitationReportSummary>;

/** `POST /invitation/scope/validate`: the report of the dry run (nothing is written). */
export const InvitationValidateAnswer = z.object({
  values: z.array(InvitationReportRow),
  summary: InvitationReportSummary,
});
export type InvitationValidateAnswer = z.infer<typeof InvitationValidateAnswer>;

// ---------------------------------------------------------------------------------------------- send

export const InvitationSendRow = z.strictObject({
  firstname: z.string(missing).max(150),
  lastname: z.string(missing).max(150),
  email: z.string(missing).max(254),
  enrolment: InvitationEnrolment.default({}),
});
export type InvitationSendRow = z.infer<typeof InvitationSendRow>;

/**
 * `POST /invitation/scope/send` and `/invitation/scope/sendWithOAuth`: the rows of a validated report (the server
 * validates them again; invalid or already invited rows are skipped).
 */
export const InvitationSendBody = z.strictObject({
  message: invitationMessage.default(''),
  locale: invitationLocale,
  rows: z.array(InvitationSendRow).min(1, missing).max(INVITATION_CSV_MAX_ROWS),
});
export type InvitationSendBody = z.input<typeof InvitationSendBody>;

export const InvitationSendAnswer = z.object({
  /** the batch of the sent invitations (`GET /invitation/batch/{batch}`) */
  batch: z.uuid(),
  invited: z.int().min(0),
  /** existing users enrolled (and notified) instead of invited */
  enrolled: z.int().min(0),
  skipped: z.int().min(0),
});
export type InvitationSendAnswer = z.infer<typeof InvitationSendAnswer>;

// ---------------------------------------------------------------------------------------------- list

export const INVITATION_STATUSES = [
  'queued',
  'sending',
  'sent',
  'failed',
  'bounced',
  'uncertain',
  'cancelled',
  'accepted',
  'expired',
] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** The fields the invitations list sorts by (default `created` desc). */
export const INVITATION_SORT_FIELDS = [
  'created',
  'firstname',
  'lastname',
  'email',
  'expires',
  'accepted',
] as const;
export type InvitationSortField = (typeof INVITATION_SORT_FIELDS)[number];

export const InvitationAnswer = z.object({
  id: z.uuid(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  enrolment: InvitationEnrolment,
  locale: z.enum(USER_LOCALES),
  created: z.iso.datetime(),
  accepted: z.iso.datetime().nullable(),
  /** when an administrator withdrew it (its link is then refused); null when not withdrawn */
  cancelled: z.iso.datetime().nullable(),
  with_oauth: z.boolean(),
  expires: z.iso.datetime(),
  status: z.enum(INVITATION_STATUSES),
  /** the SMTP server's last refusal of the mail (failed, or retrying) */
  last_error: z.string().nullable(),
  batch: z.uuid(),
});
export type InvitationAnswer = z.infer<typeof InvitationAnswer>;

/** `GET /invitation/sort/{field}/sort_method/{m}[/page/{n}][/query/{q}][/fq/accepted:{bool};with_oauth:{bool}]` */
export const InvitationsPageAnswer = pagedAnswer(InvitationAnswer);
export type InvitationsPageAnswer = z.infer<typeof InvitationsPageAnswer>;

/**
 * `GET /invitation/batch/{batch}`: how far a batch's mails have gone; `withdrawn`: mails of invitations withdrawn
 * before they were sent (never sent, decision 0079).
 */
export const InvitationBatchAnswer = z.object({
  total: z.int().min(0),
  queued: z.int().min(0),
  sent: z.int().min(0),
  failed: z.int().min(0),
  withdrawn: z.int().min(0),
  accepted: z.int().min(0),
});
export type InvitationBatchAnswer = z.infer<typeof InvitationBatchAnswer>;

/** `POST /invitation/id/{id}/resend` and `POST /invitation/scope/resend`: the number of mails queued again. */
export const InvitationResendAnswer = z.object({ resent: z.int().min(0) });
export type InvitationResendAnswer = z.infer<typeof InvitationResendAnswer>;

/**
 * `POST /invitation/id/{id}/cancel`: the invitation withdrawn (its link refused from now on) and how many of its
 * mails not yet sent were withdrawn with it.
 */
export const InvitationCancelAnswer = z.object({
  id: z.uuid(),
  cancelled: z.iso.datetime(),
  withdrawn_mails: z.int().min(0),
});
export type InvitationCancelAnswer = z.infer<typeof InvitationCancelAnswer>;

// ---------------------------------------------------------------------------------------------- accept

/** The external login providers an invitation with OAuth may offer (the accounts service's configured ones). */
export const OAUTH_PROVIDERS = ['open', 'google', 'facebook'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** `GET /invitation/hash/{hash}` (anonymous): what the accept page shows; never the e-mail. */
export const InvitationHashAnswer = z.object({
  firstname: z.string(),
  lastname: z.string(),
  with_oauth: z.boolean(),
  expired: z.boolean(),
  accepted: z.boolean(),
  /** with_oauth: the external logins offered (empty otherwise) */
  providers: z.array(z.enum(OAUTH_PROVIDERS)),
});
export type InvitationHashAnswer = z.infer<typeof InvitationHashAnswer>;

/** `POST` (or `PUT`) `/invitation/hash/{hash}`: accept with the invited e-mail and a new password. */
export const InvitationAcceptBody = z.strictObject({
  email: z.string(missing).min(1, missing).max(254),
  password: z
    .string()
    .max(1024)
    .nullish()
    .meta({ description: 'the new password (the users scope rules); required unless invited with OAuth' }),
});
export type InvitationAcceptBody = z.infer<typeof InvitationAcceptBody>;

export const InvitationAcceptAnswer = z.object({
  uuid: z.uuid(),
  username: z.string().meta({ description: 'the new account’s user name (login is by user name)' }),
});
export type InvitationAcceptAnswer = z.infer<typeof InvitationAcceptAnswer>;

// ---------------------------------------------------------------------------------------------- accounts (internal)

/** An enrolment by category token (what accounts stores). */
export const InternalEnrolment = z.object({ category: z.uuid(), role: z.enum(ENROL_ROLES) });
export type InternalEnrolment = z.infer<typeof InternalEnrolment>;

/** `POST /internal/invitations/accept` (accounts, for mailing): the user and its enrolments, in one transaction. */
export const InternalInvitationAcceptBody = z.strictObject({
  /** the new user's uuid, chosen by the caller: the same call again answers the same user (idempotent retry) */
  uuid: z.uuid(),
  email: z.email(),
  firstname: z.string().max(150),
  lastname: z.string().max(150),
  locale: z.enum(USER_LOCALES),
  password: z.string().max(1024).nullable(),
  enrolments: z.array(InternalEnrolment).max(1000),
  /** accepted through an external login: the provider account linked to the new user (its password is random) */
  external: z
    .strictObject({
      provider: z.enum(OAUTH_PROVIDERS),
      subject: z.string().min(1).max(255),
      email: z.email().max(254),
    })
    .nullish(),
});
export type InternalInvitationAcceptBody = z.infer<typeof InternalInvitationAcceptBody>;

export const InternalInvitationAcceptAnswer = z.object({ uuid: z.uuid(), username: z.string() });
export type InternalInvitationAcceptAnswer = z.infer<typeof InternalInvitationAcceptAnswer>;

/** `POST /internal/users/by-email` (accounts, for mailing): which of these e-mails are users (case-insensitive). */
export const InternalUsersByEmailBody = z.strictObject({
  emails: z.array(z.string().max(254)).max(INVITATION_CSV_MAX_ROWS),
});
export type InternalUsersByEmailBody = z.infer<typeof InternalUsersByEmailBody>;

export const InternalUsersByEmailAnswer = z.object({
  users: z.array(
    z.object({
      uuid: z.uuid(),
      email: z.string(),
      firstname: z.string(),
      lastname: z.string(),
      locale: z.string(),
    }),
  ),
});
export type InternalUsersByEmailAnswer = z.infer<typeof InternalUsersByEmailAnswer>;

/** `POST /internal/enrolments` (accounts, for mailing): enrol existing users (a role already held is updated). */
export const InternalEnrolmentsBody = z.strictObject({
  users: z
    .array(z.object({ uuid: z.uuid(), enrolments: z.array(InternalEnrolment).max(1000) }))
    .max(INVITATION_CSV_MAX_ROWS),
});
export type InternalEnrolmentsBody = z.infer<typeof InternalEnrolmentsBody>;

export const InternalEnrolmentsAnswer = z.object({ enrolled: z.int().min(0) });
export type InternalEnrolmentsAnswer = z.infer<typeof InternalEnrolmentsAnswer>;

// ---------------------------------------------------------------------------------------------- external login tickets

/**
 * How long the tickets of an invitation's external login are valid: each is handed on by one redirect of the
 * browser (decision 0054).
 */
export const INVITATION_TICKET_TTL_MS = 120_000;

/**
 * `typ` of the ticket by which accounts hands an external login that is to accept an invitation to mailing
 * (`GET /invitation/hash/{token}/external?ticket=…`), signed with accounts' identity key: the e-mail is the one
 * the provider vouches for.
 */
export const INVITATION_LOGIN_TICKET = 'invitation-login';
export const InvitationLoginClaims = z.object({
  token: z.string().regex(INVITATION_TOKEN),
  provider: z.enum(OAUTH_PROVIDERS),
  subject: z.string().min(1).max(255),
  email: z.email().max(254),
});
export type InvitationLoginClaims = z.infer<typeof InvitationLoginClaims>;

/**
 * `typ` of the ticket by which mailing, the invitation accepted, hands its user back to accounts for the session
 * (`GET /oauth/invitation/complete?ticket=…`), signed with mailing's identity key; its nonce is the login ticket's.
 */
export const INVITATION_SESSION_TICKET = 'invitation-session';
export const InvitationSessionClaims = z.object({
  token: z.string().regex(INVITATION_TOKEN),
  provider: z.enum(OAUTH_PROVIDERS),
  subject: z.string().min(1).max(255),
  user: z.uuid(),
});
export type InvitationSessionClaims = z.infer<typeof InvitationSessionClaims>;

/** The query of both ticket routes: browser navigations, which redirect and never answer an error page. */
export const InvitationTicketQuery = z.object({
  ticket: z
    .string()
    .optional()
    .catch(undefined)
    .meta({ description: 'the signed ticket (two minutes, used once)' }),
});
export type InvitationTicketQuery = z.infer<typeof InvitationTicketQuery>;

/** `GET /internal/invitations/providers` (accounts, for mailing): the external logins configured. */
export const InternalProvidersAnswer = z.object({ providers: z.array(z.enum(OAUTH_PROVIDERS)) });
export type InternalProvidersAnswer = z.infer<typeof InternalProvidersAnswer>;

/**
 * `GET /internal/categories` (consultation, for mailing): every category's token, short name and title (the title
 * names the category in the enrolment notice; without it, the short name does).
 */
export const InternalCategoriesAnswer = z.object({
  categories: z.array(z.object({ token: z.string(), mname: z.string(), title: z.string().optional() })),
});
export type InternalCategoriesAnswer = z.infer<typeof InternalCategoriesAnswer>;
