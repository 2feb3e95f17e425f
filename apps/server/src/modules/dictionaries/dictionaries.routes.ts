import { routePattern } from '@kadry/shared/routes';
import {
  citySearchQuerySchema,
  createEntryBodySchema,
  DICTIONARY_ROUTES,
  dictionaryParamsSchema,
  dictionaryResponseSchema,
  EDITABLE_DICTIONARIES,
  editableDictionariesResponseSchema,
  editableDictionaryResponseSchema,
  editableEntryResponseSchema,
  entryParamsSchema,
  placeSearchQuerySchema,
  reorderEntriesBodySchema,
  updateEntryBodySchema,
} from '@kadry/shared/schemas/dictionaries';
import { errorResponses, STAFF_ERRORS } from '@kadry/shared/schemas/error';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import { findLevel, getAccess } from '../../plugins/access/access';
import { registerPutRoute } from '../../plugins/method-override';
import {
  addEntry,
  changeEntry,
  type EditContext,
  getEditableDictionary,
  listDictionaryEntries,
  listEditableDictionaries,
  listRoleEntries,
  type ReadContext,
  removeEntry,
  reorderEntries,
  searchCities,
  searchCountries,
} from './dictionaries.service';
import { createPlacesSource, type PlacesSource } from './places';

export type DictionariesRoutesOptions = {
  db: Db;
  now?: () => Date;
  /** Countries and cities; the package's data by default. */
  places?: PlacesSource;
  /** Told when a dictionary careers forms use changes (the public answer cache). */
  onFormDictionaryChange?: (companyId: number) => void;
};

const tags = ['dictionaries'];
const readErrors = errorResponses(401, 419);
const editErrors = errorResponses(...STAFF_ERRORS, 404, 409, 422);

/**
 * Dictionaries (spec §7.2 dictionaries.*): named reads for every signed-in staff user, in the
 * reader's language with the company's renames applied and hidden entries left out; and the
 * dictionaries screen, under the Dictionaries permission at the level to_all.
 */
export const dictionariesRoutes: FastifyPluginAsync<DictionariesRoutesOptions> = async (app, opts) => {
  const { db } = opts;
  const now = opts.now ?? (() => new Date());
  const places = opts.places ?? createPlacesSource();
  const routes = app.withTypeProvider<ZodTypeProvider>();

  function readContextOf(request: FastifyRequest): ReadContext {
    const user = request.user;
    if (!user) throw new AppError('unauthenticated');
    return { db, companyId: user.companyId, locale: user.locale };
  }

  async function editContextOf(request: FastifyRequest): Promise<EditContext> {
    return {
      db,
      access: await getAccess(request),
      now,
      ...(opts.onFormDictionaryChange ? { onFormDictionaryChange: opts.onFormDictionaryChange } : {}),
    };
  }

  for (const dictionary of EDITABLE_DICTIONARIES) {
    routes.get(
      routePattern(DICTIONARY_ROUTES[dictionary]),
      {
        schema: {
          tags,
          summary: `Entries of the ${dictionary} dictionary`,
          description:
            "In the reader's language (English when a name is missing), the company's renames and order applied, hidden entries left out. Cache until settings.dictionaryUpdatedAt of this dictionary, the locale or the release changes.",
          response: { 200: dictionaryResponseSchema, ...readErrors },
        },
      },
      async (request) => listDictionaryEntries(readContextOf(request), dictionary),
    );
  }

  routes.get(
    routePattern('dictionaries.peopleRole'),
    {
      schema: {
        tags,
        summary: "The company's roles",
        description: 'Built-in roles first. Cache until settings.rolesUpdatedAt changes.',
        response: { 200: dictionaryResponseSchema, ...readErrors },
      },
    },
    async (request) => listRoleEntries(readContextOf(request)),
  );

  routes.get(
    routePattern('dictionaries.countries'),
    {
      schema: {
        tags,
        summary: 'Countries, searched by name',
        description:
          'At most 50, names starting with the query first. The query matches the English, Russian, Ukrainian or native name, or the ISO code, whatever the case. code is the ISO 3166-1 alpha-2 code.',
        querystring: placeSearchQuerySchema,
        response: { 200: dictionaryResponseSchema, ...errorResponses(401, 419, 422) },
      },
    },
    async (request) => {
      const { locale } = readContextOf(request);
      return searchCountries(places, locale, request.query.query || undefined);
    },
  );

  routes.get(
    routePattern('dictionaries.cities'),
    {
      schema: {
        tags,
        summary: 'Cities of a country, searched by name',
        description:
          "At most 50, names starting with the query first. A name in English, Russian or Ukrainian matches, and the answer is in the reader's language: Russian and Ukrainian names come from GeoNames for the larger cities, English (or the local spelling) where it has none (docs/decisions/014-countries-and-cities.md). An unknown country answers an empty list.",
        querystring: citySearchQuerySchema,
        response: { 200: dictionaryResponseSchema, ...errorResponses(401, 419, 422) },
      },
    },
    async (request) => {
      const { locale } = readContextOf(request);
      return searchCities(places, locale, request.query.country, request.query.query || undefined);
    },
  );

  // The dictionaries screen.

  routes.get(
    routePattern('dictionaries.manage'),
    {
      schema: {
        tags,
        summary: 'Dictionaries the company may edit',
        description: 'Needs Dictionaries create, update or delete at to_all.',
        response: { 200: editableDictionariesResponseSchema, ...editErrors },
      },
    },
    async (request) => listEditableDictionaries(await editContextOf(request)),
  );

  routes.get(
    routePattern('dictionaries.manage.entries'),
    {
      schema: {
        tags,
        summary: 'Every entry of a dictionary, hidden ones included',
        description: 'Names in every language. Needs Dictionaries create, update or delete at to_all.',
        params: dictionaryParamsSchema,
        response: { 200: editableDictionaryResponseSchema, ...editErrors },
      },
    },
    async (request) => getEditableDictionary(await editContextOf(request), request.params.dictionary),
  );

  routes.post(
    routePattern('dictionaries.manage.entries'),
    {
      schema: {
        tags,
        summary: "Add a company's own entry",
        description: 'At the end of the dictionary. Needs Dictionaries create at to_all.',
        params: dictionaryParamsSchema,
        body: createEntryBodySchema,
        response: { 201: editableEntryResponseSchema, ...editErrors },
      },
      preValidation: async (request) => {
        // Permission before validation: a role that may not create learns nothing from a 422.
        if ((await findLevel(request, 'Dictionaries', 'create')) !== 'to_all')
          throw new AppError('forbidden');
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await addEntry(await editContextOf(request), request.params.dictionary, request.body)),
  );

  registerPutRoute(
    routes,
    routePattern('dictionaries.manage.order'),
    {
      schema: {
        tags,
        summary: 'Reorder the entries of a dictionary; also POST with _method=PUT',
        description:
          'ids: every entry of the dictionary (hidden ones too), each once, in the new order (422 under ids otherwise). Needs Dictionaries update at to_all.',
        params: dictionaryParamsSchema,
        body: reorderEntriesBodySchema,
        response: { 200: editableDictionaryResponseSchema, ...editErrors },
      },
    },
    async (request) =>
      reorderEntries(await editContextOf(request), request.params.dictionary, request.body.ids),
  );

  registerPutRoute(
    routes,
    routePattern('dictionaries.manage.entry'),
    {
      schema: {
        tags,
        summary: 'Rename, hide or show an entry; also POST with _method=PUT',
        description:
          "A company entry is renamed in place; a shipped one gets the company's own names (a missing language falls back to the shipped name). Needs Dictionaries update at to_all.",
        params: entryParamsSchema,
        body: updateEntryBodySchema,
        response: { 200: editableEntryResponseSchema, ...editErrors },
      },
    },
    async (request) =>
      changeEntry(await editContextOf(request), request.params.dictionary, request.params.id, request.body),
  );

  routes.delete(
    routePattern('dictionaries.manage.entry'),
    {
      schema: {
        tags,
        summary: "Delete a company's own entry",
        description:
          'Records that used it lose the value. A shipped entry cannot be deleted (409): hide it instead. Needs Dictionaries delete at to_all.',
        params: entryParamsSchema,
        response: { 204: z.null(), ...editErrors },
      },
    },
    async (request, reply) => {
      await removeEntry(await editContextOf(request), request.params.dictionary, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
