import { fork } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { type RunningProcess, stopChild, TSX_IMPORT, trackChild } from './server-process';

/** Messages between the bench and its baseline child. */
export type BaselineRequest = { bodyBase64: string };
export type BaselineReady = { port: number };

/**
 * The physical limit an endpoint is compared with: a bare node:http server that answers every request
 * with one prebuilt JSON body. No routing, no validation, no database: only what any answer costs.
 */
export function createBaselineServer(body: Buffer): Server {
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(body.length),
  };
  return createServer((_request, response) => {
    response.writeHead(200, headers);
    response.end(body);
  });
}

const CHILD_ENTRY = fileURLToPath(new URL('./baseline-child.ts', import.meta.url));

/** Starts the baseline in its own process (so it gets a core of its own, like the real server). */
export async function startBaselineServer(body: Buffer): Promise<RunningProcess> {
  const child = trackChild(fork(CHILD_ENTRY, [], { execArgv: ['--import', TSX_IMPORT], stdio: 'pipe' }));
  let output = '';
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString('utf8')).slice(-4_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const ready = new Promise<BaselineReady>((resolve, reject) => {
    child.once('message', (message) => resolve(message as BaselineReady));
    child.once('exit', (code) => reject(new Error(`the baseline server exited (code ${code}): ${output}`)));
    child.once('error', reject);
  });
  const request: BaselineRequest = { bodyBase64: body.toString('base64') };
  child.send(request);
  const timeout = setTimeout(() => child.kill('SIGKILL'), 30_000);
  try {
    const { port } = await ready;
    if (child.pid === undefined) throw new Error('the baseline server has no pid');
    return {
      pid: child.pid,
      origin: `http://127.0.0.1:${port}`,
      child,
      readOutput: () => output,
      stop: () => stopChild(child, 2_000),
    };
  } finally {
    clearTimeout(timeout);
  }
}

/** The child side: waits for the body, listens on a free port of 127.0.0.1 and reports it. */
export async function serveBaselineFromParent(): Promise<void> {
  const [message] = (await once(process, 'message')) as [BaselineRequest];
  const server = createBaselineServer(Buffer.from(message.bodyBase64, 'base64'));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const ready: BaselineReady = { port: address.port };
  process.send?.(ready);
  // The parent going away (even killed) ends the baseline too.
  process.once('disconnect', () => process.exit(0));
}
