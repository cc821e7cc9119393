import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The counters of the rate limits move to the table layout of `rate-limiter-flexible`'s Postgres store (one row
 * per key: points and the expiry in epoch milliseconds); the old fixed-window counters are dropped (they only
 * live for an hour). docs/decisions/0023-login-rate-limits.md
 */
export class RateLimiter1798000000000 implements MigrationInterface {
  name = 'RateLimiter1798000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE accounts.rate_limit`);
    await q.query(`
      CREATE TABLE accounts.rate_limiter (
        key varchar(255) PRIMARY KEY,
        points integer NOT NULL DEFAULT 0,
        expire bigint
      )`);
    await q.query(`CREATE INDEX rate_limiter_expire_idx ON accounts.rate_limiter (expire)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE accounts.rate_limiter`);
    await q.query(`
      CREATE TABLE accounts.rate_limit (
        key text PRIMARY KEY,
        window_start timestamptz NOT NULL,
        count integer NOT NULL
      )`);
    await q.query(`CREATE INDEX rate_limit_window_idx ON accounts.rate_limit (window_start)`);
  }
}
