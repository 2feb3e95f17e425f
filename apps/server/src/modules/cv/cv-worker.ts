import { parentPort } from 'node:worker_threads';
import { CvParseError } from './cv-parse-error';
import { parseCvFile } from './parse-cv-file';

/** Main thread → worker. */
export type CvWorkerRequest = { id: number; path: string };
/** Worker → main thread: 'ready' once modules are loaded, then one reply per request. */
export type CvWorkerReply =
  | { type: 'ready' }
  | { type: 'result'; id: number; result: Awaited<ReturnType<typeof parseCvFile>> }
  | { type: 'failure'; id: number; reason: CvParseError['reason'] | null; message: string };

// Worker entry: loaded by cv-worker-bootstrap.mjs inside a worker thread, never imported by other modules.
const port = parentPort;
if (port) {
  port.on('message', async (request: CvWorkerRequest) => {
    let reply: CvWorkerReply;
    try {
      reply = { type: 'result', id: request.id, result: await parseCvFile(request.path) };
    } catch (error) {
      const reason = error instanceof CvParseError ? error.reason : null;
      reply = {
        type: 'failure',
        id: request.id,
        reason,
        message: (error as Error)?.message ?? String(error),
      };
    }
    port.postMessage(reply);
  });
  port.postMessage({ type: 'ready' } satisfies CvWorkerReply);
}
