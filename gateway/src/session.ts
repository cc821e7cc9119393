import type { KeyObject } from 'node:crypto';
import type { SessionUser } from '@agora/contracts';
import { createInternalClient, InternalCallError, type InternalClient } from '@agora/identity';
import { TtlLru } from './cache.js';
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

function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const u = value as Record<string, unknown>;
  return typeof u['uuid'] === 'string' && typeof u['username'] === 'string' && typeof u['role'] === 'string';
}

/**
 * Resolves the `agora_sid` cookie to a user through accounts (`POST /internal/sessions/resolve {sid}`), caching
 * answers (including "no such session") for two seconds. Throws ServiceUnavailableError when accounts cannot
 * answer: the gateway cannot tell who is calling then, and must not guess "anonymous".
 */
export class SessionResolver {
  private readonly cache: TtlLru<string, SessionUser | null>;
  private readonly inFlight = new Map<string, Promise<SessionUser | null>>();
  private readonly accounts: InternalClient;

  constructor(options: SessionResolverOptions) {
    this.cache = new TtlLru(SESSION_CACHE_MAX, SESSION_CACHE_TTL_MS, options.now);
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
    if (cached !== undefined) return cached;
    const pending = this.inFlight.get(sid);
    if (pending) return pending;
    const call = this.ask(sid, requestId).finally(() => this.inFlight.delete(sid));
    this.inFlight.set(sid, call);
    return call;
  }

  evict(sid: string): void {
    this.cache.delete(sid);
  }

  clear(): void {
    this.cache.clear();
  }

  private async ask(sid: string, requestId: string): Promise<SessionUser | null> {
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
    this.cache.set(sid, user);
    return user;
  }
}
