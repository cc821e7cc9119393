import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A project's retention of the answers' personal links (docs/decisions/0089-answer-retention.md): the days after
 * its end date at which its answers are detached from the people who gave them (null: kept until the account is
 * deleted), and when that was done (cleared when the end date or the retention changes).
 */
export class ProjectRetention1801600000000 implements MigrationInterface {
  name = 'ProjectRetention1801600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE "consultation"."project"
        ADD COLUMN "retention_days" integer NULL
          CONSTRAINT "project_retention_days_check" CHECK ("retention_days" BETWEEN 1 AND 3650),
        ADD COLUMN "personal_links_removed_at" timestamptz NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE "consultation"."project" DROP COLUMN "personal_links_removed_at", DROP COLUMN "retention_days"`);
  }
}
