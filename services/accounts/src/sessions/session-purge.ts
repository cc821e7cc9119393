import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LOGGER } from '@agora/common';
import type { Logger } from 'pino';
import { RateLimitService } from '../ratelimit/rate-limit.service.js';
import { RecoveryService } from '../recovery/recovery.service.js';
import { SessionsService } from './sessions.service.js';

export const PURGE_EVERY_MS = 10 * 60_000;

/**
 * Server-side expiry: every 10 minutes, in each replica (the deletes are idempotent), removes expired sessions,
 * dead rate-limit counters and old recovery tokens. The timer is cleared on shutdown.
 */
@Injectable()
export class SessionPurge implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly sessions: SessionsService,
    private readonly rate: RateLimitService,
    private readonly recovery: RecoveryService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.purge()
        .catch((err: unknown) => this.logger.warn({ err }, 'purge of expired sessions failed'))
        .finally(() => (this.running = undefined));
    }, PURGE_EVERY_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One purge run; returns what it removed. */
  async purge(): Promise<{ sessions: number; counters: number; tokens: number }> {
    const sessions = await this.sessions.purgeExpired();
    const counters = await this.rate.purgeOld();
    const tokens = await this.recovery.purgeOld();
    if (sessions + counters + tokens > 0) {
      this.logger.info({ sessions, counters, tokens }, 'expired sessions purged');
    }
    return { sessions, counters, tokens };
  }
}
