import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { Metrics } from './metrics';

/**
 * A listener of its own for Prometheus (METRICS_PORT): `GET /metrics` and nothing else, on a port that
 * the network policy keeps away from the public. Answers without a token (the port is the boundary),
 * unless `token` is set.
 */
export async function listenForMetrics(opts: {
  metrics: Metrics;
  host: string;
  port: number;
  isAuthorized?: (authorization: string | undefined) => boolean;
}): Promise<{ server: Server; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    if (opts.isAuthorized && !opts.isAuthorized(request.headers.authorization)) {
      response
        .writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer realm="metrics"' })
        .end('Unauthorized\n');
      return;
    }
    opts.metrics.registry.metrics().then(
      (text) => {
        response
          .writeHead(200, { 'content-type': opts.metrics.registry.contentType, 'cache-control': 'no-store' })
          .end(text);
      },
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics failed\n'),
    );
  });
  server.listen(opts.port, opts.host);
  await once(server, 'listening');
  return {
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
