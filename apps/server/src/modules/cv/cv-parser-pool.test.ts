import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CvParserPool } from './cv-parser-pool';
import { CvParseError, CvParserBusyError, createCvParserPool } from './cv-parser-pool';
import { makeDoc, makeDocx, makeOdt, makePdf, makePdfBomb, makeZipBombDocx } from './fixtures/cv-fixtures';

const TEST_WORKER = new URL('./fixtures/test-cv-worker.ts', import.meta.url);

let dir: string;
let pool: CvParserPool;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kadry-cv-pool-'));
  pool = createCvParserPool();
});

afterAll(async () => {
  await pool.close();
  await rm(dir, { recursive: true, force: true });
});

async function writeCv(name: string, data: Uint8Array | string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, data);
  return path;
}

/** Largest gap between ticks of a 10 ms interval while `work` runs: the main loop's responsiveness. */
async function measureLoopLag<T>(
  work: () => Promise<T>,
): Promise<{ lagMs: number; outcome: PromiseSettledResult<T> }> {
  let last = performance.now();
  let lagMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    lagMs = Math.max(lagMs, now - last - 10);
    last = now;
  }, 10);
  const [outcome] = await Promise.allSettled([work()]);
  clearInterval(timer);
  return { lagMs, outcome: outcome as PromiseSettledResult<T> };
}

describe('createCvParserPool with the real worker', () => {
  it('parses every CV format in a worker thread', async () => {
    const files: [string, Uint8Array | string][] = [
      ['cv-pdf', makePdf(['John Smith', 'john.smith@example.com', '+44 20 7946 0958'])],
      ['cv-docx', await makeDocx(['Олена Коваль', 'olena@example.com'])],
      ['cv-odt', await makeOdt('<text:p>Иван Петров</text:p><text:p>ivan@example.ru</text:p>')],
      [
        'cv-rtf',
        "{\\rtf1\\ansi\\ansicpg1251 \\'c8\\'e2\\'e0\\'ed \\'cf\\'e5\\'f2\\'f0\\'ee\\'e2\\par ivan@example.ru}",
      ],
      ['cv-txt', 'Петро Шевченко\nтел. +380 50 123 45 67\n'],
      ['cv-doc', makeDoc('Jane Doe\njane@example.com')],
    ];
    const results = await Promise.all(
      files.map(async ([name, data]) => pool.parse(await writeCv(name, data))),
    );
    expect(results.map((result) => [result.format, result.parsed.name])).toEqual([
      ['pdf', 'John Smith'],
      ['docx', 'Олена Коваль'],
      ['odt', 'Иван Петров'],
      ['rtf', 'Иван Петров'],
      ['txt', 'Петро Шевченко'],
      ['doc', 'Jane Doe'],
    ]);
    expect(results[0]?.parsed).toMatchObject({ email: 'john.smith@example.com', phone: '+442079460958' });
    expect(results[4]?.parsed.phone).toBe('+380501234567');
  });

  it('refuses an executable named cv.pdf as unsupported', async () => {
    const exe = Buffer.alloc(4096);
    exe.write('MZ', 0, 'latin1');
    exe.writeUInt32LE(0x80, 0x3c);
    exe.write('PE\0\0', 0x80, 'latin1');
    const error = await pool.parse(await writeCv('cv.pdf', exe)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CvParseError);
    expect(error).toMatchObject({ reason: 'unsupported' });
  });

  it('refuses random bytes as unsupported', async () => {
    const noise = Buffer.alloc(8192);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 131 + 7) % 256;
    await expect(pool.parse(await writeCv('noise.doc', noise))).rejects.toMatchObject({
      reason: 'unsupported',
    });
  });

  it('refuses a damaged PDF as unreadable', async () => {
    const broken = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4096, 0x20)]);
    await expect(pool.parse(await writeCv('broken.pdf', broken))).rejects.toMatchObject({
      reason: 'unreadable',
    });
  });

  it('refuses a 300 MB zip-bomb DOCX without the process growing by 100 MB', async () => {
    // Warm the worker up first, so module loading is not counted as the bomb's memory.
    await pool.parse(await writeCv('warm.docx', await makeDocx(['Jane Doe'])));
    const path = await writeCv('bomb.docx', makeZipBombDocx(300 * 1024 * 1024, true));
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 5);
    const outcome = await pool.parse(path).catch((caught: unknown) => caught);
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage.rss());
    expect(outcome).toMatchObject({ name: 'CvParseError', reason: 'too_large' });
    expect(peak - before).toBeLessThan(100 * 1024 * 1024);
  });
});

describe('createCvParserPool limits', () => {
  it('stops a PDF whose streams inflate past the memory budget, long before its time limit', async () => {
    // The heap limit does not see pdf.js's ArrayBuffers; the resident-memory budget does.
    const guarded = createCvParserPool({ workers: 1, timeoutMs: 20_000, maxRssGrowthMb: 128 });
    try {
      await guarded.parse(await writeCv('warm.pdf', makePdf(['Jane Doe'])));
      const path = await writeCv('bomb.pdf', makePdfBomb(2048));
      const before = process.memoryUsage.rss();
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage.rss());
      }, 5);
      const started = performance.now();
      const outcome = await guarded.parse(path).catch((caught: unknown) => caught);
      clearInterval(sampler);
      expect(outcome).toMatchObject({ name: 'CvParseError', reason: 'too_large' });
      expect(performance.now() - started).toBeLessThan(10_000);
      // Without the budget this file grows the process by over 1.4 GB before the time limit.
      expect(peak - before).toBeLessThan(512 * 1024 * 1024);
    } finally {
      await guarded.close();
    }
  });

  it('terminates a job past its time limit while the main loop stays responsive, then serves the next', async () => {
    const slow = createCvParserPool({ workers: 1, timeoutMs: 400, workerEntry: TEST_WORKER });
    try {
      await slow.parse('/warm-up'); // boot outside the measurement
      const started = performance.now();
      const { lagMs, outcome } = await measureLoopLag(() => slow.parse('/job/spin'));
      expect(outcome.status).toBe('rejected');
      expect(outcome.status === 'rejected' && outcome.reason).toMatchObject({ reason: 'timeout' });
      expect(performance.now() - started).toBeLessThan(2_000);
      // On the main thread the job would have blocked it for the whole 400 ms.
      expect(lagMs).toBeLessThan(200);
      expect((await slow.parse('/after')).text).toBe('/after');
    } finally {
      await slow.close();
    }
  });

  it('turns a worker that runs out of heap into too_large and replaces it', async () => {
    const small = createCvParserPool({ workers: 1, maxOldGenerationSizeMb: 32, workerEntry: TEST_WORKER });
    try {
      await expect(small.parse('/job/oom')).rejects.toMatchObject({ reason: 'too_large' });
      expect((await small.parse('/after')).text).toBe('/after');
    } finally {
      await small.close();
    }
  });

  it('fails the job of a crashed worker as unreadable and replaces the worker', async () => {
    const crashy = createCvParserPool({ workers: 1, workerEntry: TEST_WORKER });
    try {
      await expect(crashy.parse('/job/exit')).rejects.toMatchObject({ reason: 'unreadable' });
      expect((await crashy.parse('/after')).text).toBe('/after');
    } finally {
      await crashy.close();
    }
  });

  it('refuses work with CvParserBusyError once workers and queue are full', async () => {
    const busy = createCvParserPool({ workers: 1, maxQueue: 1, timeoutMs: 300, workerEntry: TEST_WORKER });
    try {
      const running = busy.parse('/a/spin');
      const queued = busy.parse('/b/spin');
      await expect(busy.parse('/c')).rejects.toBeInstanceOf(CvParserBusyError);
      await expect(running).rejects.toMatchObject({ reason: 'timeout' });
      await expect(queued).rejects.toMatchObject({ reason: 'timeout' });
      expect((await busy.parse('/d')).text).toBe('/d');
    } finally {
      await busy.close();
    }
  });

  it('runs up to `workers` jobs at once', async () => {
    const wide = createCvParserPool({ workers: 2, timeoutMs: 500, workerEntry: TEST_WORKER });
    try {
      const settledAt: number[] = [];
      const settle = (job: Promise<unknown>) => job.catch(() => settledAt.push(performance.now()));
      await Promise.all([settle(wide.parse('/a/spin')), settle(wide.parse('/b/spin'))]);
      // Side by side both time out together; one after the other they would end 500 ms apart.
      expect(settledAt).toHaveLength(2);
      expect(Math.abs((settledAt[0] ?? 0) - (settledAt[1] ?? 0))).toBeLessThan(250);
    } finally {
      await wide.close();
    }
  });

  it('rejects waiting work on close and refuses new work after it', async () => {
    const closing = createCvParserPool({ workers: 1, workerEntry: TEST_WORKER });
    const running = closing.parse('/a/spin').catch((caught: unknown) => caught);
    const queued = closing.parse('/b').catch((caught: unknown) => caught);
    await closing.close();
    expect(await running).toMatchObject({ message: 'CV parser pool is closed' });
    expect(await queued).toMatchObject({ message: 'CV parser pool is closed' });
    await expect(closing.parse('/c')).rejects.toThrow('closed');
  });
});
