import type { KeyObject } from 'node:crypto';
import type { SessionUser } from '@agora/contracts';
import { createInternalClient, InternalCallError, type InternalClient } from '@agora/identity';
import { LRUCache } from 'lru-cache';
import { ServiceUnavailableError } from './upstream.js';

export const SESSION_CACHE_TTL_MS = 2_000;
export const SESSION_CACHE_MAX = 10_000;
const RESOLVE_TIMEOUT_MS = 5_000;

export interface SessionResolverOptions {
  accountsUrl: string;
  /** The gateway's private key, which signs its own service identity for accounts' internal route. */
  identityKey: KeyObject;
  now?: () => number;
}

/** A user as accounts resolves it; the whole object (enrolments included) is signed into the identity. */
function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const u = value as Record<string, unknown>;
  return (
    typeof u['uuid'] === 'string' &&
    typeof u['username'] === 'string' &&
    typeof u['role'] === 'string' &&
    (u['enrolments'] === undefined || Array.isArray(u['enrolments']))
  );
}

/**
 * Resolves the `agora_sid` cookie to a user through accounts (`POST /internal/sessions/resolve {sid}`), caching
 * answers (including "no such session") for two seconds. Throws ServiceUnavailableError when accounts cannot
 * answer: the gateway cannot tell who is calling then, and must not guess "anonymous".
 */
export class SessionResolver {
  /** Answers by session id; "no such session" is kept too, as `{ user: null }` (the cache holds no empty values). */
  private readonly cache: LRUCache<string, { user: SessionUser | null }>;
  private readonly inFlight = new Map<string, Promise<SessionUser | null>>();
  private readonly accounts: InternalClient<'accounts'>;
  /** Counts evictions: an answer asked for before an eviction may be stale and is not cached. */
  private evictions = 0;

  constructor(options: SessionResolverOptions) {
    this.cache = new LRUCache({
      max: SESSION_CACHE_MAX,
      ttl: SESSION_CACHE_TTL_MS,
      // the clock read on every look-up, not cached for a millisecond: an injected clock is seen at once
      ttlResolution: 0,
      ...(options.now ? { perf: { now: options.now } } : {}),
    });
    this.accounts = createInternalClient({
      caller: 'gateway',
      privateKey: options.identityKey,
      target: 'accounts',
      baseUrl: options.accountsUrl,
      timeoutMs: RESOLVE_TIMEOUT_MS,
    });
  }

  async resolve(sid: string, requestId: string): Promise<SessionUser | null> {
    const cached = this.cache.get(sid);
    if (cached) return cached.user;
    const pending = this.inFlight.get(sid);
    if (pending) return pending;
    const call: Promise<SessionUser | null> = this.ask(sid, requestId).finally(() => {
      if (this.inFlight.get(sid) === call) this.inFlight.delete(sid);
    });
    this.inFlight.set(sid, call);
    return call;
  }

  /**
   * Forgets what is known of a session (login, logout, a changed user such as a new enrolment): the next request
   * asks accounts again, and an answer already on its way is not cached.
   */
  evict(sid: string): void {
    this.evictions++;
    this.cache.delete(sid);
    this.inFlight.delete(sid);
  }

  clear(): void {
    this.cache.clear();
  }

  private async ask(sid: string, requestId: string): Promise<SessionUser | null> {
    const evictions = this.evictions;
    let user: SessionUser | null;
    try {
      const answer = await this.accounts.post('/internal/sessions/resolve', { sid }, { requestId });
      const body = answer.body as { user?: unknown } | undefined;
      if (answer.status !== 200 || !isSessionUser(body?.user)) {
        throw new ServiceUnavailableError('accounts', 'session resolution answered without a user');
      }
      user = body.user;
    } catch (err) {
      if (!(err instanceof InternalCallError)) throw err;
      // 404: no such session (or an expired one): an anonymous visitor. Anything else: accounts cannot answer.
      if (err.status !== 404) throw new ServiceUnavailableError('accounts', err.message);
      user = null;
    }
    if (evictions === this.evictions) this.cache.set(sid, { user });
    return user;
  }
}
