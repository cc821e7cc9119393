import { Module, type DynamicModule, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  AuditModule,
  createLogger,
  DatabaseModule,
  HealthModule,
  InfraModule,
  loadServiceConfig,
  migrateOnStart,
  ObservabilityModule,
  openServiceInfra,
  PinoNestLogger,
  Readiness,
  startServiceMetrics,
  type Infra,
} from '@agora/common';
import type { Logger } from './logger.js';
import { loadMailConfig, redactSmtpUrl } from './config.js';
import { MailModule } from './mail/mail.module.js';
import { mailingStorage } from './storage.js';

@Module({})
class MailWorkerRootModule {}

export interface MailWorker {
  app: INestApplicationContext;
  infra: Infra;
  logger: Logger;
  /** The metrics listener's port (METRICS_PORT), which also serves the worker's `/health` and `/ready`. */
  metricsPort?: number;
  close(): Promise<void>;
}

/**
 * The mail worker alone: a Nest application context (no HTTP) with the same database and mail modules as the
 * service. Needs a real Postgres (DATABASE_URL): the embedded database serves one process only.
 */
export async function startMailWorker(env: Record<string, string | undefined>): Promise<MailWorker> {
  const config = loadServiceConfig('mailing', env);
  const mail = loadMailConfig(env);
  const logger = createLogger('mailing-worker', config.log.level);
  if (!config.database.url) {
    throw new Error(
      'the separate mail worker needs DATABASE_URL: the embedded database is served to one process only ' +
        '(leave MAIL_WORKER=inline in the embedded mode)',
    );
  }
  const infra = await openServiceInfra(config, logger);
  try {
    await migrateOnStart(config, infra, mailingStorage, logger);
    const root: DynamicModule = {
      module: MailWorkerRootModule,
      imports: [
        InfraModule.forRoot(infra, config, logger),
        DatabaseModule.forService(mailingStorage),
        // the templates (which the worker renders) record their changes in the service's audit log
        AuditModule.forService(mailingStorage.schema),
        // the readiness checks (the database, the mail queue's backend); no HTTP: they answer on the metrics port
        HealthModule,
        MailModule.forRoot(mail, { http: false, worker: true }),
        ObservabilityModule,
      ],
    };
    const app = await NestFactory.createApplicationContext(root, {
      logger: config.log.level === 'silent' ? false : new PinoNestLogger(logger),
      abortOnError: false,
    });
    await app.init();
    logger.info(`mail worker running (queue on ${infra.queueBackend}, SMTP ${redactSmtpUrl(mail.smtpUrl)})`);
    // The worker has no HTTP port: its probes are served by the metrics listener (`/health`, `/ready`).
    const readiness = app.get(Readiness);
    const telemetry = await startServiceMetrics(config, logger, { ready: () => readiness.run() });
    return {
      app,
      infra,
      logger,
      ...(telemetry.port !== undefined ? { metricsPort: telemetry.port } : {}),
      close: async () => {
        readiness.drain();
        await app.close();
        await telemetry.close();
        await infra.close();
      },
    };
  } catch (error) {
    await infra.close();
    throw error;
  }
}
