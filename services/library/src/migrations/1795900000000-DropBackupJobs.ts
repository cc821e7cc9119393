import type { MigrationInterface, QueryRunner } from 'typeorm';
import { BackupJobs1795700000000 } from './1795700000000-BackupJobs.js';

/**
 * Backup jobs are queued jobs now (the `backups` queue, in Redis or in the queue schema): their own table goes.
 * `down` makes it again, empty, as the migration that made it did.
 */
export class DropBackupJobs1795900000000 implements MigrationInterface {
  name = 'DropBackupJobs1795900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "library"."backup_job"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await new BackupJobs1795700000000().up(q);
  }
}
