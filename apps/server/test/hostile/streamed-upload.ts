import { once } from 'node:events';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

/** How an upload ended: the server's answer, or how the connection failed if none came. */
export type UploadResult = {
  status: number | null;
  body: string;
  headers: IncomingHttpHeaders;
  /** The socket error when the connection ended without a complete answer. */
  error: string | null;
  /** From the first byte sent to the answer (or the failure). */
  elapsedMs: number;
  /** File bytes written before the answer came or the connection failed. */
  fileBytesSent: number;
};

export type StreamedUpload = {
  url: string;
  /** The multipart body before the file's content: text parts and the file part's headers. */
  before: Buffer;
  /** The first bytes of the file (its magic number); the rest, up to fileSize, is spaces. */
  fileHead: Buffer;
  fileSize: number;
  /** The multipart body after the file's content. */
  after: Buffer;
  contentType: string;
  chunkSize?: number;
  /** Send at most this many file bytes per second (a slow client); unlimited when unset. */
  bytesPerSecond?: number;
};

/**
 * Sends a multipart upload over a real connection, generating the file's bytes as it goes (so a
 * 50 MB file is never held in memory here either) and honouring backpressure. Stops sending as soon
 * as the server answers, as a browser does.
 */
export function sendStreamedUpload(upload: StreamedUpload): Promise<UploadResult> {
  const chunkSize = upload.chunkSize ?? 64 * 1024;
  const length = upload.before.length + upload.fileSize + upload.after.length;
  const filler = Buffer.alloc(chunkSize, 0x20);
  const startedAt = performance.now();
  let fileBytesSent = 0;
  let isDone = false;
  let resolveDone: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    resolveDone = resolve;
  });

  return new Promise<UploadResult>((resolve) => {
    const req = httpRequest(upload.url, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': upload.contentType, 'content-length': String(length) },
    });
    const finish = (result: Omit<UploadResult, 'elapsedMs' | 'fileBytesSent'>) => {
      if (isDone) return;
      isDone = true;
      resolveDone();
      resolve({ ...result, elapsedMs: performance.now() - startedAt, fileBytesSent });
      req.destroy();
    };
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      const settle = (error: string | null) =>
        finish({
          status: res.statusCode ?? null,
          body: Buffer.concat(chunks).toString('utf8'),
          headers: res.headers,
          error,
        });
      res.on('end', () => settle(null));
      res.on('error', (error) => settle(error.message));
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      finish({ status: null, body: '', headers: {}, error: error.code ?? error.message }),
    );
    req.on('close', () => finish({ status: null, body: '', headers: {}, error: 'closed' }));

    const write = async (chunk: Buffer) => {
      if (isDone) return;
      if (!req.write(chunk)) await Promise.race([once(req, 'drain'), done]);
    };
    const sendBody = async () => {
      await write(upload.before);
      while (fileBytesSent < upload.fileSize && !isDone) {
        const size = Math.min(chunkSize, upload.fileSize - fileBytesSent);
        let chunk = filler.subarray(0, size);
        if (fileBytesSent < upload.fileHead.length) {
          chunk = Buffer.from(chunk);
          upload.fileHead.subarray(fileBytesSent, fileBytesSent + size).copy(chunk);
        }
        await write(chunk);
        fileBytesSent += size;
        const rate = upload.bytesPerSecond;
        if (rate) await Promise.race([new Promise((r) => setTimeout(r, (size / rate) * 1000)), done]);
      }
      await write(upload.after);
      if (!isDone) req.end();
    };
    // A write after the server hung up fails; the request's own 'error' or 'close' reports it.
    sendBody().catch(() => undefined);
  });
}
