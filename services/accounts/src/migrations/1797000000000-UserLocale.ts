import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The language of a user's account mails (docs/decisions/0010-user-locale.md). */
export class UserLocale1797000000000 implements MigrationInterface {
  name = 'UserLocale1797000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE accounts."user" ADD COLUMN locale text NOT NULL DEFAULT 'el'
         CONSTRAINT user_locale_check CHECK (locale IN ('el', 'en'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE accounts."user" DROP COLUMN locale`);
  }
}
