import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LOGGER } from '@agora/common';
import type { Logger } from '../logger.js';
import { MailService } from './mail.service.js';

/** How often the worker looks for mails left 'queued' without a job. */
export const SWEEP_INTERVAL_MS = 60_000;

/**
 * Where the worker runs, it re-adds the jobs of mails left 'queued' for over a minute (a producer that died after
 * its commit, or a queue that was unreachable when the mail was written): at start, then every minute.
 * Re-adding is safe: the job id is per mail, and the worker does nothing for a mail already sent.
 */
@Injectable()
export class MailRecovery implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly mail: MailService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.sweep();
    this.timer = setInterval(() => this.sweep(), SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private sweep(): void {
    if (this.running) return;
    this.running = this.mail
      .requeueStale()
      .then(() => undefined)
      .catch((err: unknown) => this.logger.warn({ err }, 'could not re-enqueue stale mails'))
      .finally(() => {
        this.running = undefined;
      });
  }
}
