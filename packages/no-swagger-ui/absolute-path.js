'use strict';
// Stands in for swagger-ui-dist/absolute-path.js, the one file of it that @nestjs/swagger loads, and only in
// SwaggerModule.setup(), which Agora's services never call: they publish their OpenAPI document alone, and the
// gateway serves the Swagger UI (a development dependency there).
throw new Error(
  'swagger-ui-dist is not installed with the services: the gateway serves the API documentation at /api/docs',
);
