import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document, generated from the routes' zod schemas, served at /api/docs (JSON at /api/docs/json). */
export const openapi = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Kadry API',
        description: 'Public careers API of Kadry. Errors are always `{ message, errors? }`.',
        version: '1.0.0',
      },
      tags: [
        { name: 'careers', description: 'Public careers site: vacancies, application forms, applications' },
        { name: 'system', description: 'Health and readiness' },
      ],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
