import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppError, AuditLog, LOGGER, type AuditActor } from '@agora/common';
import type { InvitationCancelAnswer } from '@agora/contracts/api';
import type { DataSource, EntityManager } from 'typeorm';
import type { Logger } from '../logger.js';
import { MailService } from '../mail/mail.service.js';
import { notFound } from './rows.js';

export const accepted = () => AppError.conflict('MAILING.INVITATION_ACCEPTED', 'invitation already accepted');

/**
 * The mails of invitation `id` not yet handed to the SMTP server become 'cancelled': the worker never claims them
 * (decisions 0064, 0079). These are the mails 'queued', 'failed' and waiting for a retry, and 'sending' before
 * their end of data: clearing such a row's token fences its attempt out (it may not end the data, records no
 * failure, so no retry sends it). Its mails are the one of its batch (`invitation-<id>`) and those of its resends
 * (`invitation-<id>-<uuid>`). Answers their ids.
 */
export async function withdrawMails(m: EntityManager, id: string): Promise<string[]> {
  const [rows] = await m.query<[Array<{ id: string }>, number]>(
    `UPDATE mailing.mail SET status = 'cancelled', last_error = NULL, claim = NULL
      WHERE (status IN ('queued', 'failed') OR (status = 'sending' AND data_end_at IS NULL))
        AND (idempotency_key = 'invitation-' || $1 OR starts_with(idempotency_key, 'invitation-' || $1 || '-'))
      RETURNING id::text`,
    [id],
  );
  return rows.map((r) => r.id);
}

/** Invitations withdrawn (their link refused, their unsent mails withdrawn) and deleted. */
@Injectable()
export class InvitationWithdrawal {
  constructor(
    @InjectDataSource('mailing') private readonly ds: DataSource,
    private readonly mail: MailService,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly audit: AuditLog,
  ) {}

  /**
   * Withdraws an invitation not accepted: from now on its link is refused (410 MAILING.INVITATION_CANCELLED) and
   * its mails not yet sent never go out, in one transaction. Withdrawing it again answers the same; an accepted
   * one is 409 MAILING.INVITATION_ACCEPTED, an unknown one 404. The withdrawal is recorded in the audit log
   * (`invitations.withdraw`), once.
   */
  async cancel(actor: AuditActor, id: string): Promise<InvitationCancelAnswer> {
    const answer = await this.ds.transaction(async (m) => {
      const [before] = await m.query<Array<{ cancelled: Date | null }>>(
        `SELECT cancelled FROM mailing.invitation WHERE id = $1 FOR UPDATE`,
        [id],
      );
      const [rows] = await m.query<[Array<{ cancelled: Date }>, number]>(
        `UPDATE mailing.invitation SET cancelled = coalesce(cancelled, now())
          WHERE id = $1 AND accepted IS NULL RETURNING cancelled`,
        [id],
      );
      const row = rows[0];
      if (!row) throw await this.refusal(m, id);
      const mails = await withdrawMails(m, id);
      this.logger.info({ invitation: id, mails: mails.length }, 'invitation withdrawn');
      const cancelled = new Date(row.cancelled).toISOString();
      if (before?.cancelled === null) {
        await this.audit.record(m, actor, {
          action: 'invitations.withdraw',
          object: { type: 'invitation', id },
          before: { cancelled: null },
          after: { cancelled },
          detail: { withdrawn_mails: mails.length },
        });
      }
      return { id, cancelled, mails };
    });
    await this.mail.removeWaitingJobs(answer.mails);
    return { id: answer.id, cancelled: answer.cancelled, withdrawn_mails: answer.mails.length };
  }

  /**
   * Deletes an invitation not accepted (an accepted one stays: it is how its account came to be): it leaves the
   * list, its link is unknown from then on, and its mails not yet sent never go out, in one transaction with its
   * audit entry (`invitations.delete`, the invitation as it was).
   */
  async remove(actor: AuditActor, id: string): Promise<void> {
    const mails = await this.ds.transaction(async (m) => {
      const [rows] = await m.query<
        [
          Array<{
            email: string;
            firstname: string;
            lastname: string;
            batch: string;
            cancelled: Date | null;
          }>,
          number,
        ]
      >(
        `DELETE FROM mailing.invitation WHERE id = $1 AND accepted IS NULL
         RETURNING email, firstname, lastname, batch::text, cancelled`,
        [id],
      );
      if (rows.length === 0) throw await this.refusal(m, id);
      const withdrawn = await withdrawMails(m, id);
      this.logger.info({ invitation: id, mails: withdrawn.length }, 'invitation deleted');
      await this.audit.record(m, actor, {
        action: 'invitations.delete',
        object: { type: 'invitation', id },
        before: rows[0]!,
        detail: { withdrawn_mails: withdrawn.length },
      });
      return withdrawn;
    });
    await this.mail.removeWaitingJobs(mails);
  }

  /** Why an invitation could not be withdrawn or deleted: accepted, or unknown. */
  private async refusal(m: EntityManager, id: string): Promise<AppError> {
    const [row] = await m.query<Array<{ id: string }>>(`SELECT id FROM mailing.invitation WHERE id = $1`, [
      id,
    ]);
    return row ? accepted() : notFound();
  }
}
