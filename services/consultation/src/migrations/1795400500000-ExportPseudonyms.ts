import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The secret salt of each project's respondent pseudonyms in exports (docs/decisions/0040-exports.md): 32 random
 * bytes per project (two `gen_random_uuid()`, drawn from the server's strong random source), never shown. The
 * pseudonym of a respondent is a hash of the salt and their user id: stable within the project, different in
 * another, and not reversible without the salt.
 */
export class ExportPseudonyms1795400500000 implements MigrationInterface {
  name = 'ExportPseudonyms1795400500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE "consultation"."project" ADD COLUMN "export_salt" bytea NOT NULL
        DEFAULT (uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "consultation"."project" DROP COLUMN "export_salt"`);
  }
}
