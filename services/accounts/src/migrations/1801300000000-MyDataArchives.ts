import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A citizen's requests for an archive of their own data, and the archives (docs/decisions/0086-my-data-archive.md):
 * one running request per user; the archive itself is a file of the file store's private area (`my-data/<id>`),
 * owned by the row's user, whose key the row keeps for a day.
 */
export class MyDataArchives1801300000000 implements MigrationInterface {
  name = 'MyDataArchives1801300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE accounts.my_data_archive (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        user_uuid uuid NOT NULL REFERENCES accounts."user"(uuid) ON DELETE CASCADE,
        state text NOT NULL DEFAULT 'queued',
        percent integer NOT NULL DEFAULT 0,
        code text NULL,
        storage_key text NULL,
        size bigint NULL,
        created timestamptz NOT NULL DEFAULT now(),
        finished timestamptz NULL,
        CONSTRAINT my_data_archive_pkey PRIMARY KEY (id),
        CONSTRAINT my_data_archive_state_check CHECK (state IN ('queued', 'running', 'done', 'failed')),
        CONSTRAINT my_data_archive_percent_check CHECK (percent BETWEEN 0 AND 100),
        CONSTRAINT my_data_archive_done_check CHECK ((state = 'done') = (storage_key IS NOT NULL AND size IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX my_data_archive_user_idx ON accounts.my_data_archive (user_uuid, created)`);
    // one request at a time per user: a second one while the first is queued or runs is refused by the index
    await q.query(
      `CREATE UNIQUE INDEX my_data_archive_running_key ON accounts.my_data_archive (user_uuid)
        WHERE state IN ('queued', 'running')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE accounts.my_data_archive`);
  }
}
