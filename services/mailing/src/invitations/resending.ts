import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppError, AuditLog, type AuditActor } from '@agora/common';
import type { DataSource } from 'typeorm';
import type { InvitationConfig } from '../config.js';
import { INVITATION_CONFIG } from './invitation.tokens.js';
import { insertMails, InvitationMails, renderMail, type NewMailRow } from './mails.js';
import { newToken, notFound, sha256, type InvitationRow } from './rows.js';

/** Invitations mailed again, each with a new link. */
@Injectable()
export class InvitationResending {
  constructor(
    @InjectDataSource('mailing') private readonly ds: DataSource,
    private readonly mailer: InvitationMails,
    @Inject(INVITATION_CONFIG) private readonly config: InvitationConfig,
    private readonly audit: AuditLog,
  ) {}

  /**
   * Mails an invitation again: a NEW mail row with a NEW link (only the link's hash is kept, so the old link
   * cannot be mailed again: it stops working) and a new expiry. An accepted invitation is 409. The invitations
   * mailed again are recorded in the audit log (`invitations.resend`), with the new mail's transaction.
   */
  async resendOne(actor: AuditActor, id: string): Promise<number> {
    const [row] = await this.ds.query<Array<{ id: string; accepted: Date | null; cancelled: Date | null }>>(
      `SELECT id, accepted, cancelled FROM mailing.invitation WHERE id = $1`,
      [id],
    );
    if (!row) throw notFound();
    if (row.accepted) throw AppError.conflict('MAILING.INVITATION_ACCEPTED', 'invitation already accepted');
    if (row.cancelled) {
      throw AppError.conflict('MAILING.INVITATION_CANCELLED', 'invitation withdrawn: send a new one instead');
    }
    return this.reissue(actor, { type: 'invitation', id }, `i.id = $1`, [id]);
  }

  /** Every invitation neither accepted, withdrawn nor expired, mailed again (see `resendOne`). */
  resendAll(actor: AuditActor): Promise<number> {
    return this.reissue(
      actor,
      { type: 'invitation' },
      `i.accepted IS NULL AND i.cancelled IS NULL AND i.expires > now()`,
      [],
    );
  }

  private async reissue(
    actor: AuditActor,
    object: { type: string; id?: string },
    condition: string,
    params: unknown[],
  ): Promise<number> {
    const rows = await this.ds.query<
      Array<Pick<InvitationRow, 'id' | 'firstname' | 'lastname' | 'email' | 'locale' | 'message'>>
    >(
      `SELECT i.id, i.firstname, i.lastname, i.email, i.locale, i.message FROM mailing.invitation i WHERE ${condition}`,
      params,
    );
    if (rows.length === 0) return 0;
    const expires = new Date(Date.now() + this.config.ttlDays * 86_400_000);
    const mails: NewMailRow[] = [];
    const hashes: string[] = [];
    const templates = await this.mailer.templatesFor(rows.map((r) => ['invitation', r.locale] as const));
    for (const r of rows) {
      const token = newToken();
      const rendered = renderMail(templates, 'invitation', r.locale, {
        firstname: r.firstname,
        lastname: r.lastname,
        email: r.email,
        link: this.mailer.acceptLink(token),
        message: r.message,
      });
      mails.push({ id: randomUUID(), key: `invitation-${r.id}-${randomUUID()}`, to: r.email, ...rendered });
      hashes.push(sha256(token));
    }
    const reissued = await this.ds.transaction(async (m) => {
      await insertMails(m, mails);
      const [updated] = await m.query<[Array<{ mail_id: string }>, number]>(
        `UPDATE mailing.invitation i SET token_hash = t.hash, mail_id = t.mail_id, expires = $4,
                failed_attempts = 0, locked_until = NULL
           FROM unnest($1::uuid[], $2::text[], $3::uuid[]) AS t(id, hash, mail_id)
          WHERE i.id = t.id AND i.accepted IS NULL AND i.cancelled IS NULL
          RETURNING i.mail_id::text`,
        [rows.map((r) => r.id), hashes, mails.map((x) => x.id), expires],
      );
      // an invitation accepted or withdrawn meanwhile: its new mail never goes out
      const kept = new Set(updated.map((u) => u.mail_id));
      const dropped = mails.filter((x) => !kept.has(x.id)).map((x) => x.id);
      if (dropped.length > 0) {
        await m.query(`UPDATE mailing.mail SET status = 'cancelled' WHERE id = ANY($1::uuid[])`, [dropped]);
      }
      const resent = rows.filter((_, i) => kept.has(mails[i]!.id));
      if (resent.length > 0) {
        await this.audit.record(m, actor, {
          action: 'invitations.resend',
          object,
          after: { invitations: resent.map((r) => ({ id: r.id, email: r.email })), expires },
        });
      }
      return mails.filter((x) => kept.has(x.id)).map((x) => x.id);
    });
    this.mailer.addJobsLater(reissued);
    return reissued.length;
  }
}
