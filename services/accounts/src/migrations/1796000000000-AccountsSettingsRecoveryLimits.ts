import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Site settings, password-recovery tokens and the attempt counters of the rate limits. */
export class AccountsSettingsRecoveryLimits1796000000000 implements MigrationInterface {
  name = 'AccountsSettingsRecoveryLimits1796000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE accounts.setting (
        key text PRIMARY KEY,
        value jsonb NOT NULL
      )`);
    await q.query(`
      CREATE TABLE accounts.recovery_token (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        token_hash text NOT NULL UNIQUE,
        user_uuid uuid NOT NULL REFERENCES accounts."user"(uuid) ON DELETE CASCADE,
        created timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`);
    await q.query(`CREATE INDEX recovery_token_user_idx ON accounts.recovery_token (user_uuid)`);
    await q.query(`CREATE INDEX recovery_token_expires_idx ON accounts.recovery_token (expires_at)`);
    await q.query(`
      CREATE TABLE accounts.rate_limit (
        key text PRIMARY KEY,
        window_start timestamptz NOT NULL,
        count integer NOT NULL
      )`);
    await q.query(`CREATE INDEX rate_limit_window_idx ON accounts.rate_limit (window_start)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE accounts.rate_limit`);
    await q.query(`DROP TABLE accounts.recovery_token`);
    await q.query(`DROP TABLE accounts.setting`);
  }
}
