import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { nameSharedSchemas } from './openapi-components.js';
import { finishDocument, type OpenApiDocument } from './openapi-document.js';
import { transformRoute } from './openapi-routes.js';

/**
 * OpenAPI generated from the route schemas, browsable at /api/docs (docs/api.md "The OpenAPI
 * document"). OpenAPI 3.1: a nullable shared shape stays a `$ref` or null (3.0 cannot say so
 * beside a `$ref`), which a generated client needs to type it right.
 */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  nameSharedSchemas();
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Gaited Horse Registry API',
        description:
          'Every answer is `{ success, data?, message?, error? }`. Send the token from a login ' +
          'call as `Authorization: Bearer <token>`.',
        version: '1.0.0',
      },
      // The document describes the server that serves it.
      servers: [{ url: '/', description: 'This registry' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: transformRoute,
    transformObject: (input) => finishDocument(jsonSchemaTransformObject(input) as OpenApiDocument),
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
}
