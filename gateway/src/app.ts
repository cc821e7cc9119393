import compression from 'compression';
import cookieParser from 'cookie-parser';
import express, { type ErrorRequestHandler, type Express } from 'express';
import { logContext } from '@agora/observability';
import type { Logger } from 'pino';
import { apiRouter } from './api.js';
import { apiCompression } from './api-compression.js';
import type { GatewayConfig } from './config.js';
import { CookieJar } from './cookies.js';
import { sendError } from './errors.js';
import { healthRouter } from './health.js';
import { createLogger, requestLogger } from './logging.js';
import { gatewayHttpMetrics } from './metrics.js';
import { remotesRouter } from './remotes.js';
import { requestId, requestIdOf } from './request-id.js';
import { securityHeaders } from './security-headers.js';
import { SessionResolver } from './session.js';
import { shellRouter } from './shell.js';
import { ServiceUnavailableError, UpstreamAgents } from './upstream.js';

export interface GatewayOptions {
  /** Logger to use; by default a pino logger at `config.logLevel`. */
  logger?: Logger;
}

export interface Gateway {
  /** The Express application; the caller listens (`http.createServer(app)` or `app.listen`). */
  app: Express;
  /** Releases upstream connections and caches. Close the HTTP server first. */
  close(): Promise<void>;
}

function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    if (err instanceof ServiceUnavailableError) {
      logger.warn({ reqId: requestIdOf(req), service: err.service, err: err.message }, 'service unavailable');
      sendError(res, 503, `${err.service} service unavailable`, 'GATEWAY.UNAVAILABLE');
      return;
    }
    const status = (err as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      sendError(
        res,
        status,
        status === 404 ? 'not found' : 'bad request',
        status === 404 ? 'GATEWAY.NOT_FOUND' : 'GATEWAY.BAD_REQUEST',
      );
      return;
    }
    logger.error({ reqId: requestIdOf(req), err }, 'unexpected gateway error');
    sendError(res, 500, 'internal error', 'GATEWAY.INTERNAL');
  };
}

/**
 * The gateway: `/api/*` to the services (CSRF, session, signed identity), `/api/docs`, `/health`, `/ready`,
 * `/remotes.json`, the remotes' and the shell's static files with the SPA fallback.
 */
export function createGateway(config: GatewayConfig, options: GatewayOptions = {}): Gateway {
  const logger = options.logger ?? createLogger(config.logLevel);
  const agents = new UpstreamAgents();
  const sessions = new SessionResolver({
    accountsUrl: config.services.accounts,
    identityKey: config.identityKey,
  });
  const cookies = new CookieJar(config.cookieSecure);

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  app.use(requestId());
  app.use(gatewayHttpMetrics());
  app.use(requestLogger(logger));
  app.use(logContext(requestIdOf));
  app.use(securityHeaders(config));
  app.use(cookieParser());
  app.use('/api', apiCompression(), apiRouter({ config, agents, sessions, cookies, logger }));
  app.use(healthRouter(config, agents));
  // Static text (shell, remotes, registry) is compressed: the build's precompressed copies where there are some
  // (static-files.ts), on the fly otherwise. API answers are compressed as they stream (api-compression.ts).
  app.use(compression());
  app.use(remotesRouter(config, logger));
  app.use(shellRouter(config, logger));
  app.use(errorHandler(logger));

  return {
    app,
    close: async () => {
      agents.destroy();
      sessions.clear();
    },
  };
}
