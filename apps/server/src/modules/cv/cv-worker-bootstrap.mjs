// Entry of every CV parser worker thread. Node 20 cannot load a .ts worker by itself, and a worker does not
// get the tsx loader of its parent (checked: `new Worker('x.ts')` fails with "Unknown file extension" even
// under `tsx`, whose --import hooks do not reach workers on Node 20), nor does Vitest's module runner reach
// it. So this plain ESM file registers tsx's ESM hooks for this thread and then imports the TypeScript entry
// named in workerData. The same file works under `tsx server.ts`, under Vitest, and under plain node.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
