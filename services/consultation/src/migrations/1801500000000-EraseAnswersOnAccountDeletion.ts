import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A project's setting for a deleted account's answers (docs/decisions/0088-account-deletion.md): false (the
 * default) keeps them, detached from the person, in the statistics; true deletes them with the account.
 */
export class EraseAnswersOnAccountDeletion1801500000000 implements MigrationInterface {
  name = 'EraseAnswersOnAccountDeletion1801500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE "consultation"."project"
        ADD COLUMN "erase_answers_on_account_deletion" boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "consultation"."project" DROP COLUMN "erase_answers_on_account_deletion"`);
  }
}
