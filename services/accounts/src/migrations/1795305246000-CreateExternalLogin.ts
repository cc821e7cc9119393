import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateExternalLogin1795305246000 implements MigrationInterface {
  name = 'CreateExternalLogin1795305246000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE accounts.oauth_request (
        state_hash text PRIMARY KEY,
        provider text NOT NULL CHECK (provider IN ('open', 'google', 'facebook')),
        verifier text NOT NULL,
        nonce text NOT NULL,
        referrer text,
        created timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX oauth_request_expires_idx ON accounts.oauth_request (expires_at)`);
    await q.query(`
      CREATE TABLE accounts.external_identity (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_uuid uuid NOT NULL REFERENCES accounts."user"(uuid) ON DELETE CASCADE,
        provider text NOT NULL CHECK (provider IN ('open', 'google', 'facebook')),
        subject text NOT NULL,
        email text,
        created timestamptz NOT NULL DEFAULT now(),
        last_login timestamptz,
        CONSTRAINT external_identity_provider_subject_key UNIQUE (provider, subject)
      )`);
    await q.query(`CREATE INDEX external_identity_user_idx ON accounts.external_identity (user_uuid)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE accounts.external_identity`);
    await q.query(`DROP TABLE accounts.oauth_request`);
  }
}
