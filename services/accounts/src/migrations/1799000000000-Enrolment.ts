import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Enrolments of users in consultation categories, kept with the accounts so that the session user carries them
 * (docs/decisions/0035-enrolments-in-identity.md).
 */
export class Enrolment1799000000000 implements MigrationInterface {
  name = 'Enrolment1799000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE accounts.enrolment (
        category uuid NOT NULL,
        user_uuid uuid NOT NULL,
        role text NOT NULL CONSTRAINT enrolment_role_check CHECK (role IN ('expert', 'normal')),
        created timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT enrolment_pkey PRIMARY KEY (category, user_uuid),
        CONSTRAINT enrolment_user_fkey FOREIGN KEY (user_uuid)
          REFERENCES accounts."user" (uuid) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX enrolment_user_idx ON accounts.enrolment (user_uuid)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE accounts.enrolment`);
  }
}
