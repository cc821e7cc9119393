import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { RateLimitedError } from '../errors/accounts-errors.js';

export interface Limit {
  /** Counter key, e.g. `login:user:maria`. */
  key: string;
  max: number;
  windowMs: number;
}

/** The limits of the spec's sensitive calls (DESIGN §4: login and recovery are rate-limited). */
export const LIMITS = {
  loginPerUser: (username: string): Limit => ({
    key: `login:user:${username.trim().toLowerCase()}`,
    max: 10,
    windowMs: 15 * 60_000,
  }),
  loginPerAddress: (ip: string): Limit => ({ key: `login:ip:${ip}`, max: 30, windowMs: 15 * 60_000 }),
  recoveryPerUser: (username: string): Limit => ({
    key: `recovery:user:${username.trim().toLowerCase()}`,
    max: 5,
    windowMs: 60 * 60_000,
  }),
  recoveryPerAddress: (ip: string): Limit => ({ key: `recovery:ip:${ip}`, max: 5, windowMs: 60 * 60_000 }),
};

/** The longest window: counters older than this are dead. */
export const LONGEST_WINDOW_MS = 60 * 60_000;

interface CounterRow {
  count: number;
  retry_ms: string | number;
}

/**
 * Fixed-window counters in Postgres (`accounts.rate_limit`): shared by every replica and working on the embedded
 * database. Each `hit` is one atomic upsert.
 */
@Injectable()
export class RateLimitService {
  constructor(@InjectDataSource('accounts') private readonly ds: DataSource) {}

  /** Throws 429 when a counter has reached its maximum in the current window (does not count). */
  async assertBelow(limits: Limit[]): Promise<void> {
    for (const l of limits) {
      const rows = (await this.ds.query(
        `SELECT count,
                ceil(extract(epoch FROM (window_start + $2::double precision * interval '1 millisecond' - now())) * 1000) AS retry_ms
           FROM accounts.rate_limit
          WHERE key = $1 AND window_start > now() - $2::double precision * interval '1 millisecond'`,
        [l.key, l.windowMs],
      )) as CounterRow[];
      const row = rows[0];
      if (row && row.count >= l.max) throw new RateLimitedError(retrySeconds(row));
    }
  }

  /** Counts one attempt on each counter (a new window when the old one is over). */
  async hit(limits: Limit[]): Promise<Array<{ limit: Limit; count: number; retryAfterSeconds: number }>> {
    const out: Array<{ limit: Limit; count: number; retryAfterSeconds: number }> = [];
    for (const l of limits) {
      const rows = (await this.ds.query(
        `INSERT INTO accounts.rate_limit AS r (key, window_start, count) VALUES ($1, now(), 1)
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN r.window_start <= now() - $2::double precision * interval '1 millisecond' THEN 1 ELSE r.count + 1 END,
           window_start = CASE WHEN r.window_start <= now() - $2::double precision * interval '1 millisecond'
                               THEN now() ELSE r.window_start END
         RETURNING count,
           ceil(extract(epoch FROM (window_start + $2::double precision * interval '1 millisecond' - now())) * 1000) AS retry_ms`,
        [l.key, l.windowMs],
      )) as CounterRow[];
      const row = rows[0]!;
      out.push({ limit: l, count: row.count, retryAfterSeconds: retrySeconds(row) });
    }
    return out;
  }

  /** Counts one attempt and throws 429 if that attempt is over a maximum. */
  async consume(limits: Limit[]): Promise<void> {
    const results = await this.hit(limits);
    const over = results.filter((r) => r.count > r.limit.max);
    if (over.length) throw new RateLimitedError(Math.max(...over.map((r) => r.retryAfterSeconds)));
  }

  async clear(limit: Limit): Promise<void> {
    await this.ds.query(`DELETE FROM accounts.rate_limit WHERE key = $1`, [limit.key]);
  }

  async purgeOld(): Promise<number> {
    const res = (await this.ds.query(
      `DELETE FROM accounts.rate_limit WHERE window_start < now() - $1::double precision * interval '1 millisecond'`,
      [LONGEST_WINDOW_MS],
    )) as [unknown, number];
    return res[1] ?? 0;
  }
}

function retrySeconds(row: CounterRow): number {
  return Math.max(1, Math.ceil(Number(row.retry_ms) / 1000));
}
