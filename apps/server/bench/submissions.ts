import { randomUUID } from 'node:crypto';
import type { FormField } from '@kadry/shared/schemas/form';
import { buildApplicationEntries, createPdfFile } from './application';
import { createMultipartBody, postMultipart } from './multipart-stream';
import { computePercentile, runWithConcurrency } from './stats';

export type SubmissionOptions = {
  origin: string;
  vacancyId: number;
  fields: readonly FormField[];
  today: string;
  count?: number;
  concurrency?: number;
  cvBytes?: number;
};

export type SubmissionResult = {
  count: number;
  concurrency: number;
  cvBytes: number;
  p50Ms: number;
  p95Ms: number;
  perSecond: number;
  wallMs: number;
  /** How many answered something other than 201, and the first such answer. */
  failed: number;
  firstFailure: string | null;
};

/** `count` complete applications with a CV of `cvBytes` (5 MB), `concurrency` at a time. */
export async function measureSubmissions(options: SubmissionOptions): Promise<SubmissionResult> {
  const count = options.count ?? 40;
  const concurrency = options.concurrency ?? 4;
  const cvBytes = options.cvBytes ?? 5 * 1024 * 1024;
  const url = `${options.origin}/api/v1/public-vacancies/${options.vacancyId}/response`;

  const started = performance.now();
  const answers = await runWithConcurrency(count, concurrency, (i) => {
    const entries = buildApplicationEntries(options.fields, {
      today: options.today,
      seq: 1_000 + i,
      cv: createPdfFile(`cv-${i}.pdf`, cvBytes),
    });
    return postMultipart(url, createMultipartBody(entries), { 'idempotency-key': randomUUID() });
  });
  const wallMs = performance.now() - started;
  const failures = answers.filter((answer) => answer.status !== 201);
  const latencies = answers.map((answer) => answer.ms);

  return {
    count,
    concurrency,
    cvBytes,
    p50Ms: computePercentile(latencies, 50),
    p95Ms: computePercentile(latencies, 95),
    perSecond: count / (wallMs / 1000),
    wallMs,
    failed: failures.length,
    firstFailure: failures[0] ? `${failures[0].status}: ${failures[0].body.slice(0, 500)}` : null,
  };
}
