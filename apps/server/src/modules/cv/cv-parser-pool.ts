import { Worker } from 'node:worker_threads';
import { CvParseError, CvParserBusyError } from './cv-parse-error';
import type { CvWorkerReply, CvWorkerRequest } from './cv-worker';
import type { CvParseResult } from './parse-cv-file';

export { CvParseError, CvParserBusyError } from './cv-parse-error';

export type CvParserPoolOptions = {
  /** Worker threads parsing at once (default 2). */
  workers?: number;
  /** A job running longer is cut: its worker is terminated and the job fails with 'timeout' (default 15 s). */
  timeoutMs?: number;
  /** Jobs that may wait for a worker; one more is refused with CvParserBusyError (default 16). */
  maxQueue?: number;
  /** Heap limit of each worker; a file needing more kills only its worker, as 'too_large' (default 256). */
  maxOldGenerationSizeMb?: number;
  /**
   * Growth of the process's resident memory while jobs run, past which the running jobs are stopped as
   * 'too_large' (default 512). The heap limit does not cover ArrayBuffers, which is where pdf.js inflates a
   * PDF's streams: a 1 MB "PDF bomb" otherwise grows the process by gigabytes before its time limit.
   */
  maxRssGrowthMb?: number;
  /** Test seam: a different worker entry speaking the same protocol as cv-worker.ts. */
  workerEntry?: URL;
};

export type CvParserPool = {
  /** Parses the CV at a local path off the main thread. Rejects with CvParseError or CvParserBusyError. */
  parse(path: string): Promise<CvParseResult>;
  /** Terminates the workers; jobs still waiting or running reject. */
  close(): Promise<void>;
};

const DEFAULTS = {
  workers: 2,
  timeoutMs: 15_000,
  maxQueue: 16,
  maxOldGenerationSizeMb: 256,
  maxRssGrowthMb: 512,
};
/** How often resident memory is checked while a job runs. */
const MEMORY_CHECK_MS = 50;
/** Loading a worker (tsx compiles its modules on first use) is not part of a job's time, but is bounded too. */
const BOOT_TIMEOUT_MS = 30_000;
const BOOTSTRAP_URL = new URL('./cv-worker-bootstrap.mjs', import.meta.url);
const WORKER_ENTRY_URL = new URL('./cv-worker.ts', import.meta.url);

type Job = {
  id: number;
  path: string;
  /** Resident memory of the process when the job started. */
  rssAtStart: number;
  resolve: (result: CvParseResult) => void;
  reject: (error: Error) => void;
};

type Slot = {
  worker: Worker;
  state: 'booting' | 'idle' | 'busy';
  job: Job | null;
  timer: NodeJS.Timeout | null;
};

/**
 * A pool of worker threads that detect, extract and read CVs, so a slow or hostile file never blocks the
 * event loop: each job has a time limit, each worker a heap limit, a crashed or stopped worker is replaced on
 * demand, and the number of jobs in flight is bounded (workers + maxQueue).
 */
export function createCvParserPool(options: CvParserPoolOptions = {}): CvParserPool {
  const workers = Math.max(1, options.workers ?? DEFAULTS.workers);
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const maxQueue = Math.max(0, options.maxQueue ?? DEFAULTS.maxQueue);
  const maxOldGenerationSizeMb = options.maxOldGenerationSizeMb ?? DEFAULTS.maxOldGenerationSizeMb;
  const workerEntry = options.workerEntry ?? WORKER_ENTRY_URL;
  const maxRssGrowth = (options.maxRssGrowthMb ?? DEFAULTS.maxRssGrowthMb) * 1024 * 1024;

  const queue: Job[] = [];
  const slots = new Set<Slot>();
  let nextJobId = 1;
  let isClosed = false;
  let memoryWatch: NodeJS.Timeout | null = null;

  function countSlots(state: Slot['state']): number {
    let count = 0;
    for (const slot of slots) if (slot.state === state) count += 1;
    return count;
  }

  function parse(path: string): Promise<CvParseResult> {
    if (isClosed) return Promise.reject(new Error('CV parser pool is closed'));
    if (queue.length + countSlots('busy') >= workers + maxQueue)
      return Promise.reject(new CvParserBusyError());
    return new Promise<CvParseResult>((resolve, reject) => {
      queue.push({ id: nextJobId++, path, rssAtStart: 0, resolve, reject });
      pump();
    });
  }

  function pump(): void {
    if (isClosed) return;
    for (const slot of slots) {
      const job = slot.state === 'idle' ? queue.shift() : undefined;
      if (job) dispatch(slot, job);
    }
    const toSpawn = Math.min(queue.length - countSlots('booting'), workers - slots.size);
    for (let i = 0; i < toSpawn; i += 1) spawn();
  }

  function spawn(): void {
    const worker = new Worker(BOOTSTRAP_URL, {
      workerData: { entry: workerEntry.href },
      // The bootstrap registers tsx itself; the parent's flags (tsx's or Vitest's loaders) are not wanted.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb },
    });
    const slot: Slot = { worker, state: 'booting', job: null, timer: null };
    slot.timer = setTimeout(() => {
      void retire(slot);
      failQueue(new Error(`CV parser worker did not start within ${BOOT_TIMEOUT_MS} ms`));
    }, BOOT_TIMEOUT_MS);
    worker.on('message', (reply: CvWorkerReply) => onReply(slot, reply));
    worker.on('error', (error) => onWorkerGone(slot, error));
    worker.on('exit', (code) => onWorkerGone(slot, new Error(`CV parser worker exited with code ${code}`)));
    slots.add(slot);
  }

  function dispatch(slot: Slot, job: Job): void {
    slot.state = 'busy';
    slot.job = job;
    job.rssAtStart = process.memoryUsage.rss();
    watchMemory();
    slot.worker.ref();
    slot.timer = setTimeout(() => {
      void retire(slot);
      job.reject(new CvParseError('timeout', `CV parsing took longer than ${timeoutMs} ms`));
      pump();
    }, timeoutMs);
    slot.worker.postMessage({ id: job.id, path: job.path } satisfies CvWorkerRequest);
  }

  function onReply(slot: Slot, reply: CvWorkerReply): void {
    if (!slots.has(slot)) return;
    if (reply.type === 'ready') {
      clearSlotTimer(slot);
      setIdle(slot);
      pump();
      return;
    }
    const job = slot.job;
    if (!job || job.id !== reply.id) return;
    clearSlotTimer(slot);
    setIdle(slot);
    if (reply.type === 'result') job.resolve(reply.result);
    else job.reject(reply.reason ? new CvParseError(reply.reason, reply.message) : new Error(reply.message));
    pump();
  }

  function onWorkerGone(slot: Slot, error: Error): void {
    if (!slots.has(slot)) return;
    const wasBooting = slot.state === 'booting';
    const job = slot.job;
    void retire(slot);
    if (job) {
      // Past the heap limit: the file needs more memory than any CV should (e.g. a zip or PDF bomb).
      const isOutOfMemory = (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
      job.reject(
        isOutOfMemory
          ? new CvParseError('too_large', 'CV parsing ran out of memory')
          : new CvParseError('unreadable', `CV parser worker crashed: ${error.message}`),
      );
    }
    // A worker that cannot even start would fail every job the same way; fail them now instead of looping.
    if (wasBooting) failQueue(new Error(`CV parser worker failed to start: ${error.message}`));
    pump();
  }

  /**
   * While jobs run, checks the process's resident memory against the lowest of their starting points. A worker
   * cannot say how much it uses while it is stuck inflating, so past the budget every running job is stopped:
   * with one job that is the culprit; with several, an innocent one may go too, which beats losing the process.
   */
  function watchMemory(): void {
    if (memoryWatch) return;
    memoryWatch = setInterval(() => {
      const running = [...slots].filter((slot) => slot.state === 'busy' && slot.job);
      if (running.length === 0) {
        if (memoryWatch) clearInterval(memoryWatch);
        memoryWatch = null;
        return;
      }
      const baseline = Math.min(...running.map((slot) => slot.job?.rssAtStart ?? Number.POSITIVE_INFINITY));
      if (process.memoryUsage.rss() - baseline <= maxRssGrowth) return;
      for (const slot of running) {
        const job = slot.job;
        void retire(slot);
        job?.reject(new CvParseError('too_large', 'CV parsing needed too much memory'));
      }
      pump();
    }, MEMORY_CHECK_MS);
    memoryWatch.unref();
  }

  function setIdle(slot: Slot): void {
    slot.state = 'idle';
    slot.job = null;
    // An idle worker must not keep the process alive; a busy one must (a script awaiting a parse).
    slot.worker.unref();
  }

  function clearSlotTimer(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
  }

  function retire(slot: Slot): Promise<number> {
    clearSlotTimer(slot);
    slots.delete(slot);
    slot.job = null;
    return slot.worker.terminate();
  }

  function failQueue(error: Error): void {
    for (const job of queue.splice(0)) job.reject(error);
  }

  async function close(): Promise<void> {
    isClosed = true;
    if (memoryWatch) clearInterval(memoryWatch);
    memoryWatch = null;
    const closing = new Error('CV parser pool is closed');
    failQueue(closing);
    const terminations: Promise<number>[] = [];
    for (const slot of [...slots]) {
      slot.job?.reject(closing);
      terminations.push(retire(slot));
    }
    await Promise.all(terminations);
  }

  return { parse, close };
}
