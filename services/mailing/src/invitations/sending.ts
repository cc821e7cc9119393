import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AuditLog, LOGGER, type AuditActor } from '@agora/common';
import type { SessionUser } from '@agora/contracts';
import type { InvitationEnrolment, InvitationSendAnswer, UserLocale } from '@agora/contracts/api';
import type { DataSource } from 'typeorm';
import type { InvitationConfig } from '../config.js';
import type { Logger } from '../logger.js';
import { InvitationDryRun, type Candidate, type Judged } from './dry-run.js';
import { INVITATION_CONFIG } from './invitation.tokens.js';
import { insertMails, InvitationMails, renderMail, ROLE_NAMES, type NewMailRow } from './mails.js';
import { InvitationPeers, type ExistingUser } from './peers.js';
import { internalEnrolment, newToken, sha256 } from './rows.js';

/** A batch sent: its invitations and their mails, the existing users enrolled and notified. */
@Injectable()
export class InvitationSending {
  constructor(
    @InjectDataSource('mailing') private readonly ds: DataSource,
    private readonly dryRun: InvitationDryRun,
    private readonly peers: InvitationPeers,
    private readonly mailer: InvitationMails,
    @Inject(INVITATION_CONFIG) private readonly config: InvitationConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly audit: AuditLog,
  ) {}

  /**
   * Judges the rows again, enrols the existing users (accounts), then writes in ONE transaction the invitations,
   * their mails, the enrolment notices and the batch's audit entry (`invitations.send`: who was invited, who was
   * enrolled); the mails' jobs are added after the commit (decision 0005).
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
    actor: AuditActor,
  ): Promise<InvitationSendAnswer> {
    const candidates: Candidate[] = body.rows.map((r, i) => ({
      line: i + 1,
      firstname: r.firstname,
      lastname: r.lastname,
      email: r.email,
      enrolments: Object.entries(r.enrolment).map(([category, role]) => ({ category, role })),
    }));
    const judged = await this.dryRun.judge(candidates);
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
    const templates = await this.mailer.templatesFor([
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
        link: this.mailer.acceptLink(token),
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
      await this.audit.record(m, actor, {
        action: 'invitations.send',
        object: { type: 'invitation_batch', id: batch },
        after: {
          invitations: invitations.map((i) => ({
            id: i.id,
            email: i.j.report.email,
            firstname: i.j.report.firstname,
            lastname: i.j.report.lastname,
            enrolments: i.j.enrolments.map(internalEnrolment),
          })),
          enrolled: existing.map((j) => ({
            uuid: j.user!.uuid,
            enrolments: j.enrolments.map(internalEnrolment),
          })),
        },
        detail: { with_oauth: withOAuth, locale: body.locale, message: body.message, skipped },
      });
    });
    this.mailer.addJobsLater(mails.map((m) => m.id));
    this.logger.info(
      { batch, invited: invitations.length, enrolled: existing.length, skipped },
      'invitation batch queued',
    );
    return { batch, invited: invitations.length, enrolled: existing.length, skipped };
  }
}
