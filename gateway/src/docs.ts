import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Router } from 'express';
import type { Logger } from 'pino';
import { SERVICES } from '@agora/contracts';
import type { GatewayConfig } from './config.js';
import { isObject, mergeOpenApi, type JsonObject, type ServiceDocument } from './openapi.js';

/** The services' packages (this file is `gateway/src/docs.ts` or `gateway/dist/docs.js`). */
const SERVICES_DIR = fileURLToPath(new URL('../../services/', import.meta.url));
const GATEWAY_VERSION = '1.0.0';

/**
 * The folder of `swagger-ui-dist`, or undefined when it is not installed. It is a development dependency of the
 * gateway: the images (production dependencies only) carry neither it nor the install-time telemetry package it
 * pulls in, and serve the OpenAPI document alone.
 */
export function findSwaggerUi(): string | undefined {
  try {
    return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  } catch {
    return undefined;
  }
}

/** The files of swagger-ui-dist that the page uses (its own index.html points at a demo API). */
const SWAGGER_ASSETS = new Set([
  'swagger-ui.css',
  'swagger-ui-bundle.js',
  'favicon-32x32.png',
  'favicon-16x16.png',
]);

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Agora API</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
    <link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png" sizes="32x32" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

// A file, not an inline script: the Content-Security-Policy allows scripts from this origin only.
const INIT = `window.ui = SwaggerUIBundle({
  url: '/api/docs/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  requestInterceptor: function (request) {
    var match = document.cookie.match(/(?:^|; )token=([^;]*)/);
    if (match) request.headers['X-Csrf-Token'] = decodeURIComponent(match[1]);
    return request;
  },
});
`;

/**
 * The committed OpenAPI document of each service (`services/<name>/openapi.json`, written by `npm run openapi`),
 * read from `dir` once; a missing or unreadable one is logged and left out.
 */
export function readServiceDocuments(logger: Logger, dir = SERVICES_DIR): ServiceDocument[] {
  const documents: ServiceDocument[] = [];
  for (const service of SERVICES) {
    const file = join(dir, service, 'openapi.json');
    try {
      const doc = JSON.parse(readFileSync(file, 'utf8')) as unknown;
      if (isObject(doc) && isObject(doc['paths'])) documents.push({ service, doc });
      else logger.warn({ service, file }, 'no usable OpenAPI document');
    } catch (err) {
      logger.warn({ service, file, err: (err as Error).message }, 'OpenAPI document unreadable');
    }
  }
  return documents;
}

export interface DocsOptions {
  /** Where the services' packages are (their committed `openapi.json`). */
  servicesDir?: string;
  /** The Swagger UI's files (by default where `swagger-ui-dist` is installed); null: none. */
  swaggerUiDir?: string | null;
}

/**
 * `/api/docs/openapi.json`: one OpenAPI document merged from the services' committed documents, always; and
 * `/api/docs`, the Swagger UI page over it, when the configuration asks for it (`API_DOCS_UI`) and the UI is
 * installed. Without the page, `/api/docs` is an unknown API path (404).
 */
export function docsRouter(
  { logger, config }: { logger: Logger; config: Pick<GatewayConfig, 'apiDocsUi'> },
  { servicesDir, swaggerUiDir = findSwaggerUi() ?? null }: DocsOptions = {},
): Router {
  const router = Router();
  const documents = readServiceDocuments(logger, servicesDir);
  const missing = SERVICES.filter((s) => !documents.some((d) => d.service === s));
  const merged: JsonObject = mergeOpenApi(documents, missing, GATEWAY_VERSION);

  router.get('/openapi.json', (_req, res) => {
    res.set('Cache-Control', 'no-cache').json(merged);
  });
  if (!config.apiDocsUi) return router;
  if (swaggerUiDir === null) {
    logger.info('Swagger UI not installed: /api/docs serves the OpenAPI document (openapi.json) alone');
    return router;
  }
  const uiDir = swaggerUiDir;
  router.get('/init.js', (_req, res) => {
    res.type('text/javascript').set('Cache-Control', 'no-cache').send(INIT);
  });
  router.get('/', (_req, res) => {
    // `/api/docs` and `/api/docs/` both show the page (its asset URLs are absolute).
    res.type('html').set('Cache-Control', 'no-cache').send(PAGE);
  });
  router.get('/:file', (req, res, next) => {
    const file = req.params.file;
    if (!SWAGGER_ASSETS.has(file)) {
      next();
      return;
    }
    res.sendFile(join(uiDir, file), { maxAge: '1d' });
  });
  return router;
}
