import { route } from '@kadry/shared/routes';
import { translationsQuerySchema, translationsResponseSchema } from '@kadry/shared/schemas/auth';
import { errorBodySchema } from '@kadry/shared/schemas/error';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { staffLocaleOf } from '../../plugins/session';
import { findTranslations, MAX_TRANSLATION_KEYS, parseTranslationKeys } from './translations.service';

/** `GET /vue-global/translations?keys=a,b` for the HR app (spec §7.2), in the signed-in user's locale. */
export const translationsRoutes: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    route('vueGlobal.translations'),
    {
      schema: {
        tags: ['hr'],
        summary: "Texts of the given keys in the user's language",
        description:
          'Keys comma-separated or repeated; `prefix.*` returns every key under a prefix. Russian only where the company enables it, English otherwise. Unknown keys are left out.',
        querystring: translationsQuerySchema,
        response: { 200: translationsResponseSchema, 401: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request, reply) => {
      const keys = parseTranslationKeys(request.query.keys);
      if (keys.length > MAX_TRANSLATION_KEYS) {
        throw new AppError('validation', {
          key: 'errors.invalid_request',
          issues: { keys: [{ key: 'errors.invalid_request' }] },
        });
      }
      // The answer depends on the user's language, which can change under the same URL.
      reply.header('cache-control', 'private, no-cache');
      return findTranslations(staffLocaleOf(request), keys);
    },
  );
};
