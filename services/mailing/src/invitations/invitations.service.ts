import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppError, LOGGER, paged, PAGE_SIZE } from '@agora/common';
import { ENROL_ROLES, type EnrolRole, type SessionUser } from '@agora/contracts';
import {
  INVITATION_SORT_FIELDS,
  type InternalEnrolment,
  type InternalInvitationAcceptBody,
  type InvitationAcceptAnswer,
  INVITATION_TOKEN,
  type InvitationAcceptBody,
  type InvitationAnswer,
  type InvitationBatchAnswer,
  type InvitationEnrolment,
  type InvitationHashAnswer,
  type InvitationReportRow,
  type InvitationRowComment,
  type InvitationSendAnswer,
  type InvitationSortField,
  type InvitationStatus,
  type InvitationValidateAnswer,
  type InvitationsPageAnswer,
  type UserLocale,
} from '@agora/contracts/api';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import type { InvitationConfig } from '../config.js';
import type { Logger } from '../logger.js';
import type { MailStatus } from '../mail/mail.entity.js';
import { MailService } from '../mail/mail.service.js';
import type { ShortcodeValues } from '../templates/shortcodes.js';
import { renderParts, TemplateService } from '../templates/template.service.js';
import type { CsvInvitationRow } from './csv.js';
import { INVITATION_CONFIG } from './invitation.tokens.js';
import { InvitationLoginTickets } from './login-tickets.js';
import { InvitationPeers, type ExistingUser } from './peers.js';

/** A wrong e-mail on the accept page this many times locks the invitation's link for LOCK_MINUTES. */
export const MAX_ACCEPT_FAILURES = 10;
export const LOCK_MINUTES = 15;

/** An enrolment as stored with an invitation: the category's token, its short name, the role. */
interface StoredEnrolment {
  category: string;
  mname: string;
  /** the category's title, which names it in the enrolment notice (absent from invitations stored before it) */
  title?: string;
  role: EnrolRole;
}

/** A row to judge: what the CSV (or a send request) says. */
type Candidate = Pick<CsvInvitationRow, 'line' | 'firstname' | 'lastname' | 'email' | 'enrolments'>;

interface Judged {
  report: InvitationReportRow;
  enrolments: StoredEnrolment[];
  user: ExistingUser | null;
}

const emailSchema = z.email();
/** The accounts' limits (the users scope): a longer name or address could be invited but never accepted. */
const MAX_NAME = 100;
const MAX_EMAIL = 254;

const notFound = () => AppError.notFound('invitation not found', 'MAILING.INVITATION_NOT_FOUND');
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');
const iso = (d: Date | string) => new Date(d).toISOString();

interface InvitationRow {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  locale: UserLocale;
  message: string;
  enrolment: StoredEnrolment[];
  with_oauth: boolean;
  batch: string;
  created: Date;
  expires: Date;
  accepted: Date | null;
  mail_status: MailStatus | null;
  last_error: string | null;
}

/** An invitation as the accept routes read it. */
type AcceptableRow = InvitationRow & {
  user_uuid: string | null;
  failed_attempts: number;
  locked_until: Date | null;
};

/** The state an invitation shows: accepted, else expired, else its latest mail's. */
export function invitationStatus(
  r: Pick<InvitationRow, 'accepted' | 'expires' | 'mail_status'>,
  now = new Date(),
): InvitationStatus {
  if (r.accepted) return 'accepted';
  if (new Date(r.expires) <= now) return 'expired';
  return r.mail_status ?? 'queued';
}

function enrolmentRecord(enrolments: readonly StoredEnrolment[]): InvitationEnrolment {
  const out: InvitationEnrolment = {};
  for (const e of enrolments) out[e.mname] = e.role;
  return out;
}

function toAnswer(r: InvitationRow): InvitationAnswer {
  return {
    id: r.id,
    firstname: r.firstname,
    lastname: r.lastname,
    email: r.email,
    enrolment: enrolmentRecord(r.enrolment),
    locale: r.locale,
    created: iso(r.created),
    accepted: r.accepted ? iso(r.accepted) : null,
    with_oauth: r.with_oauth,
    expires: iso(r.expires),
    status: invitationStatus(r),
    last_error: r.accepted ? null : r.last_error,
    batch: r.batch,
  };
}

const SORT_SQL: Record<InvitationSortField, string> = {
  created: 'i.created',
  firstname: 'lower(i.firstname)',
  lastname: 'lower(i.lastname)',
  email: 'lower(i.email)',
  expires: 'i.expires',
  accepted: 'i.accepted',
};

export function parseInvitationSort(field: string): string {
  if (!(INVITATION_SORT_FIELDS as readonly string[]).includes(field)) {
    throw AppError.badRequest('MAILING.BAD_SORT', 'invalid sort field');
  }
  return SORT_SQL[field as InvitationSortField];
}

export interface InvitationFilters {
  accepted?: boolean;
  with_oauth?: boolean;
}

/** `accepted:{bool};with_oauth:{bool}` (either, both, in any order). */
export function parseInvitationFilters(fq: string | undefined): InvitationFilters {
  const out: InvitationFilters = {};
  if (fq === undefined || fq === '') return out;
  for (const part of fq.split(';')) {
    const m = /^(accepted|with_oauth):(true|false)$/.exec(part.trim());
    if (!m) throw AppError.badRequest('MAILING.BAD_FILTER', 'invalid filter');
    out[m[1] as keyof InvitationFilters] = m[2] === 'true';
  }
  return out;
}

export interface InvitationListQuery {
  page: number;
  sort: string;
  method: 'ASC' | 'DESC';
  query?: string;
  filters: InvitationFilters;
}

/** A mail row to write with an invitation (or an enrolment notice) in the batch's transaction. */
type Templates = Map<string, { subject: string; html: string; text: string }>;

/** A mail's subject, HTML and text parts from a template read by `templatesFor` (as the templates render it). */
function renderMail(
  templates: Templates,
  name: string,
  locale: UserLocale,
  values: ShortcodeValues,
): { subject: string; text: string; html: string | null } {
  const t = templates.get(`${name}:${locale}`);
  if (!t) throw new Error(`template ${name}:${locale} not loaded`);
  return renderParts(name, t, values);
}

/** An enrolment role as the enrolment notice names it, in the mail's language. */
const ROLE_NAMES: Record<UserLocale, Record<EnrolRole, string>> = {
  el: { expert: 'ειδικός', normal: 'συμμετέχων' },
  en: { expert: 'expert', normal: 'participant' },
};

interface NewMailRow {
  id: string;
  key: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

@Injectable()
export class InvitationsService {
  constructor(
    @InjectDataSource('mailing') private readonly ds: DataSource,
    private readonly peers: InvitationPeers,
    private readonly tickets: InvitationLoginTickets,
    private readonly templates: TemplateService,
    private readonly mail: MailService,
    @Inject(INVITATION_CONFIG) private readonly config: InvitationConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  // ------------------------------------------------------------------------------------------ validation

  /** The dry run: every row judged with three look-ups in all (categories, users, pending invitations). */
  async validate(rows: readonly Candidate[]): Promise<InvitationValidateAnswer> {
    const judged = await this.judge(rows);
    const values = judged.map((j) => j.report);
    const valid = values.filter((v) => v.valid).length;
    const invite = values.filter((v) => v.invite).length;
    return {
      values,
      summary: { rows: values.length, valid, invite, enrol: valid - invite, invalid: values.length - valid },
    };
  }

  private async judge(rows: readonly Candidate[]): Promise<Judged[]> {
    const needsCategories = rows.some((r) => r.enrolments.length > 0);
    // each address checked once
    const wellFormed = rows.map((r) => {
      const email = r.email.trim();
      return email.length <= MAX_EMAIL && emailSchema.safeParse(email).success;
    });
    const emails = [
      ...new Set(rows.filter((_r, i) => wellFormed[i]).map((r) => r.email.trim().toLowerCase())),
    ];
    const [categories, users, pending] = await Promise.all([
      needsCategories
        ? this.peers.categories()
        : Promise.resolve(new Map<string, { token: string; mname: string; title?: string }>()),
      this.peers.usersByEmail(emails),
      this.pendingInvitations(emails),
    ]);
    const seen = new Set<string>();
    return rows.map((r, i) => {
      const email = r.email.trim();
      const key = email.toLowerCase();
      const enrolments: StoredEnrolment[] = [];
      const record: InvitationEnrolment = {};
      let badRole = false;
      let unknownCategory = false;
      for (const e of r.enrolments) {
        const role = e.role.trim().toLowerCase();
        const category = categories.get(e.category.trim().toLowerCase());
        const mname = category?.mname ?? e.category.trim();
        if (!(ENROL_ROLES as readonly string[]).includes(role)) badRole = true;
        else record[mname] = role as EnrolRole;
        if (!category) unknownCategory = true;
        else if (!badRole)
          enrolments.push({
            category: category.token,
            mname,
            title: category.title,
            role: role as EnrolRole,
          });
      }
      let comment: InvitationRowComment | null = null;
      if (!r.firstname.trim() || !r.lastname.trim()) comment = 'MAILING.CSV_MISSING_NAME';
      else if (r.firstname.trim().length > MAX_NAME || r.lastname.trim().length > MAX_NAME)
        comment = 'MAILING.CSV_BAD_NAME';
      else if (!wellFormed[i]) comment = 'MAILING.CSV_BAD_EMAIL';
      else if (seen.has(key)) comment = 'MAILING.CSV_DUPLICATE';
      else if (badRole) comment = 'MAILING.CSV_BAD_ROLE';
      else if (unknownCategory) comment = 'MAILING.CSV_UNKNOWN_CATEGORY';
      if (wellFormed[i]) seen.add(key);
      const user = comment === null ? (users.get(key) ?? null) : null;
      if (comment === null && user) comment = 'MAILING.ALREADY_USER';
      else if (comment === null && pending.has(key)) comment = 'MAILING.ALREADY_INVITED';
      const valid = comment === null || comment === 'MAILING.ALREADY_USER';
      return {
        report: {
          line: r.line,
          firstname: r.firstname.trim(),
          lastname: r.lastname.trim(),
          email,
          enrolment: record,
          valid,
          invite: comment === null,
          comment,
        },
        // the last row of a category wins, as in `record`
        enrolments: [...new Map(enrolments.map((e) => [e.category, e])).values()],
        user,
      };
    });
  }

  /** Of these lower-cased addresses, those with an invitation neither accepted nor expired. */
  private async pendingInvitations(
    emails: readonly string[],
    m: EntityManager = this.ds.manager,
  ): Promise<Set<string>> {
    if (emails.length === 0) return new Set();
    const rows = await m.query<Array<{ email: string }>>(
      `SELECT DISTINCT lower(email) AS email FROM mailing.invitation
        WHERE accepted IS NULL AND expires > now() AND lower(email) = ANY($1::text[])`,
      [emails],
    );
    return new Set(rows.map((r) => r.email));
  }

  // ------------------------------------------------------------------------------------------ sending

  /**
   * Judges the rows again, enrols the existing users (accounts), then writes in ONE transaction the invitations,
   * their mails and the enrolment notices; the mails' jobs are added after the commit (decision 0005).
   */
  async send(
    body: {
      message: string;
      locale: UserLocale;
      rows: ReadonlyArray<{
        firstname: string;
        lastname: string;
        email: string;
        enrolment: InvitationEnrolment;
      }>;
    },
    withOAuth: boolean,
    caller: SessionUser,
  ): Promise<InvitationSendAnswer> {
    const candidates: Candidate[] = body.rows.map((r, i) => ({
      line: i + 1,
      firstname: r.firstname,
      lastname: r.lastname,
      email: r.email,
      enrolments: Object.entries(r.enrolment).map(([category, role]) => ({ category, role })),
    }));
    const judged = await this.judge(candidates);
    const invitees = judged.filter((j) => j.report.invite);
    // an existing user is enrolled and notified; with no category named there is nothing to do (skipped)
    const existing = judged.filter(
      (j) => j.report.valid && !j.report.invite && j.user && j.enrolments.length > 0,
    );
    const batch = randomUUID();
    const skipped = judged.length - invitees.length - existing.length;
    if (invitees.length === 0 && existing.length === 0) return { batch, invited: 0, enrolled: 0, skipped };

    const expires = new Date(Date.now() + this.config.ttlDays * 86_400_000);
    const mails: NewMailRow[] = [];
    const invitations: Array<{ id: string; hash: string; j: Judged; mailId: string }> = [];
    const userLocale = (u: ExistingUser): UserLocale => (u.locale === 'en' ? 'en' : 'el');
    const templates = await this.templatesFor([
      ...(invitees.length ? [['invitation', body.locale] as const] : []),
      ...existing.map((j) => ['enrolment', userLocale(j.user!)] as const),
    ]);
    for (const j of invitees) {
      const id = randomUUID();
      const token = newToken();
      const rendered = renderMail(templates, 'invitation', body.locale, {
        firstname: j.report.firstname,
        lastname: j.report.lastname,
        email: j.report.email,
        link: this.acceptLink(token),
        message: body.message,
      });
      const mailId = randomUUID();
      mails.push({ id: mailId, key: `invitation-${id}`, to: j.report.email, ...rendered });
      invitations.push({ id, hash: sha256(token), j, mailId });
    }
    for (const j of existing) {
      const user = j.user!;
      const locale = userLocale(user);
      const rendered = renderMail(templates, 'enrolment', locale, {
        firstname: user.firstname,
        lastname: user.lastname,
        email: user.email,
        category: j.enrolments.map((e) => e.title || e.mname).join(', '),
        role: [...new Set(j.enrolments.map((e) => ROLE_NAMES[locale][e.role]))].join(', '),
        link: `${this.config.publicUrl}/`,
        message: body.message,
      });
      mails.push({ id: randomUUID(), key: `enrolment-${batch}-${user.uuid}`, to: user.email, ...rendered });
    }

    // Existing users are enrolled by accounts first (idempotent: a retried batch enrols them again harmlessly);
    // a failure there writes nothing here.
    await this.peers.enrol({
      users: existing.map((j) => ({ uuid: j.user!.uuid, enrolments: j.enrolments.map(internalEnrolment) })),
    });
    await this.ds.transaction(async (m) => {
      await insertMails(m, mails);
      await m.query(
        `INSERT INTO mailing.invitation
           (id, token_hash, firstname, lastname, email, enrolment, mail_id,
            locale, message, with_oauth, batch, expires, created_by)
         SELECT t.*, $8, $9, $10::boolean, $11::uuid, $12::timestamptz, $13::uuid
           FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::jsonb[], $7::uuid[]) AS t`,
        [
          invitations.map((i) => i.id),
          invitations.map((i) => i.hash),
          invitations.map((i) => i.j.report.firstname),
          invitations.map((i) => i.j.report.lastname),
          invitations.map((i) => i.j.report.email),
          invitations.map((i) => JSON.stringify(i.j.enrolments)),
          invitations.map((i) => i.mailId),
          body.locale,
          body.message,
          withOAuth,
          batch,
          expires,
          caller.uuid,
        ],
      );
    });
    this.addJobsLater(mails.map((m) => m.id));
    this.logger.info(
      { batch, invited: invitations.length, enrolled: existing.length, skipped },
      'invitation batch queued',
    );
    return { batch, invited: invitations.length, enrolled: existing.length, skipped };
  }

  /**
   * Adds the committed mails' jobs without holding the answer (10,000 jobs take seconds): the mails are safe in
   * the outbox, and a job that is never added is added by the worker's sweep of mails left 'queued'.
   */
  private addJobsLater(ids: string[]): void {
    this.mail.addJobs(ids).catch((err: unknown) => this.logger.warn({ err }, 'mail jobs not added now'));
  }

  private acceptLink(token: string): string {
    return `${this.config.publicUrl}/invitation/accept/${token}`;
  }

  /** The templates a batch needs, each read once (name:locale -> texts). */
  private async templatesFor(wanted: ReadonlyArray<readonly [string, UserLocale]>): Promise<Templates> {
    const out: Templates = new Map();
    for (const [name, locale] of wanted) {
      const key = `${name}:${locale}`;
      if (out.has(key)) continue;
      const t = await this.templates.find(name, locale);
      out.set(key, { subject: t.subject, html: t.html, text: t.body });
    }
    return out;
  }

  // ------------------------------------------------------------------------------------------ list, progress

  async list(q: InvitationListQuery): Promise<InvitationsPageAnswer> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (q.query) {
      params.push(`%${q.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      const p = `$${params.length}`;
      where.push(`(i.firstname ILIKE ${p} OR i.lastname ILIKE ${p} OR i.email ILIKE ${p})`);
    }
    if (q.filters.accepted !== undefined) where.push(`i.accepted IS ${q.filters.accepted ? 'NOT ' : ''}NULL`);
    if (q.filters.with_oauth !== undefined) {
      params.push(q.filters.with_oauth);
      where.push(`i.with_oauth = $${params.length}`);
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [counted] = await this.ds.query<Array<{ total: number }>>(
      `SELECT count(*)::int AS total FROM mailing.invitation i ${clause}`,
      params,
    );
    const rows = await this.ds.query<InvitationRow[]>(
      `SELECT i.id, i.firstname, i.lastname, i.email, i.locale, i.message, i.enrolment, i.with_oauth, i.batch,
              i.created, i.expires, i.accepted, m.status AS mail_status, m.last_error
         FROM mailing.invitation i LEFT JOIN mailing.mail m ON m.id = i.mail_id
         ${clause}
        ORDER BY ${q.sort} ${q.method} NULLS LAST, i.id ${q.method}
        LIMIT ${PAGE_SIZE} OFFSET ${(q.page - 1) * PAGE_SIZE}`,
      params,
    );
    const total = counted?.total ?? 0;
    return { ...paged(rows.map(toAnswer), q.page, total), total };
  }

  async batch(batch: string): Promise<InvitationBatchAnswer> {
    const [row] = await this.ds.query<
      Array<{ total: number; queued: number; sent: number; failed: number; accepted: number }>
    >(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE m.status IN ('queued', 'sending') OR m.status IS NULL)::int AS queued,
              count(*) FILTER (WHERE m.status = 'sent')::int AS sent,
              count(*) FILTER (WHERE m.status IN ('failed', 'bounced', 'uncertain'))::int AS failed,
              count(*) FILTER (WHERE i.accepted IS NOT NULL)::int AS accepted
         FROM mailing.invitation i LEFT JOIN mailing.mail m ON m.id = i.mail_id
        WHERE i.batch = $1`,
      [batch],
    );
    if (!row || row.total === 0) throw notFound();
    return row;
  }

  // ------------------------------------------------------------------------------------------ resending

  /**
   * Mails an invitation again: a NEW mail row with a NEW link (only the link's hash is kept, so the old link
   * cannot be mailed again: it stops working) and a new expiry. An accepted invitation is 409.
   */
  async resendOne(id: string): Promise<number> {
    const [row] = await this.ds.query<Array<{ id: string; accepted: Date | null }>>(
      `SELECT id, accepted FROM mailing.invitation WHERE id = $1`,
      [id],
    );
    if (!row) throw notFound();
    if (row.accepted) throw AppError.conflict('MAILING.INVITATION_ACCEPTED', 'invitation already accepted');
    return this.reissue(`i.id = $1`, [id]);
  }

  /** Every invitation neither accepted nor expired, mailed again (see `resendOne`). */
  resendAll(): Promise<number> {
    return this.reissue(`i.accepted IS NULL AND i.expires > now()`, []);
  }

  private async reissue(condition: string, params: unknown[]): Promise<number> {
    const rows = await this.ds.query<
      Array<{
        id: string;
        firstname: string;
        lastname: string;
        email: string;
        locale: UserLocale;
        message: string;
      }>
    >(
      `SELECT i.id, i.firstname, i.lastname, i.email, i.locale, i.message FROM mailing.invitation i WHERE ${condition}`,
      params,
    );
    if (rows.length === 0) return 0;
    const expires = new Date(Date.now() + this.config.ttlDays * 86_400_000);
    const mails: NewMailRow[] = [];
    const hashes: string[] = [];
    const templates = await this.templatesFor(rows.map((r) => ['invitation', r.locale] as const));
    for (const r of rows) {
      const token = newToken();
      const rendered = renderMail(templates, 'invitation', r.locale, {
        firstname: r.firstname,
        lastname: r.lastname,
        email: r.email,
        link: this.acceptLink(token),
        message: r.message,
      });
      mails.push({ id: randomUUID(), key: `invitation-${r.id}-${randomUUID()}`, to: r.email, ...rendered });
      hashes.push(sha256(token));
    }
    await this.ds.transaction(async (m) => {
      await insertMails(m, mails);
      await m.query(
        `UPDATE mailing.invitation i SET token_hash = t.hash, mail_id = t.mail_id, expires = $4,
                failed_attempts = 0, locked_until = NULL
           FROM unnest($1::uuid[], $2::text[], $3::uuid[]) AS t(id, hash, mail_id)
          WHERE i.id = t.id AND i.accepted IS NULL`,
        [rows.map((r) => r.id), hashes, mails.map((x) => x.id), expires],
      );
    });
    this.addJobsLater(mails.map((x) => x.id));
    return rows.length;
  }

  // ------------------------------------------------------------------------------------------ accepting

  private async byToken(token: string): Promise<AcceptableRow | null> {
    if (!INVITATION_TOKEN.test(token)) return null;
    const [row] = await this.ds.query<AcceptableRow[]>(
      `SELECT i.*, NULL AS mail_status, NULL AS last_error FROM mailing.invitation i WHERE i.token_hash = $1`,
      [sha256(token)],
    );
    return row ?? null;
  }

  /** What the accept page shows (never the e-mail). */
  async describe(token: string): Promise<InvitationHashAnswer> {
    const row = await this.byToken(token);
    if (!row) throw notFound();
    let providers: InvitationHashAnswer['providers'] = [];
    if (row.with_oauth) {
      try {
        providers = await this.peers.providers();
      } catch (err) {
        this.logger.warn({ err }, 'the external logins could not be read');
      }
    }
    return {
      firstname: row.firstname,
      lastname: row.lastname,
      with_oauth: row.with_oauth,
      expired: !row.accepted && new Date(row.expires) <= new Date(),
      accepted: row.accepted !== null,
      providers,
    };
  }

  /**
   * Accepts: the e-mail must be the invited one (a wrong one counts towards the link's lock), then accounts creates
   * the user and its enrolments in one transaction, under the invitation's id as the user's uuid, so that a retry
   * after a failure of the second step (marking the invitation accepted) finds the same user and completes.
   */
  async accept(token: string, body: InvitationAcceptBody): Promise<InvitationAcceptAnswer> {
    const row = await this.openInvitation(token);
    await this.checkEmail(row, body.email);
    const password = body.password ?? null;
    if (password === null || password === '') {
      throw new AppError('MAILING.PASSWORD_REQUIRED', 400, 'password required', {
        field: 'password',
        rule: 'required',
      });
    }
    return this.complete(row, password, null);
  }

  /**
   * Accepts through an external login (decisions 0047, 0054), from accounts' login ticket: only an invitation sent
   * with OAuth, with the same checks and the same path as the accept page, the provider's (verified) e-mail
   * standing for the one typed there; accounts links the provider account to the new user in the transaction that
   * creates it. Answers where the browser goes next: accounts' completion with a session ticket, or the accept page
   * with the refusal's code (`?error=`).
   */
  async acceptExternal(token: string, ticket: string | undefined): Promise<string> {
    try {
      const claims = this.tickets.login(token, ticket);
      const row = await this.openInvitation(claims.token);
      if (!row.with_oauth) {
        throw new AppError('MAILING.INVITATION_NO_OAUTH', 403, 'invitation not sent for an external login');
      }
      await this.checkEmail(row, claims.email);
      const { provider, subject, email } = claims;
      const { uuid } = await this.complete(row, null, { provider, subject, email });
      return this.tickets.sessionRedirect({ token, provider, subject, user: uuid }, claims.nonce);
    } catch (err) {
      const code = err instanceof AppError ? err.code : 'INTERNAL';
      this.logger.warn({ code, err }, 'invitation not accepted by external login');
      return `/invitation/accept/${encodeURIComponent(token)}?error=${code}`;
    }
  }

  /** The invitation of a link that can still be accepted: known, not locked, not accepted, not expired. */
  private async openInvitation(token: string): Promise<AcceptableRow> {
    const row = await this.byToken(token);
    if (!row) throw notFound();
    if (row.locked_until && new Date(row.locked_until) > new Date()) {
      throw new AppError('MAILING.RATE_LIMITED', 429, 'too many attempts, try again later');
    }
    if (row.accepted) throw AppError.conflict('MAILING.INVITATION_ACCEPTED', 'invitation already accepted');
    if (new Date(row.expires) <= new Date()) {
      throw new AppError('MAILING.INVITATION_EXPIRED', 410, 'invitation expired');
    }
    return row;
  }

  /** 409 unless `email` is the invited one (case-insensitive); a wrong one counts towards the link's lock. */
  private async checkEmail(row: AcceptableRow, email: string): Promise<void> {
    if (email.trim().toLowerCase() === row.email.toLowerCase()) return;
    await this.ds.query(
      `UPDATE mailing.invitation
          SET failed_attempts = CASE WHEN failed_attempts + 1 >= $2 THEN 0 ELSE failed_attempts + 1 END,
              locked_until = CASE WHEN failed_attempts + 1 >= $2
                                  THEN now() + make_interval(mins => $3) ELSE locked_until END
        WHERE id = $1`,
      [row.id, MAX_ACCEPT_FAILURES, LOCK_MINUTES],
    );
    throw AppError.conflict('MAILING.INVITATION_EMAIL', 'email does not correspond to invitation');
  }

  /** The user from accounts (idempotent under the invitation's id), then the invitation marked accepted. */
  private async complete(
    row: AcceptableRow,
    password: string | null,
    external: InternalInvitationAcceptBody['external'],
  ): Promise<InvitationAcceptAnswer> {
    const { uuid, username } = await this.peers.accept({
      uuid: row.id,
      email: row.email,
      firstname: row.firstname,
      lastname: row.lastname,
      locale: row.locale,
      password,
      enrolments: row.enrolment.map(internalEnrolment),
      ...(external ? { external } : {}),
    });
    await this.ds.query(
      `UPDATE mailing.invitation SET accepted = now(), user_uuid = $2, failed_attempts = 0
        WHERE id = $1 AND accepted IS NULL`,
      [row.id, uuid],
    );
    this.logger.info({ invitation: row.id, user: uuid, external: external?.provider }, 'invitation accepted');
    return { uuid, username };
  }
}

function internalEnrolment(e: StoredEnrolment): InternalEnrolment {
  return { category: e.category, role: e.role };
}

async function insertMails(m: EntityManager, mails: readonly NewMailRow[]): Promise<void> {
  if (mails.length === 0) return;
  await m.query(
    `INSERT INTO mailing.mail (id, idempotency_key, to_address, subject, text_body, html_body)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])`,
    [
      mails.map((x) => x.id),
      mails.map((x) => x.key),
      mails.map((x) => x.to),
      mails.map((x) => x.subject),
      mails.map((x) => x.text),
      mails.map((x) => x.html),
    ],
  );
}
