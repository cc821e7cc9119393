import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Router } from 'express';
import { SERVICES, type ServiceName } from '@agora/contracts';
import { createInternalClient } from '@agora/identity';
import type { ApiDeps } from './api.js';
import { isObject, mergeOpenApi, type ServiceDocument } from './openapi.js';
import { requestIdOf } from './request-id.js';

const DOC_TIMEOUT_MS = 3_000;
const GATEWAY_VERSION = '1.0.0';
const swaggerUiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

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

/** `/api/docs`: Swagger UI over one OpenAPI document merged from the services' `/openapi.json`. */
export function docsRouter({ config, logger }: ApiDeps): Router {
  const router = Router();
  const clients = new Map(
    SERVICES.map((service) => [
      service,
      createInternalClient({
        caller: 'gateway',
        privateKey: config.identityKey,
        target: service,
        baseUrl: config.services[service],
        timeoutMs: DOC_TIMEOUT_MS,
      }),
    ]),
  );

  async function fetchDocument(service: ServiceName, requestId: string): Promise<ServiceDocument | null> {
    try {
      const answer = await clients.get(service)!.get('/openapi.json', { requestId });
      if (answer.status === 200 && isObject(answer.body) && isObject(answer.body['paths'])) {
        return { service, doc: answer.body };
      }
      logger.warn({ reqId: requestId, service, status: answer.status }, 'no usable OpenAPI document');
    } catch (err) {
      logger.warn({ reqId: requestId, service, err: (err as Error).message }, 'OpenAPI document unavailable');
    }
    return null;
  }

  router.get('/openapi.json', async (req, res) => {
    const requestId = requestIdOf(req);
    const found = await Promise.all(SERVICES.map((s) => fetchDocument(s, requestId)));
    const documents = found.filter((d): d is ServiceDocument => d !== null);
    const unavailable = SERVICES.filter((s) => !documents.some((d) => d.service === s));
    res.set('Cache-Control', 'no-cache').json(mergeOpenApi(documents, unavailable, GATEWAY_VERSION));
  });
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
    res.sendFile(join(swaggerUiDir, file), { maxAge: '1d' });
  });
  return router;
}
