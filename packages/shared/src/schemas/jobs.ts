import { z } from 'zod';

/**
 * Durable jobs (docs/decisions/020-job-queue.md): mail deliveries run as jobs, retried with backoff;
 * a job out of attempts is dead and shown to owners, who may send it again. Owners only.
 */

export const JOB_STATES = ['pending', 'done', 'dead'] as const;
export const jobStateSchema = z.enum(JOB_STATES);

/** `GET admin.jobs?state=dead` (the default): the company's jobs in that state, newest first, at most 100. */
export const jobsQuerySchema = z.object({ state: jobStateSchema.default('dead') });

export const jobSchema = z.object({
  id: z.number().int(),
  /** e.g. 'mail.send'. */
  kind: z.string(),
  state: jobStateSchema,
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  last_error: z.string().nullable(),
  /** Who and what, never a secret: for a mail, "recipient: subject" (empty once delivered). */
  summary: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  /** When it is tried next (pending) . */
  available_at: z.iso.datetime({ offset: true }),
  finished_at: z.iso.datetime({ offset: true }).nullable(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobsResponseSchema = z.object({ data: z.array(jobSchema) });
