import { request } from 'node:http';

// One timed HTTP request for the bench sections (people, statistics, absences, dashboard, bulk move…).

export type Answer = { status: number; body: Buffer; ms: number };

/** One HTTP request with the given headers (fetch cannot set Host), timed to the end of the body. */
export function send(
  url: string,
  opts: {
    method?: string;
    headers?: Record<string, string>;
    body?: () => NodeJS.ReadableStream;
    length?: number;
  },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      url,
      {
        method: opts.method ?? 'GET',
        agent: false,
        headers: {
          ...opts.headers,
          ...(opts.length !== undefined ? { 'content-length': String(opts.length) } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.once('error', reject);
        response.once('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks),
            ms: performance.now() - started,
          }),
        );
      },
    );
    req.once('error', reject);
    if (opts.body) opts.body().pipe(req);
    else req.end();
  });
}
