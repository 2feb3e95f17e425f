import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import { FILE_MAX_BYTES, FILE_MIN_BYTES } from '@kadry/shared/constants';
import { errorBodySchema } from '@kadry/shared/schemas/error';
import { cvParseResponseSchema } from '@kadry/shared/schemas/form';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Env } from '../../config/env';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import { readLimitedParts } from '../../lib/multipart-body';
import { writeUploadToTempFile } from '../../lib/temp-upload';
import type { FileStore } from '../../storage/file-store';
import { saveCvParse, sweepExpiredCvParses } from './cv.service';
import { CvParseError, CvParserBusyError } from './cv-parse-error';
import type { CvParserPool } from './cv-parser-pool';
import { detectFileFormat, isCvFormat } from './detect-format';

/** Expired parses are swept this often (and once at start). */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/**
 * The body is one file part, `cv`. The careers page sends nothing else; a few small text parts are
 * tolerated (and ignored), anything more is refused before it is read (413).
 */
const CV_BODY_LIMITS = { textParts: 4, valueBytes: 1_024, textBytes: 4_096 };

/**
 * POST /api/v1/public-vacancies/parse/cv: one file `cv`, judged by its bytes, parsed off the event
 * loop; the text and contacts are kept for 24 hours under an unguessable cache id. The file itself
 * is not kept: the application carries its own copy.
 */
export const cvRoutes: FastifyPluginAsync<{
  db: Db;
  env: Env;
  fileStore: FileStore;
  cvParser: CvParserPool;
}> = async (app, opts) => {
  const { db, cvParser } = opts;
  const tmpDir = path.resolve(opts.env.DATA_DIR, 'tmp');
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const sweep = () =>
    sweepExpiredCvParses(db, new Date()).catch((error: unknown) =>
      app.log.warn({ err: error }, 'cv sweep failed'),
    );
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void sweep();
    timer = setInterval(sweep, SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));

  routes.post(
    '/api/v1/public-vacancies/parse/cv',
    {
      config: { rateLimit: { max: opts.env.RATE_LIMIT_CV_PARSES, timeWindow: '1 minute' } },
      schema: {
        tags: ['careers'],
        summary: 'Parse a CV (pdf, doc, docx, rtf, odt, txt; 1 KB to 50 MB) into contact details',
        consumes: ['multipart/form-data'],
        response: {
          200: cvParseResponseSchema,
          404: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
          422: errorBodySchema,
          429: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request) => {
      const company = request.company;
      if (!company) throw new AppError('not_found');
      if (!request.isMultipart()) throw new AppError('unsupported_media_type');
      const parts = readLimitedParts(
        request.raw,
        request.parts({
          limits: {
            fileSize: FILE_MAX_BYTES,
            files: 1,
            fields: CV_BODY_LIMITS.textParts,
            fieldSize: CV_BODY_LIMITS.valueBytes,
            parts: CV_BODY_LIMITS.textParts + 1,
          },
        }),
        { maxTextBytes: CV_BODY_LIMITS.textBytes, minBytesPerSec: opts.env.UPLOAD_MIN_BYTES_PER_SEC },
      );
      let part: MultipartFile | undefined;
      for await (const next of parts) {
        if (next.type === 'file') {
          part = next;
          break;
        }
      }
      if (part?.fieldname !== 'cv') {
        part?.file.resume();
        throw new AppError('validation', {
          key: 'candidate.cv.supported_formats',
          issues: { cv: [{ key: 'public.fill_fields' }] },
        });
      }
      const upload = await writeUploadToTempFile(part.file, tmpDir, FILE_MAX_BYTES, {
        minBytesPerSec: opts.env.UPLOAD_MIN_BYTES_PER_SEC,
      }).catch((error: unknown) => {
        throw (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE'
          ? new AppError('file_too_large')
          : error;
      });
      try {
        if (part.file.truncated) throw new AppError('file_too_large');
        if (upload.size < FILE_MIN_BYTES) {
          throw new AppError('cv_unsupported', {
            issues: { cv: [{ key: 'career_page.application_form.error_min_file_size' }] },
          });
        }
        // A DOCX or ODT whose identifying entries lie past the head reads as a plain zip: the worker,
        // which sees the whole file, decides those.
        const format = await detectFileFormat(upload.head);
        if (!isCvFormat(format) && format !== 'zip') throw new AppError('cv_unsupported');
        const result = await cvParser.parse(upload.path).catch((error: unknown) => {
          if (error instanceof CvParserBusyError)
            throw new AppError('service_unavailable', { retryAfter: 5 });
          if (error instanceof CvParseError) {
            request.log.info({ reason: error.reason }, 'cv not parsed');
            throw new AppError('cv_unsupported', { cause: error });
          }
          throw error;
        });
        const cacheId = await saveCvParse(db, company.id, result, new Date());
        return { data: { cache_id: cacheId, parsed: result.parsed } };
      } finally {
        await upload.remove();
      }
    },
  );
};
