import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import type { ServiceDefinition } from './service.js';

/**
 * The OpenAPI document of one service, from its controllers' metadata: what `/openapi.json` serves and what
 * `npm run openapi` commits as `services/<name>/openapi.json`.
 */
export function buildOpenApiDocument(
  app: INestApplication,
  def: Pick<ServiceDefinition, 'title' | 'description'>,
): OpenAPIObject {
  return SwaggerModule.createDocument(
    app,
    new DocumentBuilder().setTitle(def.title).setDescription(def.description).setVersion('1.0.0').build(),
  );
}
