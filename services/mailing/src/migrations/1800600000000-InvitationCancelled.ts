import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Withdrawn invitations (decision 0064): `cancelled` is when an administrator withdrew the invitation (its link is
 * then refused); an accepted invitation cannot be withdrawn. The invitation's mails not yet handed to the SMTP
 * server become 'cancelled', a final state the worker never claims.
 */
export class InvitationCancelled1800600000000 implements MigrationInterface {
  name = 'InvitationCancelled1800600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE mailing.invitation ADD COLUMN cancelled timestamptz NULL,
         ADD CONSTRAINT invitation_cancelled_check CHECK (accepted IS NULL OR cancelled IS NULL)`,
    );
    await q.query(`ALTER TABLE mailing.mail DROP CONSTRAINT mail_status_check`);
    await q.query(
      `ALTER TABLE mailing.mail ADD CONSTRAINT mail_status_check
       CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'bounced', 'uncertain', 'cancelled'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE mailing.mail DROP CONSTRAINT mail_status_check`);
    // a withdrawn mail must still never go out: 'bounced' is the final state of before that is never sent
    await q.query(
      `UPDATE mailing.mail SET status = 'bounced', last_error = coalesce(last_error, 'withdrawn')
        WHERE status = 'cancelled'`,
    );
    await q.query(
      `ALTER TABLE mailing.mail ADD CONSTRAINT mail_status_check
       CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'bounced', 'uncertain'))`,
    );
    await q.query(
      `ALTER TABLE mailing.invitation DROP CONSTRAINT invitation_cancelled_check, DROP COLUMN cancelled`,
    );
  }
}
