import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The mail of a project's published results (docs/decisions/0090-results-mail.md): the user's opt-in
 * (`results_mail`, off unless the user turns it on), the projects already announced (each once, whatever the
 * number of runs or replicas) and the announcer's start: its first run only notes the projects already public
 * then, without mail, so that an upgrade does not mail about results published long before.
 */
export class ResultsMail1801700000000 implements MigrationInterface {
  name = 'ResultsMail1801700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE accounts."user" ADD COLUMN results_mail boolean NOT NULL DEFAULT false`);
    await q.query(`
      CREATE TABLE accounts.results_announcement (
        project uuid NOT NULL,
        public_date date NOT NULL,
        announced timestamptz NOT NULL DEFAULT now(),
        recipients integer NOT NULL DEFAULT 0,
        baseline boolean NOT NULL DEFAULT false,
        CONSTRAINT results_announcement_pkey PRIMARY KEY (project),
        CONSTRAINT results_announcement_recipients_check CHECK (recipients >= 0)
      )`);
    await q.query(`
      CREATE TABLE accounts.results_announcer (
        id smallint NOT NULL DEFAULT 1,
        started timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT results_announcer_pkey PRIMARY KEY (id),
        CONSTRAINT results_announcer_one_check CHECK (id = 1)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE accounts.results_announcer`);
    await q.query(`DROP TABLE accounts.results_announcement`);
    await q.query(`ALTER TABLE accounts."user" DROP COLUMN results_mail`);
  }
}
