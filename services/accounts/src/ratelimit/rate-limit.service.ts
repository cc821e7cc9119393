import { createHash } from 'node:crypto';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { INFRA, LOGGER, type Infra } from '@agora/common';
import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from 'pino';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { DataSource } from 'typeorm';
import { RateLimitedError } from '../errors/accounts-errors.js';

/** One limit: at most `points` attempts per key in `durationSec`; over it, refused for `blockSec` (or the rest of the window). */
export interface Policy {
  /** Key prefix of the counters. */
  name: string;
  points: number;
  durationSec: number;
  blockSec?: number;
}

/** The limits of the sensitive calls (docs/decisions/0023-login-rate-limits.md). */
export const POLICIES = {
  /** Consecutive failed logins of one account from one address: a success forgets them. */
  loginByAccountAndAddress: { name: 'login_aa', points: 10, durationSec: 3600, blockSec: 900 },
  /** Failed logins from one address, whatever the accounts (slow brute force). */
  loginByAddress: { name: 'login_a', points: 100, durationSec: 86_400, blockSec: 86_400 },
  /** Failed "current password" checks of the own profile (password change). */
  currentPassword: { name: 'pw_current', points: 10, durationSec: 3600, blockSec: 900 },
  recoveryByAccount: { name: 'recovery_u', points: 5, durationSec: 3600 },
  recoveryByAddress: { name: 'recovery_a', points: 5, durationSec: 3600 },
  /** Anonymous `checkIfExists` lookups (user enumeration): a short burst and a daily ceiling per address. */
  existsByAddress: { name: 'exists_a', points: 30, durationSec: 60 },
  existsByAddressDaily: { name: 'exists_ad', points: 1000, durationSec: 86_400 },
} satisfies Record<string, Policy>;

/** What is done with a counter when the guarded check succeeds. */
export type OnSuccess = 'forget' | 'refund';

export interface Guarded {
  policy: Policy;
  key: string;
  onSuccess: OnSuccess;
}

/** The counter key of an account (user names compare case-insensitively). */
export function accountKey(username: string): string {
  return username.trim().toLowerCase();
}

/** A client address; requests without one share a single counter. */
export function addressKey(ip: string | null | undefined): string {
  return ip || 'unknown';
}

/** The key of an account's consecutive failed logins from one address. */
export function loginKey(username: string, ip: string | null | undefined): string {
  return `${accountKey(username)}@${addressKey(ip)}`;
}

/** Keys stay within the store's 255 characters: long ones are replaced by their hash. */
function storeKey(key: string): string {
  return key.length <= 200 ? key : createHash('sha256').update(key).digest('hex');
}

const TABLE = 'rate_limiter';

/**
 * Atomic counters (`rate-limiter-flexible`): in Redis when the service has one (shared by every replica), else in
 * `accounts.rate_limiter` through the service's own Postgres connection (on the embedded database that is the one
 * shared connection: no second one is opened). An attempt is counted BEFORE it is checked, so that concurrent
 * attempts cannot pass a limit: the count and the decision are one statement.
 */
@Injectable()
export class RateLimitService implements OnApplicationShutdown {
  private readonly redis: Redis | undefined;
  private readonly limiters = new Map<string, RateLimiterAbstract>();
  private readonly prefix: string;

  constructor(
    @InjectDataSource('accounts') private readonly ds: DataSource,
    @Inject(INFRA) infra: Infra,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.prefix = infra.queueBackend === 'redis' ? `${infra.queuePrefix}:rl:` : '';
    if (infra.queueBackend === 'redis') {
      this.redis = new Redis({ ...(infra.bullConnection as RedisOptions), maxRetriesPerRequest: 2 });
      this.redis.on('error', (err: Error) =>
        logger.warn({ err: err.message }, 'rate-limit Redis connection'),
      );
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis?.quit().catch(() => undefined);
  }

  /** Counts one attempt; 429 (with the seconds to wait) when it is over the limit. */
  async consume(policy: Policy, key: string): Promise<void> {
    try {
      await this.limiter(policy).consume(storeKey(key));
    } catch (e) {
      throw asRateLimited(policy, e);
    }
  }

  /**
   * Counts one attempt on every counter (all or none), runs the check, and when the check succeeds forgets or
   * refunds the counters: a failed check stays counted. At most `points` checks per key ever run, however many
   * requests arrive at once.
   */
  async guard<T>(counters: Guarded[], check: () => Promise<T>): Promise<T> {
    const counted: Guarded[] = [];
    try {
      for (const c of counters) {
        await this.consume(c.policy, c.key);
        counted.push(c);
      }
    } catch (e) {
      // the attempt is refused: it does not count against the counters it passed
      await Promise.all(counted.map((c) => this.refund(c.policy, c.key)));
      throw e;
    }
    const result = await check();
    await Promise.all(
      counters.map((c) =>
        c.onSuccess === 'forget' ? this.forget(c.policy, c.key) : this.refund(c.policy, c.key),
      ),
    );
    return result;
  }

  /** The login counters of an account from an address. */
  loginCounters(username: string, ip: string | null | undefined): Guarded[] {
    return [
      {
        policy: POLICIES.loginByAccountAndAddress,
        key: loginKey(username, ip),
        onSuccess: 'forget',
      },
      { policy: POLICIES.loginByAddress, key: addressKey(ip), onSuccess: 'refund' },
    ];
  }

  async refund(policy: Policy, key: string): Promise<void> {
    await this.limiter(policy).reward(storeKey(key), 1);
  }

  async forget(policy: Policy, key: string): Promise<void> {
    await this.limiter(policy).delete(storeKey(key));
  }

  /** Removes expired counters of the Postgres store (Redis expires its keys itself). */
  async purgeOld(): Promise<number> {
    if (this.redis) return 0;
    const res = (await this.ds.query(`DELETE FROM accounts.${TABLE} WHERE expire < $1`, [Date.now()])) as [
      unknown,
      number,
    ];
    return res[1] ?? 0;
  }

  private limiter(policy: Policy): RateLimiterAbstract {
    let limiter = this.limiters.get(policy.name);
    if (!limiter) {
      const common = {
        keyPrefix: `${this.prefix}${policy.name}`,
        points: policy.points,
        duration: policy.durationSec,
        blockDuration: policy.blockSec ?? 0,
      };
      limiter = this.redis
        ? new RateLimiterRedis({
            ...common,
            storeClient: this.redis,
            // while Redis is unreachable, each process counts on its own instead of failing the logins
            insuranceLimiter: new RateLimiterMemory(common),
          })
        : new RateLimiterPostgres({
            ...common,
            storeClient: this.postgresClient(),
            storeType: 'client',
            schemaName: 'accounts',
            tableName: TABLE,
            tableCreated: true, // by the migration
            clearExpiredByTimeout: false, // the session purge does it
          });
      this.limiters.set(policy.name, limiter);
    }
    return limiter;
  }

  /**
   * The store's client: the pool under TypeORM (on the embedded database, its stand-in for the single shared
   * connection), queried with plain statements (no named prepared statements on a shared session).
   */
  private postgresClient(): { query(q: { text: string; values?: unknown[] }): Promise<unknown> } {
    const master = (
      this.ds.driver as unknown as { master: { query(t: string, v?: unknown[]): Promise<unknown> } }
    ).master;
    return { query: (q) => master.query(q.text, q.values) };
  }
}

/**
 * A refusal as a 429. With a block, the wait is at most the block: an attempt refused while the block is being
 * stored by a concurrent one sees the rest of the counting window instead.
 */
function asRateLimited(policy: Policy, e: unknown): unknown {
  if (!(e instanceof RateLimiterRes)) return e;
  const ms = policy.blockSec ? Math.min(e.msBeforeNext, policy.blockSec * 1000) : e.msBeforeNext;
  return new RateLimitedError(Math.max(1, Math.ceil(ms / 1000)));
}
