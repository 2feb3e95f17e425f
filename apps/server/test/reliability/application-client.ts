import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { type Agent, type IncomingHttpHeaders, request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FormField } from '@kadry/shared/schemas/form';
import { emptyFieldValue, type FieldValue, type FileLike } from '@kadry/shared/validation/form-values';
import { encodeResponse, type FormEntry } from '@kadry/shared/wire/response-form';

/** A file the client uploads, with the hash the server must end up storing. */
export type UploadFile = FileLike & { bytes: Buffer; sha256: string; contentType: string };

/** One application to the demo form: its multipart body and the files in it, in field order. */
export type Application = { contentType: string; body: Buffer; files: UploadFile[] };

export type HttpAnswer = { status: number; headers: IncomingHttpHeaders; body: string };

const PDF_HEADER = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1');

/** A PDF by its magic bytes (what the server's format check reads) followed by random bytes. */
export function createPdfFile(name: string, size: number): UploadFile {
  const bytes = Buffer.concat([PDF_HEADER, randomBytes(Math.max(0, size - PDF_HEADER.length))]);
  return {
    name,
    size: bytes.length,
    lastModified: Date.now(),
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    contentType: 'application/pdf',
  };
}

export async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The first open vacancy of the demo company and its application form. */
export async function fetchDemoForm(origin: string): Promise<{ vacancyId: number; fields: FormField[] }> {
  const list = await fetchJson<{ data: { public_url: string }[] }>(`${origin}/api/v1/public-vacancies`);
  const first = list.data[0];
  if (!first) throw new Error('the demo data has no open vacancy');
  const vacancyId = Number(first.public_url.split('/').pop());
  const form = await fetchJson<{ fields: FormField[] }>(
    `${origin}/api/v1/public-vacancies/${vacancyId}/response`,
  );
  return { vacancyId, fields: form.fields };
}

/**
 * A valid application to `fields`: name and email filled, `cv` in the cv field and `attachments` in the
 * first other files field; everything else left as the browser's blank form sends it.
 */
export function buildApplication(
  fields: readonly FormField[],
  seq: number,
  cv: UploadFile,
  attachments: readonly UploadFile[] = [],
): Application {
  const cvIndex = fields.findIndex((field) => field.input_type === 'files' && field.type === 'cv');
  const attachmentIndex = fields.findIndex((field, i) => field.input_type === 'files' && i !== cvIndex);
  if (cvIndex === -1 || (attachments.length > 0 && attachmentIndex === -1)) {
    throw new Error('the form has no field for these files');
  }
  const values = fields.map((field, index): FieldValue<UploadFile> => {
    if (index === cvIndex) return { kind: 'files', files: [{ file: cv, error: '' }] };
    if (index === attachmentIndex) {
      return { kind: 'files', files: attachments.map((file) => ({ file, error: '' })) };
    }
    if (field.input_type === 'email') return { kind: 'text', text: `candidate.${seq}@example.com` };
    if (field.type === 'name') return { kind: 'text', text: `Candidate ${seq}` };
    return emptyFieldValue<UploadFile>(field);
  });
  const entries = encodeResponse({ source: 'reliability', cacheId: '', fields, values });
  const files = [cv, ...attachments];
  return { ...encodeMultipart(entries), files };
}

/** A multipart/form-data body of these entries, as a browser would send it. */
export function encodeMultipart(entries: readonly FormEntry<UploadFile>[]): {
  contentType: string;
  body: Buffer;
} {
  const boundary = `----KadryReliability${randomUUID().replaceAll('-', '')}`;
  const quote = (value: string) => value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const pieces: Buffer[] = [];
  for (const [name, value] of entries) {
    const disposition = `Content-Disposition: form-data; name="${quote(name)}"`;
    if (typeof value === 'string') {
      pieces.push(Buffer.from(`--${boundary}\r\n${disposition}\r\n\r\n${value}\r\n`));
    } else {
      pieces.push(
        Buffer.from(
          `--${boundary}\r\n${disposition}; filename="${quote(value.fileName)}"\r\n` +
            `Content-Type: ${value.file.contentType}\r\n\r\n`,
        ),
        value.file.bytes,
        Buffer.from('\r\n'),
      );
    }
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(pieces) };
}

export type PostOptions = {
  headers?: Record<string, string>;
  /** Send the body in chunks of this size… */
  chunkBytes?: number;
  /** …waiting this long between them (a slow uplink). */
  chunkDelayMs?: number;
  /** Stop after `afterBytes` bytes until `open` resolves (holds a request in flight on purpose). */
  gate?: { afterBytes: number; open: Promise<void> };
  /** Called once `afterBytes` bytes of the body are written (with a gate) or the whole body is. */
  onHeld?: () => void;
  /** Socket inactivity limit. */
  timeoutMs?: number;
  /** Send over this agent (e.g. keep-alive, as browsers do) instead of a fresh connection closed after the answer. */
  agent?: Agent;
};

/**
 * POSTs `body` over a fresh connection (or `opts.agent`). Resolves with the answer even when the server answers before
 * reading everything (a 503 or 413 may); rejects with the network error (ECONNREFUSED, ECONNRESET, ...)
 * when no answer came.
 */
export function postBody(
  url: string,
  contentType: string,
  body: Buffer,
  opts: PostOptions = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, {
      method: 'POST',
      agent: opts.agent ?? false,
      timeout: opts.timeoutMs ?? 60_000,
      headers: { ...opts.headers, 'content-type': contentType, 'content-length': String(body.length) },
    });
    let isAnswered = false;
    let isClosed = false;
    outgoing.once('response', (response) => {
      isAnswered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('error', reject);
      response.once('aborted', () => reject(new Error('response aborted')));
      response.once('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    outgoing.on('error', (error) => {
      if (!isAnswered) reject(error);
    });
    outgoing.once('close', () => {
      isClosed = true;
    });
    outgoing.once('timeout', () => outgoing.destroy(new Error(`POST ${url}: no progress for the timeout`)));

    const waitForDrain = () =>
      new Promise<void>((resolve) => {
        const done = () => {
          outgoing.off('drain', done);
          outgoing.off('close', done);
          resolve();
        };
        outgoing.on('drain', done);
        outgoing.on('close', done);
      });
    const chunkBytes = opts.chunkBytes ?? body.length;
    let offset = 0;
    const send = async (until: number) => {
      while (offset < until && !isClosed) {
        const end = Math.min(offset + chunkBytes, until);
        const isFlushed = outgoing.write(body.subarray(offset, end));
        offset = end;
        if (!isFlushed && !isClosed) await waitForDrain();
        if (opts.chunkDelayMs && offset < body.length) await sleep(opts.chunkDelayMs);
      }
    };
    const write = async () => {
      await send(opts.gate ? Math.min(opts.gate.afterBytes, body.length) : body.length);
      opts.onHeld?.();
      if (opts.gate) await opts.gate.open;
      await send(body.length);
      if (!isClosed) outgoing.end();
    };
    // A write failing because the server answered early and closed is fine: the answer counts.
    write().catch(() => undefined);
  });
}

/** What it took to get one application acknowledged. */
export type Acknowledgement = {
  key: string;
  id: number;
  attempts: number;
  /** Statuses of every answered attempt, in order (201 last). */
  statuses: number[];
  /** Network failures (no answer at all), by error code or message. */
  networkErrors: string[];
  isReplayed: boolean;
};

export type SubmitOptions = {
  url: string;
  application: Application;
  key: string;
  /** Give up (reject) after this long. */
  deadlineMs?: number;
};

const RETRYABLE_STATUSES = new Set([408, 409, 429, 500, 502, 503, 504]);

/**
 * Sends an application with an Idempotency-Key until it is acknowledged (201), as a careful client
 * would: network errors and retryable statuses are retried with the same key, waiting Retry-After
 * (capped at 2 s to keep tests short) or an exponential backoff with jitter. Any other answer rejects.
 */
export async function submitUntilAcknowledged(opts: SubmitOptions): Promise<Acknowledgement> {
  const deadline = Date.now() + (opts.deadlineMs ?? 120_000);
  const statuses: number[] = [];
  const networkErrors: string[] = [];
  for (let attempt = 1; ; attempt++) {
    let waitMs = Math.min(1_000, 50 * 2 ** Math.min(attempt, 5)) * (0.5 + Math.random() / 2);
    try {
      const answer = await postBody(opts.url, opts.application.contentType, opts.application.body, {
        headers: { 'idempotency-key': opts.key },
      });
      statuses.push(answer.status);
      if (answer.status === 201) {
        const id = (JSON.parse(answer.body) as { data: { id: number } }).data.id;
        return {
          key: opts.key,
          id,
          attempts: attempt,
          statuses,
          networkErrors,
          isReplayed: answer.headers['idempotent-replayed'] === 'true',
        };
      }
      if (!RETRYABLE_STATUSES.has(answer.status)) {
        throw new FatalAnswerError(`${answer.status} ${answer.body.slice(0, 300)}`);
      }
      const retryAfter = Number(answer.headers['retry-after']);
      if (Number.isFinite(retryAfter) && retryAfter > 0) waitMs = Math.min(2_000, retryAfter * 1_000);
    } catch (error) {
      if (error instanceof FatalAnswerError) throw error;
      const code = (error as { code?: unknown }).code;
      networkErrors.push(
        typeof code === 'string' ? code : error instanceof Error ? error.message : String(error),
      );
    }
    if (Date.now() + waitMs > deadline) {
      throw new Error(
        `key ${opts.key} not acknowledged in time: statuses ${statuses.join(',')}; errors ${networkErrors.join(',')}`,
      );
    }
    await sleep(waitMs);
  }
}

class FatalAnswerError extends Error {}
