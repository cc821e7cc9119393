import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Exactly once (decision 0048): every claim of a mail gets a fencing token (`claim`), and an attempt records
 * `data_end_at` before it lets the SMTP server see the end of the message's data. A row left 'sending' without
 * that mark cannot have been delivered and is sent again; with it, it becomes 'uncertain' as before. A permanent
 * refusal by the server becomes its own final state, 'bounced'.
 */
export class MailClaimFence1800500000000 implements MigrationInterface {
  name = 'MailClaimFence1800500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE mailing.mail ADD COLUMN claim uuid NULL, ADD COLUMN data_end_at timestamptz NULL`,
    );
    // A row left 'sending' by a worker of before may have reached the end of its data: it stays presumed
    // delivered (it becomes 'uncertain', as it would have), never sent again.
    await q.query(`UPDATE mailing.mail SET data_end_at = now() WHERE status = 'sending'`);
    await q.query(`ALTER TABLE mailing.mail DROP CONSTRAINT mail_status_check`);
    await q.query(
      `ALTER TABLE mailing.mail ADD CONSTRAINT mail_status_check
       CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'bounced', 'uncertain'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE mailing.mail DROP CONSTRAINT mail_status_check`);
    await q.query(`UPDATE mailing.mail SET status = 'failed' WHERE status = 'bounced'`);
    await q.query(
      `ALTER TABLE mailing.mail ADD CONSTRAINT mail_status_check
       CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'uncertain'))`,
    );
    await q.query(`ALTER TABLE mailing.mail DROP COLUMN data_end_at, DROP COLUMN claim`);
  }
}
