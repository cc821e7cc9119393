import type { Server } from 'node:http';
import { Module, type DynamicModule, type INestApplication, type Type } from '@nestjs/common';
import { NestFactory, Reflector } from '@nestjs/core';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { ServiceName } from '@agora/contracts';
import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { AuditModule } from '../audit/audit.module.js';
import { ConfigError, loadServiceConfig, type ServiceConfig } from '../config/config.js';
import { DatabaseModule } from '../database/database.module.js';
import { migrateService, type ServiceStorage } from '../database/database.js';
import { ErrorFilter } from '../errors/error.filter.js';
import { HealthModule } from '../health/health.module.js';
import { PinoNestLogger } from '../logging/nest-logger.js';
import { Readiness } from '../health/readiness.js';
import { IdentityGuard } from '../identity/identity.guard.js';
import { createInfra, type Infra } from '../infra/infra.js';
import { InfraModule } from '../infra/infra.module.js';
import { asWaitedRead } from '../infra/shared-connection.js';
import { createLogger, requestLogContext, requestLogger } from '../logging/logging.js';
import { ObservabilityModule } from '../observability/observability.module.js';
import { serviceHttpMetrics, startServiceMetrics } from '../observability/observability.js';
import { DEFAULT_JSON_LIMIT, useRequestParsing } from './body-parsing.js';
import { limitRequestsPerConnection } from './connection-reuse.js';
import { buildOpenApiDocument } from './openapi.js';
import { DEFAULT_SHUTDOWN_TIMES, drainOnSignals } from './shutdown.js';
import { ResponseCheckInterceptor } from './zod.js';

export interface ServiceDefinition {
  name: ServiceName;
  /** OpenAPI title and description. */
  title: string;
  description: string;
  storage: ServiceStorage;
  /** The service's feature modules. */
  modules: Array<Type<unknown> | DynamicModule>;
  /** Largest JSON (and urlencoded) body accepted, in body-parser's notation; default '100kb'. */
  jsonLimit?: string;
  /** Runs once after the app is initialised (e.g. create the first admin). */
  onReady?: (app: INestApplication, config: ServiceConfig) => Promise<void>;
  /** POST routes that only read and that a request waits for (besides every GET and HEAD): see `waitedReads`. */
  readPaths?: readonly string[];
}

/**
 * GET and HEAD requests, and the service's `readPaths`, are reads that a person waits for: on the embedded
 * database's one connection their turns come before the writers' (`asWaitedRead`); elsewhere this changes nothing.
 */
function waitedReads(readPaths: readonly string[] = []): RequestHandler {
  const reads = new Set(readPaths);
  return (req: Request, _res: Response, next: NextFunction) => {
    if (req.method === 'GET' || req.method === 'HEAD' || reads.has(req.path)) asWaitedRead(next);
    else next();
  };
}

export interface ServiceContext {
  config: ServiceConfig;
  infra: Infra;
  logger: Logger;
}

@Module({})
class ServiceRootModule {}

/** The root module of one service's Nest app: infrastructure, its database, health and its feature modules. */
function serviceRootModule(def: ServiceDefinition, ctx: ServiceContext): DynamicModule {
  return {
    module: ServiceRootModule,
    imports: [
      InfraModule.forRoot(ctx.infra, ctx.config, ctx.logger),
      DatabaseModule.forService(def.storage),
      AuditModule.forService(def.storage.schema),
      HealthModule,
      ObservabilityModule,
      ...def.modules,
    ],
  };
}

/** Builds and initialises (does not listen) the Nest app of one service. */
export async function createServiceApp(
  def: ServiceDefinition,
  ctx: ServiceContext,
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(
    serviceRootModule(def, ctx),
    new ExpressAdapter(),
    {
      // Nest's own lines go through the service's pino logger, at its level
      logger: ctx.config.log.level === 'silent' ? false : new PinoNestLogger(ctx.logger),
      abortOnError: false,
      bodyParser: false,
    },
  );
  app.disable('x-powered-by');
  app.use(serviceHttpMetrics(def.name));
  app.use(requestLogger(ctx.logger));
  app.use(requestLogContext());
  app.use(waitedReads(def.readPaths));
  useRequestParsing(app, def.jsonLimit ?? DEFAULT_JSON_LIMIT);
  app.useGlobalGuards(new IdentityGuard(app.get(Reflector), ctx.config));
  app.useGlobalFilters(new ErrorFilter(ctx.logger));
  if (ctx.config.http.checkResponses) app.useGlobalInterceptors(new ResponseCheckInterceptor());
  const document = buildOpenApiDocument(app, def);
  (app.getHttpAdapter().getInstance() as Express).get(
    '/openapi.json',
    (_req: Request, res: Response) => void res.json(document),
  );
  limitRequestsPerConnection(app.getHttpServer() as Server);
  try {
    await app.init();
    if (def.onReady) await def.onReady(app, ctx.config);
  } catch (e) {
    await app.close();
    throw e;
  }
  return app;
}

/**
 * The OpenAPI document of a service without running it: the module graph is built in Nest's preview mode, which
 * instantiates no provider, so no database, queue or configuration is opened (the infrastructure, configuration
 * and logger are empty stand-ins).
 */
export async function describeService(def: ServiceDefinition): Promise<OpenAPIObject> {
  const unused = Object.freeze({}) as never;
  const app = await NestFactory.create<NestExpressApplication>(
    serviceRootModule(def, { config: unused, infra: unused, logger: unused }),
    new ExpressAdapter(),
    { preview: true, logger: false, abortOnError: false, bodyParser: false },
  );
  return buildOpenApiDocument(app, def);
}

/** The database, queue and data folder of a process, as its config names them. */
export function openServiceInfra(config: ServiceConfig, logger: Logger): Promise<Infra> {
  return createInfra({
    databaseUrl: config.database.url,
    redisUrl: config.queue.redisUrl,
    dataDir: config.dataDir,
    queuePrefix: config.queue.prefix,
    timeouts: config.database.timeouts,
    log: (m) => logger.info(m),
  });
}

/** Applies a service's pending migrations when the config says so (MIGRATE_ON_START), logging those applied. */
export async function migrateOnStart(
  config: ServiceConfig,
  infra: Infra,
  storage: ServiceStorage,
  logger: Logger,
): Promise<void> {
  if (!config.migrateOnStart) return;
  const done = await migrateService(infra, storage);
  if (done.length) logger.info({ migrations: done }, 'migrations applied');
}

/** Entry point of a service run as its own process: config, infrastructure, migrations, HTTP, shutdown. */
export async function runService(
  def: ServiceDefinition,
  env: Record<string, string | undefined>,
): Promise<void> {
  const config = loadServiceConfig(def.name, env);
  const logger = createLogger(def.name, config.log.level);
  const infra = await openServiceInfra(config, logger);
  await migrateOnStart(config, infra, def.storage, logger);
  const app = await createServiceApp(def, { config, infra, logger });
  await app.listen(config.http.port, config.http.host);
  logger.info(`${def.name} listening on http://${config.http.host}:${config.http.port}`);
  const telemetry = await startServiceMetrics(config, logger);
  // Not Nest's shutdown hooks, which close the app (and cut requests) on the signal: drain first.
  drainOnSignals(
    {
      server: app.getHttpServer() as Server,
      readiness: app.get(Readiness),
      close: async () => {
        await app.close(); // the queue workers stop here, after their jobs in hand
        await telemetry.close();
        await infra.close();
      },
    },
    config.shutdown ?? DEFAULT_SHUTDOWN_TIMES,
    logger,
  );
}

/**
 * What a process' entry point does with an error of its start: a configuration it refuses (a ConfigError, e.g.
 * PUBLIC_URL in production) ends the process with one fatal log line naming the variables, instead of a stack
 * trace; anything else is thrown on.
 */
export function exitOnConfigError(name: string, err: unknown): void {
  if (!(err instanceof ConfigError)) throw err;
  createLogger(name, 'info').fatal(err.message.replace(/\n\s*/g, ' '));
  process.exit(1);
}
