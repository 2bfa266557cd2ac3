import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document, generated from the zod contracts of every route (`app.swagger()`),
 * and served at /api/docs when enabled (by default outside production).
 */
export async function registerOpenApi(app: FastifyInstance, serve: boolean): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Compra Grupal API',
        description:
          'API del marketplace de compras grupales. Errores: `{ error, mensaje, code }` con el estado HTTP correspondiente.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  if (!serve) return;
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
}
