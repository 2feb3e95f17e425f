import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FormEntry } from '@kadry/shared/wire/response-form';
import type { BenchFile } from './application';

/** A multipart/form-data body described up front and generated on demand, never held whole. */
export type MultipartBody = {
  contentType: string;
  contentLength: number;
  /** A fresh stream of the body's bytes each call. */
  createStream(): Readable;
};

const CRLF = '\r\n';
const PADDING_CHUNK_BYTES = 64 * 1024;
// Filler after a file's header: PDF whitespace, so the file stays a (large, empty) PDF to anything that looks.
const PADDING = Buffer.alloc(PADDING_CHUNK_BYTES, 0x20);

/** Browsers percent-encode these in the quoted names of a Content-Disposition header. */
function quoteHeaderValue(value: string): string {
  return value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Yields `file.header` and then padding up to `file.size` (the padding chunk is shared, never copied). */
export function* generateFileBytes(file: BenchFile): Generator<Buffer> {
  const header = file.header.subarray(0, file.size);
  yield header;
  let remaining = file.size - header.length;
  while (remaining > 0) {
    const length = Math.min(remaining, PADDING_CHUNK_BYTES);
    yield length === PADDING_CHUNK_BYTES ? PADDING : PADDING.subarray(0, length);
    remaining -= length;
  }
}

type Piece = { kind: 'bytes'; bytes: Buffer } | { kind: 'file'; file: BenchFile };

/** The body of these entries: text parts as given, file parts generated from their BenchFile. */
export function createMultipartBody(
  entries: readonly FormEntry<BenchFile>[],
  boundary = `----KadryBench${randomUUID().replaceAll('-', '')}`,
): MultipartBody {
  const pieces: Piece[] = [];
  for (const [name, value] of entries) {
    const disposition = `form-data; name="${quoteHeaderValue(name)}"`;
    if (typeof value === 'string') {
      pieces.push({
        kind: 'bytes',
        bytes: Buffer.from(
          `--${boundary}${CRLF}Content-Disposition: ${disposition}${CRLF}${CRLF}${value}${CRLF}`,
        ),
      });
    } else {
      const head =
        `--${boundary}${CRLF}Content-Disposition: ${disposition}; filename="${quoteHeaderValue(value.fileName)}"${CRLF}` +
        `Content-Type: ${value.file.contentType}${CRLF}${CRLF}`;
      pieces.push({ kind: 'bytes', bytes: Buffer.from(head) });
      pieces.push({ kind: 'file', file: value.file });
      pieces.push({ kind: 'bytes', bytes: Buffer.from(CRLF) });
    }
  }
  pieces.push({ kind: 'bytes', bytes: Buffer.from(`--${boundary}--${CRLF}`) });

  const contentLength = pieces.reduce(
    (sum, piece) => sum + (piece.kind === 'bytes' ? piece.bytes.length : piece.file.size),
    0,
  );
  function* generateBody(): Generator<Buffer> {
    for (const piece of pieces) {
      if (piece.kind === 'bytes') yield piece.bytes;
      else yield* generateFileBytes(piece.file);
    }
  }
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    contentLength,
    // objectMode false: the stream hands Buffers on as bytes, with backpressure from the socket.
    createStream: () => Readable.from(generateBody(), { objectMode: false }),
  };
}

export type PostAnswer = { status: number; body: string; ms: number };

/**
 * POSTs the body over a fresh connection, streaming it with backpressure. Resolves with the answer even if
 * the server answers before reading everything (a 413 does), measuring from the first byte sent to the end
 * of the answer.
 */
export function postMultipart(
  url: string,
  body: MultipartBody,
  headers: Record<string, string> = {},
  timeoutMs = 120_000,
): Promise<PostAnswer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const outgoing = request(url, {
      method: 'POST',
      agent: false,
      timeout: timeoutMs,
      headers: { ...headers, 'content-type': body.contentType, 'content-length': String(body.contentLength) },
    });
    let isAnswered = false;
    outgoing.once('response', (response) => {
      isAnswered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('error', reject);
      response.once('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          ms: performance.now() - started,
        }),
      );
    });
    outgoing.on('error', (error) => {
      if (!isAnswered) reject(error);
    });
    outgoing.once('timeout', () =>
      outgoing.destroy(new Error(`POST ${url} timed out after ${timeoutMs} ms`)),
    );
    // Writing fails with EPIPE/ECONNRESET when the server answered early and closed: the answer counts,
    // and any other failure reaches the 'error' listener above.
    pipeline(body.createStream(), outgoing).catch(() => undefined);
  });
}
