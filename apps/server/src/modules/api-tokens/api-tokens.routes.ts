import { routePattern } from '@kadry/shared/routes';
import { idParamsSchema } from '@kadry/shared/schemas/common';
import { errorResponses, STAFF_ERRORS } from '@kadry/shared/schemas/error';
import {
  apiTokenResponseSchema,
  apiTokensResponseSchema,
  createApiTokenBodySchema,
  createdApiTokenResponseSchema,
} from '@kadry/shared/schemas/integrations';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/tables';
import { requireOwner } from '../../plugins/access/access';
import { type ApiTokensContext, createApiToken, listApiTokens, revokeApiToken } from './api-tokens.service';

export type ApiTokensRoutesOptions = { db: Db; now: () => Date };

const tags = ['integrations'];
const errors = errorResponses(...STAFF_ERRORS, 404, 422);

/** API tokens for `Authorization: Bearer` (schemas/integrations.ts): owners only. */
export const apiTokensRoutes: FastifyPluginAsync<ApiTokensRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const ownersOnly = async (request: FastifyRequest) => {
    requireOwner(request);
  };
  const contextOf = (request: FastifyRequest): ApiTokensContext => ({
    db: opts.db,
    owner: requireOwner(request),
    now: opts.now(),
  });

  routes.get(
    routePattern('integrations.apiTokens'),
    {
      schema: {
        tags,
        summary: 'The company’s API tokens, newest first, revoked ones included (owners only)',
        description:
          'Never the secrets: a token shows its first characters (`prefix`) and when it was last used.',
        response: { 200: apiTokensResponseSchema, ...errors },
      },
      preValidation: ownersOnly,
    },
    async (request) => ({ data: await listApiTokens(contextOf(request)) }),
  );

  routes.post(
    routePattern('integrations.apiTokens'),
    {
      schema: {
        tags,
        summary: 'Create an API token (owners only); its secret is answered this once',
        description:
          'Send it as `Authorization: Bearer <token>`. It acts as the owner who created it, only on the ' +
          'routes its scopes open (vacancies:read, applications:read, applications:write, employees:read); ' +
          'any other route answers 403, and a revoked or expired token 401. Only its SHA-256 is stored.',
        body: createApiTokenBodySchema,
        response: { 201: createdApiTokenResponseSchema, ...errors },
      },
      preValidation: ownersOnly,
    },
    async (request, reply) => {
      const token = await createApiToken(contextOf(request), request.body);
      return reply.code(201).header('cache-control', 'no-store').send({ data: token });
    },
  );

  routes.post(
    routePattern('integrations.apiTokens.revoke'),
    {
      schema: {
        tags,
        summary: 'Revoke an API token at once (owners only)',
        params: idParamsSchema,
        response: { 200: apiTokenResponseSchema, ...errors },
      },
      preValidation: ownersOnly,
    },
    async (request) => ({ data: await revokeApiToken(contextOf(request), request.params.id) }),
  );
};
