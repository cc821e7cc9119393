import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';

/**
 * The OpenAPI document of one service, from its controllers' metadata: what `/openapi.json` serves and what
 * `npm run openapi` commits as `services/<name>/openapi.json`.
 */
export function buildOpenApiDocument(
  app: INestApplication,
  def: { title: string; description: string },
): OpenAPIObject {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder().setTitle(def.title).setDescription(def.description).setVersion('1.0.0').build(),
  );
  return withOwnPathParameters(document);
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * A handler served on several paths (`@Get(['', 'page/:page'])`) is described once per path, each time with every
 * path parameter the handler reads: each path keeps only the parameters it has (`{page}`), so that its shorter
 * forms do not ask for segments they lack.
 */
function withOwnPathParameters(document: OpenAPIObject): OpenAPIObject {
  for (const [template, item] of Object.entries(document.paths)) {
    const names = new Set([...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]));
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation?.parameters) continue;
      operation.parameters = operation.parameters.filter(
        (p) => !('in' in p) || p.in !== 'path' || names.has(p.name),
      );
    }
  }
  return document;
}
