import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The requests for one's own data (docs/decisions/0088-account-deletion.md): every archive of one's data asked
 * for (`export`, the same id as its `my_data_archive` row) and every deletion of an account (`deletion`, by the
 * user themself or by an administrator), with their dates, state and counts, never their content. `user_uuid`
 * names the asker while the account exists and becomes NULL with its deletion; the rows are kept as long as the
 * audit log (AUDIT_RETENTION_DAYS).
 */
export class DataRequests1801500000000 implements MigrationInterface {
  name = 'DataRequests1801500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE accounts.data_request (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        kind text NOT NULL,
        requested_by text NOT NULL DEFAULT 'self',
        state text NOT NULL DEFAULT 'queued',
        requested timestamptz NOT NULL DEFAULT now(),
        finished timestamptz NULL,
        code text NULL,
        counts jsonb NOT NULL DEFAULT '{}'::jsonb,
        user_uuid uuid NULL REFERENCES accounts."user"(uuid) ON DELETE SET NULL,
        CONSTRAINT data_request_pkey PRIMARY KEY (id),
        CONSTRAINT data_request_kind_check CHECK (kind IN ('export', 'deletion')),
        CONSTRAINT data_request_by_check CHECK (requested_by IN ('self', 'admin')),
        CONSTRAINT data_request_state_check CHECK (state IN ('queued', 'running', 'done', 'failed'))
      )`);
    await q.query(`CREATE INDEX data_request_requested_idx ON accounts.data_request (requested DESC, id)`);
    await q.query(`CREATE INDEX data_request_user_idx ON accounts.data_request (user_uuid)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE accounts.data_request`);
  }
}
