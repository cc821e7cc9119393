import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';

/** What the OpenAPI document of a service is titled. */
export interface OpenApiInfo {
  title: string;
  description: string;
}

/**
 * The OpenAPI document of a service's app: every route, with the request and answer schemas its `ZodBody`,
 * `ZodQuery` and `ZodResponse` declare.
 */
export function buildOpenApiDocument(app: INestApplication, info: OpenApiInfo): OpenAPIObject {
  return SwaggerModule.createDocument(
    app,
    new DocumentBuilder().setTitle(info.title).setDescription(info.description).setVersion('1.0.0').build(),
  );
}
