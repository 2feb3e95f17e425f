import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { FILE_MAX_BYTES } from '@kadry/shared/constants';
import type { FormField } from '@kadry/shared/schemas/form';
import { buildApplicationEntries, createPdfFile } from './application';
import { createMultipartBody, postMultipart } from './multipart-stream';
import { computeMedian } from './stats';

/** VmRSS of a /proc/<pid>/status text, in bytes; null when the line is missing. */
export function parseVmRssBytes(status: string): number | null {
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  return match ? Number(match[1]) * 1024 : null;
}

/** The resident set size of a process right now, from /proc (Linux only). */
export function readRssBytes(pid: number): number {
  const rss = parseVmRssBytes(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (rss === null) throw new Error(`no VmRSS for process ${pid}`);
  return rss;
}

export type RssSampler = { stop(): { peakBytes: number; samples: number[] } };

/** Samples a process's RSS every `intervalMs` until stopped (a process that is gone ends the sampling). */
export function startRssSampler(pid: number, intervalMs = 20): RssSampler {
  const samples: number[] = [readRssBytes(pid)];
  const timer = setInterval(() => {
    try {
      samples.push(readRssBytes(pid));
    } catch {
      clearInterval(timer);
    }
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      try {
        samples.push(readRssBytes(pid));
      } catch {
        // Gone: the samples so far are all there is.
      }
      return { peakBytes: Math.max(...samples), samples };
    },
  };
}

export type UploadMemoryOptions = {
  origin: string;
  vacancyId: number;
  fields: readonly FormField[];
  /** The server process whose memory is watched. */
  pid: number;
  today: string;
  uploads?: number;
  fileBytes?: number;
};

export type UploadMemoryResult = {
  uploads: number;
  fileBytes: number;
  preRssBytes: number;
  peakRssBytes: number;
  growthBytes: number;
  statuses: number[];
  /** The first answer body that was not a 201, to say why. */
  firstFailure: string | null;
  wallMs: number;
  sampleCount: number;
};

const SMALL_FILE_BYTES = 2 * 1024;

/**
 * Peak RSS growth of the server while `uploads` complete applications, each carrying one file of
 * `fileBytes` (50 MB by default, the largest allowed), stream in at the same time. One small application
 * goes first so that lazily loaded code is not counted as upload memory.
 */
export async function measureUploadMemory(options: UploadMemoryOptions): Promise<UploadMemoryResult> {
  const uploads = options.uploads ?? 5;
  const fileBytes = options.fileBytes ?? FILE_MAX_BYTES;
  const url = `${options.origin}/api/v1/public-vacancies/${options.vacancyId}/response`;
  const send = (seq: number, attachmentBytes: number) => {
    const entries = buildApplicationEntries(options.fields, {
      today: options.today,
      seq,
      cv: createPdfFile(`cv-${seq}.pdf`, SMALL_FILE_BYTES),
      attachment: createPdfFile(`portfolio-${seq}.pdf`, attachmentBytes),
    });
    return postMultipart(url, createMultipartBody(entries), { 'idempotency-key': randomUUID() });
  };

  const warmup = await send(0, SMALL_FILE_BYTES);
  if (warmup.status !== 201) {
    throw new Error(`a small application was refused with ${warmup.status}: ${warmup.body.slice(0, 500)}`);
  }
  await sleep(500);
  const quiet = startRssSampler(options.pid);
  await sleep(300);
  const preRssBytes = computeMedian(quiet.stop().samples);

  const sampler = startRssSampler(options.pid);
  const started = performance.now();
  const answers = await Promise.all(Array.from({ length: uploads }, (_, i) => send(i + 1, fileBytes)));
  const wallMs = performance.now() - started;
  const { peakBytes, samples } = sampler.stop();

  return {
    uploads,
    fileBytes,
    preRssBytes,
    peakRssBytes: peakBytes,
    growthBytes: Math.max(0, peakBytes - preRssBytes),
    statuses: answers.map((answer) => answer.status),
    firstFailure: answers.find((answer) => answer.status !== 201)?.body.slice(0, 500) ?? null,
    wallMs,
    sampleCount: samples.length,
  };
}
