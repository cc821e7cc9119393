import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { docsRouter, findSwaggerUi } from './docs.js';
import { notFound } from './errors.js';

const logger = pino({ level: 'silent' });

/** `/api/docs` as the gateway mounts it, with the gateway's answer to any other API path after it. */
function site(apiDocsUi: boolean, swaggerUiDir: string | null): express.Express {
  const app = express();
  app.use('/api/docs', docsRouter({ logger, config: { apiDocsUi } }, { swaggerUiDir }));
  app.use('/api', (_req, res) => notFound(res));
  return app;
}

describe('/api/docs', () => {
  const installed = findSwaggerUi() ?? null;

  it('finds the Swagger UI where it is installed (a development dependency of the gateway)', () => {
    expect(installed).toMatch(/swagger-ui-dist$/);
  });

  it('shows the Swagger UI page and its files when configured and installed', async () => {
    const app = site(true, installed);
    const page = await request(app).get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.text).toContain('/api/docs/swagger-ui-bundle.js');
    expect((await request(app).get('/api/docs/swagger-ui-bundle.js')).status).toBe(200);
    expect((await request(app).get('/api/docs/init.js')).text).toContain("url: '/api/docs/openapi.json'");
  });

  it.each([
    ['not installed (a production image)', true, null],
    ['turned off (API_DOCS_UI=false)', false, installed],
  ])('serves the OpenAPI document alone when the UI is %s', async (_case, apiDocsUi, dir) => {
    const app = site(apiDocsUi, dir);
    const doc = await request(app).get('/api/docs/openapi.json');
    expect(doc.status).toBe(200);
    expect(Object.keys((doc.body as { paths: object }).paths)).toContain('/api/users/uuid/{uuid}');
    for (const path of ['/api/docs', '/api/docs/swagger-ui-bundle.js', '/api/docs/init.js']) {
      const res = await request(app).get(path);
      expect({ path, status: res.status, body: res.body as unknown }).toEqual({
        path,
        status: 404,
        body: { Error: 'not found', code: 'GATEWAY.NOT_FOUND' },
      });
    }
  });
});
