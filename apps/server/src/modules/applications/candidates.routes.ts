import { routePattern } from '@kadry/shared/routes';
import {
  applicationSearchQuerySchema,
  applicationSearchResponseSchema,
  candidateDetailsResponseSchema,
  candidateEditInputSchema,
  candidateListQuerySchema,
  candidateListResponseSchema,
  dismissDuplicateInputSchema,
  mergeCandidateInputSchema,
  undoMergeResponseSchema,
} from '@kadry/shared/schemas/candidates';
import { idParamsSchema } from '@kadry/shared/schemas/common';
import { errorResponses, STAFF_ERRORS } from '@kadry/shared/schemas/error';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/tables';
import type { EventBus } from '../../lib/event-bus';
import { getAccess } from '../../plugins/access/access';
import { registerPutRoute } from '../../plugins/method-override';
import { searchApplications } from './application-search.service';
import type { ApplicationContext } from './applications.service';
import {
  dismissDuplicate,
  editCandidate,
  getCandidate,
  listCandidates,
  mergeCandidates,
  undoCandidateMerge,
} from './candidates.service';

export type CandidatesRoutesOptions = { db: Db; events: EventBus };

const config = { plan: 'ats' as const };
const tags = ['applications'];
const errors = errorResponses(...STAFF_ERRORS, 404);

/**
 * One person, many applications, and full-text search (issue 17, docs/decisions/027-candidate-search.md):
 * the people view, a person's card data and its corrections, merge and unmerge, and the ranked
 * search with snippets.
 */
export const candidatesRoutes: FastifyPluginAsync<CandidatesRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  async function contextOf(request: FastifyRequest): Promise<ApplicationContext> {
    return { db: opts.db, access: await getAccess(request), events: opts.events };
  }

  routes.get(
    routePattern('recruiting.applications.search'),
    {
      config,
      schema: {
        tags,
        summary: 'Full-text search over the CVs and answers of the applications the user may see',
        description:
          'Prefix matching of every word (`python dev` finds "Python developer"), ranked by ts_rank ' +
          '(a name match first), in any of en/ru/uk (the `simple` configuration). The CV text is ' +
          'searched only for roles with `field_files`, the e-mail and phone only for roles that see ' +
          'them; answers under a field permission and the contacts inside a CV are never searched. ' +
          'Each hit has a snippet of where it matched as text pieces, the found words marked `match`. ' +
          'Bounded by the page: the newest 1,000 full-text matches and the newest 1,000 name or contact ' +
          'matches are ranked, and past 1,000 matches `meta.total` is 1,000 with `meta.total_is_capped` ' +
          '(the list, GET /api/v1/applications, counts every match).',
        querystring: applicationSearchQuerySchema,
        response: { 200: applicationSearchResponseSchema, ...errors, ...errorResponses(422) },
      },
    },
    async (request) => searchApplications(await contextOf(request), request.query),
  );

  routes.get(
    routePattern('recruiting.candidates'),
    {
      config,
      schema: {
        tags,
        summary: 'The people view: candidates with an application matching the filters, latest first',
        description:
          'One row per person with the number of their applications the user may see and the latest ' +
          'of them. Takes the filters of the applications list (search included).',
        querystring: candidateListQuerySchema,
        response: { 200: candidateListResponseSchema, ...errors, ...errorResponses(422) },
      },
    },
    async (request) => listCandidates(await contextOf(request), request.query),
  );

  routes.get(
    routePattern('recruiting.candidates.one'),
    {
      config,
      schema: {
        tags,
        summary: 'A person: their applications, merges into them and possible duplicates',
        description:
          '404 unless at least one of their applications is within the Candidate view level (and for ' +
          'a candidate merged into another). Only applications the user may see are listed, here and ' +
          'for each suggested duplicate (same name with other contacts, or same e-mail or phone).',
        params: idParamsSchema,
        response: { 200: candidateDetailsResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await getCandidate(await contextOf(request), request.params.id) }),
  );

  registerPutRoute(
    routes,
    routePattern('recruiting.candidates.one'),
    {
      config,
      schema: {
        tags,
        summary: "Correct a person's name, e-mail or phone; also POST with _method=PUT",
        description:
          'Only the fields sent change (null empties the e-mail or phone), validated as the careers ' +
          'form validates them. Each change adds a `field_changed` entry (who, which field, from, to) to ' +
          'the history of every application of the person; the values of the e-mail and phone there are ' +
          'shown only to roles with `field_email` / `field_phone`. 404 unless the user sees the person; ' +
          '403 unless the Candidate update level reaches every application of the person, and 403 for ' +
          'sending `email` without `field_email` or `phone` without `field_phone`. The new contacts ' +
          'match the next applications from them (decision 027). One transaction: a refused edit writes ' +
          'nothing.',
        params: idParamsSchema,
        body: candidateEditInputSchema,
        response: { 200: candidateDetailsResponseSchema, ...errors, ...errorResponses(422) },
      },
    },
    async (request) => ({
      data: await editCandidate(await contextOf(request), request.params.id, request.body),
    }),
  );

  routes.post(
    routePattern('recruiting.candidates.merge'),
    {
      config,
      schema: {
        tags,
        summary: 'Merge another candidate into this one (this one survives with its name and contacts)',
        description:
          'Moves every application of `candidate_id` here (answers and files stay with them), keeps a ' +
          'record an unmerge restores exactly, and adds a "merged" entry to each application\'s history. ' +
          '404 unless the user sees both people; 403 unless the Candidate update level reaches every ' +
          'application of both. One transaction; the two candidates are locked in id order.',
        params: idParamsSchema,
        body: mergeCandidateInputSchema,
        response: { 200: candidateDetailsResponseSchema, ...errors, ...errorResponses(422) },
      },
    },
    async (request) => ({
      data: await mergeCandidates(await contextOf(request), request.params.id, request.body.candidate_id),
    }),
  );

  routes.post(
    routePattern('recruiting.candidates.dismissDuplicate'),
    {
      config,
      schema: {
        tags,
        summary: 'Not the same person: stop suggesting `candidate_id` as a duplicate of this candidate',
        description: 'The same permission as a merge of the two.',
        params: idParamsSchema,
        body: dismissDuplicateInputSchema,
        response: { 200: candidateDetailsResponseSchema, ...errors, ...errorResponses(422) },
      },
    },
    async (request) => ({
      data: await dismissDuplicate(await contextOf(request), request.params.id, request.body.candidate_id),
    }),
  );

  routes.post(
    routePattern('recruiting.candidateMerges.undo'),
    {
      config,
      schema: {
        tags,
        summary: 'Undo a merge: the applications it moved go back to the merged candidate',
        description:
          'Adds an "unmerged" entry to the history of each application involved. 409 when it was ' +
          'undone already, or when the surviving candidate was merged on into another since (undo that first).',
        params: idParamsSchema,
        response: { 200: undoMergeResponseSchema, ...errors, ...errorResponses(409) },
      },
    },
    async (request) => ({ data: await undoCandidateMerge(await contextOf(request), request.params.id) }),
  );
};
