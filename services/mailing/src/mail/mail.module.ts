import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { INFRA, type Infra } from '@agora/common';
import type { MailConfig } from '../config.js';
import { MailRequestsModule } from '../requests/mail-requests.module.js';
import { MailController } from './mail.controller.js';
import { MAIL_QUEUE, MAIL_SWEEP_QUEUE } from './mail.jobs.js';
import { mailProcessorFor } from './mail.processor.js';
import { MailQueueReadiness } from './mail.readiness.js';
import { MailRecovery } from './mail.recovery.js';
import { MailService } from './mail.service.js';
import { MailStore } from './mail.store.js';
import { MAIL_CONFIG, MAIL_TRANSPORT } from './mail.tokens.js';
import { SmtpMailTransport } from './mail.transport.js';

export interface MailModuleOptions {
  /** Serve `/internal/mail` (false in the worker-only process). */
  http: boolean;
  /** Run the queue worker in this process. */
  worker: boolean;
}

/**
 * The mail queue: producer (MailService.enqueue), internal HTTP API, and optionally the worker (the consumers of
 * `mail-requests`, `mail` and `mail-sweep`: the mail worker of the service graph).
 */
@Module({})
export class MailModule {
  static forRoot(config: MailConfig, options: MailModuleOptions): DynamicModule {
    const providers: Provider[] = [
      { provide: MAIL_CONFIG, useValue: config },
      { provide: MAIL_TRANSPORT, useClass: SmtpMailTransport },
      MailStore,
      MailService,
      MailQueueReadiness,
    ];
    if (options.worker) providers.push(mailProcessorFor(config), MailRecovery);
    return {
      module: MailModule,
      imports: [
        BullModule.forRootAsync({
          inject: [INFRA],
          useFactory: (infra: Infra) => ({ connection: infra.bullConnection, prefix: infra.queuePrefix }),
        }),
        BullModule.registerQueue({
          name: MAIL_QUEUE,
          defaultJobOptions: {
            attempts: config.maxAttempts,
            backoff: { type: 'exponential', delay: config.backoffMs },
            // Finished jobs are kept a while so that adding the same job id again stays a no-op; after that a
            // repeated add runs the worker once more, which finds the mail 'sent' and does nothing.
            removeOnComplete: { age: 7 * 24 * 3600, count: 10_000 },
            removeOnFail: { age: 30 * 24 * 3600 },
          },
        }),
        // the mail worker's part: the other services' requests, the mails, the sweep
        ...(options.worker
          ? [
              MailRequestsModule.forRoot(config.concurrency),
              BullModule.registerQueue({ name: MAIL_SWEEP_QUEUE }),
            ]
          : []),
      ],
      controllers: options.http ? [MailController] : [],
      providers,
      exports: [MailService, MAIL_CONFIG],
    };
  }
}
