import { routePattern } from '@kadry/shared/routes';
import {
  applicationListQuerySchema,
  commentInputSchema,
  moveApplicationInputSchema,
} from '@kadry/shared/schemas/recruiting';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storedFiles } from '../../db/schema/files';
import { applicationComments } from '../../db/schema/recruiting';
import { responseFiles } from '../../db/schema/responses';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { requireUser, staffLocaleOf } from '../../plugins/session';
import type { FileStore } from '../../storage/file-store';
import { FileNotFoundError } from '../../storage/file-store';
import { getAccess, requireAbility, requireNamedAction } from '../permissions/access';
import { registerPutRoute } from '../permissions/register-put-route';
import {
  applicationScope,
  buildApplicationDetails,
  buildApplicationWhere,
  canSeeField,
  countApplications,
  findApplicationRows,
  findReachableApplication,
  formatAnswer,
  isAnswerVisible,
  moveApplication,
  toSummaries,
} from './applications.service';
import { attachmentDisposition, writeCsv, writeXlsx } from './export-table';
import type { RecruitingRouteOptions } from './vacancies.routes';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const config = { plan: 'ats' as const };
/** Rows one export may hold; beyond it, narrow the filters. */
const EXPORT_LIMIT = 10_000;

const exportQuerySchema = applicationListQuerySchema
  .omit({ page: true, per_page: true })
  .extend({ format: z.enum(['csv', 'xlsx']).default('csv') });

/** Applications (candidates) of the vacancies the user reaches through the Candidate permission. */
export async function registerApplicationRoutes(
  app: FastifyInstance,
  opts: RecruitingRouteOptions & { fileStore: FileStore },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  const filterOf = (query: z.infer<typeof exportQuerySchema>) => ({
    search: query.search || undefined,
    vacancyId: query.vacancy_id,
    stageId: query.stage_id,
    source: query.source,
    from: query.from,
    to: query.to,
  });

  routes.get(
    routePattern('recruiting.applications'),
    { config, schema: { querystring: applicationListQuerySchema } },
    async (request) => {
      const query = request.query;
      const where = buildApplicationWhere(
        await applicationScope(request),
        filterOf({ ...query, format: 'csv' }),
      );
      const [rows, total] = await Promise.all([
        findApplicationRows(db, where, { limit: query.per_page, offset: (query.page - 1) * query.per_page }),
        countApplications(db, where),
      ]);
      return {
        data: await toSummaries(db, await getAccess(request), rows),
        meta: {
          current_page: query.page,
          last_page: Math.max(1, Math.ceil(total / query.per_page)),
          per_page: query.per_page,
          total,
        },
      };
    },
  );

  // Registered before `applications/:id` would matter only for a parametric clash; the static
  // segment wins in find-my-way anyway.
  routes.get(
    routePattern('recruiting.applications.export'),
    { config, schema: { querystring: exportQuerySchema } },
    async (request, reply) => {
      await requireNamedAction(request, 'Candidate', 'export_database');
      const where = buildApplicationWhere(await applicationScope(request), filterOf(request.query));
      const rows = await findApplicationRows(db, where, { limit: EXPORT_LIMIT, offset: 0 });
      const access = await getAccess(request);
      const summaries = await toSummaries(db, access, rows);
      const showEmail = canSeeField(access, 'field_email');
      const showPhone = canSeeField(access, 'field_phone');
      const header = [
        'ID',
        'Name',
        ...(showEmail ? ['Email'] : []),
        ...(showPhone ? ['Phone'] : []),
        'Vacancy',
        'Stage',
        'Source',
        'Applied at',
        'Repeat',
        'Answers',
      ];
      const table = {
        header,
        rows: summaries.map((summary, index) => {
          const row = rows[index];
          const answers = (row?.answers ?? [])
            .filter((answer) => isAnswerVisible(access, answer) && answer.input_type !== 'files')
            .map((answer) => `${answer.name}: ${formatAnswer(answer, undefined)}`)
            .join('\n');
          return [
            String(summary.id),
            summary.candidate.name,
            ...(showEmail ? [summary.candidate.email ?? ''] : []),
            ...(showPhone ? [summary.candidate.phone ?? ''] : []),
            summary.vacancy.name,
            summary.stage.name,
            summary.source,
            summary.created_at,
            summary.is_repeat ? 'yes' : 'no',
            answers,
          ];
        }),
      };
      reply.header('x-content-type-options', 'nosniff').header('cache-control', 'no-store');
      if (request.query.format === 'xlsx') {
        return reply
          .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', attachmentDisposition('candidates.xlsx'))
          .send(await writeXlsx(table));
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentDisposition('candidates.csv'))
        .send(writeCsv(table));
    },
  );

  routes.get(
    routePattern('recruiting.applications.one'),
    { config, schema: { params: idParams } },
    async (request) => {
      const row = await findReachableApplication(db, request, request.params.id);
      return { data: await buildApplicationDetails(db, request, row, staffLocaleOf(request)) };
    },
  );

  registerPutRoute(
    routes,
    routePattern('recruiting.applications.stage'),
    { config, schema: { params: idParams, body: moveApplicationInputSchema } },
    async (request) => {
      const row = await findReachableApplication(db, request, request.params.id, 'update');
      await moveApplication(db, row, request.body.stage_id);
      const moved = await findReachableApplication(db, request, row.id);
      const [summary] = await toSummaries(db, await getAccess(request), [moved]);
      return { data: summary };
    },
  );

  routes.get(
    routePattern('recruiting.applications.comments'),
    { config, schema: { params: idParams } },
    async (request) => {
      const row = await findReachableApplication(db, request, request.params.id);
      const comments = await db
        .select({
          id: applicationComments.id,
          text: applicationComments.text,
          createdAt: applicationComments.createdAt,
          authorId: users.id,
          authorName: users.name,
        })
        .from(applicationComments)
        .innerJoin(users, eq(users.id, applicationComments.authorId))
        .where(
          and(eq(applicationComments.companyId, row.companyId), eq(applicationComments.responseId, row.id)),
        )
        .orderBy(asc(applicationComments.createdAt), asc(applicationComments.id));
      return {
        data: comments.map((comment) => ({
          id: comment.id,
          text: comment.text,
          author: { id: comment.authorId, name: comment.authorName },
          created_at: comment.createdAt.toISOString(),
        })),
      };
    },
  );

  routes.post(
    routePattern('recruiting.applications.comments'),
    { config, schema: { params: idParams, body: commentInputSchema } },
    async (request, reply) => {
      // Commenting is working on the candidate: it needs the update level on them.
      const row = await findReachableApplication(db, request, request.params.id, 'update');
      const user = requireUser(request);
      const [comment] = await db
        .insert(applicationComments)
        .values({ companyId: row.companyId, responseId: row.id, authorId: user.id, text: request.body.text })
        .returning();
      if (!comment) throw new Error('comment insert returned nothing');
      return reply.code(201).send({
        data: {
          id: comment.id,
          text: comment.text,
          author: { id: user.id, name: user.name },
          created_at: comment.createdAt.toISOString(),
        },
      });
    },
  );

  routes.get(
    routePattern('recruiting.files.download'),
    { config, schema: { params: idParams } },
    async (request, reply) => {
      const user = requireUser(request);
      await requireAbility(request, 'Candidate', 'view').catch(() => {
        throw new AppError('not_found');
      });
      const [file] = await db
        .select({
          id: storedFiles.id,
          storageKey: storedFiles.storageKey,
          name: storedFiles.originalName,
          size: storedFiles.size,
          responseId: responseFiles.responseId,
        })
        .from(storedFiles)
        .innerJoin(responseFiles, eq(responseFiles.storedFileId, storedFiles.id))
        .where(and(eq(storedFiles.id, request.params.id), eq(storedFiles.companyId, user.companyId)))
        .limit(1);
      if (!file) throw new AppError('not_found');
      // The file is reachable exactly when its application is, and the role sees candidates' files.
      await findReachableApplication(db, request, file.responseId);
      if (!canSeeField(await getAccess(request), 'field_files')) throw new AppError('not_found');
      let stream: Awaited<ReturnType<FileStore['get']>>;
      try {
        stream = await opts.fileStore.get(file.storageKey);
      } catch (error) {
        if (error instanceof FileNotFoundError) throw new AppError('not_found', { cause: error });
        throw error;
      }
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-length', String(file.size))
        .header('content-disposition', attachmentDisposition(file.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );
}
