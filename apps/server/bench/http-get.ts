import { get, type IncomingHttpHeaders } from 'node:http';

export type RawAnswer = {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body exactly as sent: no Accept-Encoding is asked for, so nothing is decompressed. */
  body: Buffer;
  /** From sending the request to the 'response' event (the status line and headers have arrived). */
  ttfbMs: number;
};

/** GET over a fresh connection with node:http, the way autocannon asks (no compression). */
export function getRaw(url: string, timeoutMs = 30_000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = get(url, { agent: false, timeout: timeoutMs }, (response) => {
      const ttfbMs = performance.now() - started;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('error', reject);
      response.once('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
          ttfbMs,
        }),
      );
    });
    request.once('timeout', () => request.destroy(new Error(`GET ${url} timed out after ${timeoutMs} ms`)));
    request.once('error', reject);
  });
}

/** GET that must answer 200 with JSON; returns the raw body and its parsed value. */
export async function getJson(url: string): Promise<{ body: Buffer; json: unknown }> {
  const answer = await getRaw(url);
  if (answer.status !== 200) {
    throw new Error(`GET ${url} answered ${answer.status}: ${answer.body.toString('utf8').slice(0, 300)}`);
  }
  return { body: answer.body, json: JSON.parse(answer.body.toString('utf8')) as unknown };
}
