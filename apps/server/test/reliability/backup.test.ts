import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { FormField } from '@kadry/shared/schemas/form';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Acknowledgement,
  buildApplication,
  createPdfFile,
  fetchDemoForm,
  fetchJson,
  submitUntilAcknowledged,
  type UploadFile,
} from './application-client';
import {
  buildServerEnv,
  findFreePort,
  type KadryProcess,
  killAllServers,
  REPO_ROOT,
  startServer,
} from './kadry-process';

type Integrity = {
  applications: { id: number; idempotencyKey: string | null; fileCount: number }[];
  missingBytes: string[];
};
type StoredFileReport = { size: number; sha256: string; storedSha256: string };

const TSX_REGISTER = fileURLToPath(new URL('../../../../tooling/tsx-register.mjs', import.meta.url));
const CONCURRENCY = 6;
/** Applications acknowledged before the backup starts, and kept coming while it runs. */
const BEFORE_BACKUP = 40;

let workDir: string;
let server: KadryProcess;
let restored: KadryProcess | undefined;
let vacancyId: number;
let fields: FormField[];

/** `npm run kadry -- <args>` against `dataDir`: the command an operator types. */
function runKadry(args: string[], dataDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', TSX_REGISTER, 'apps/server/src/cli.ts', ...args], {
      cwd: REPO_ROOT,
      env: buildServerEnv({ dataDir, port: 0 }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.once('exit', (code) => resolve({ code, output }));
  });
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'kadry-bk-'));
  server = await startServer({ dataDir: path.join(workDir, 'live'), port: await findFreePort() });
  ({ vacancyId, fields } = await fetchDemoForm(server.origin));
});

afterAll(async () => {
  await killAllServers();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('a backup taken while applications arrive', () => {
  it('restores every application acknowledged before the backup began, with its files', async () => {
    const url = `${server.origin}/api/v1/public-vacancies/${vacancyId}/response`;
    const acknowledged: Acknowledgement[] = [];
    const sentFiles = new Map<string, UploadFile[]>();
    let isLoadOn = true;
    let sequence = 0;
    const submitOne = async () => {
      const i = sequence++;
      const cv = createPdfFile(`cv-${i}.pdf`, 2_000 + ((i * 7_919) % 60_000));
      const attachments = i % 3 === 0 ? [createPdfFile(`portfolio-${i}.pdf`, 3_000)] : [];
      const key = `backup-${i}-${randomUUID()}`;
      const application = buildApplication(fields, i, cv, attachments);
      sentFiles.set(key, application.files);
      acknowledged.push(await submitUntilAcknowledged({ url, application, key, deadlineMs: 60_000 }));
    };
    const load = Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (isLoadOn) await submitOne();
      }),
    );

    while (acknowledged.length < BEFORE_BACKUP) await sleep(20);
    // Everything acknowledged up to here must be in the backup; the load goes on while it is taken.
    const before = [...acknowledged];
    const archive = path.join(workDir, 'kadry-backup.tar.gz');
    const backup = await runKadry(['backup', '--out', archive], path.join(workDir, 'live'));
    const duringBackup = acknowledged.length - before.length;
    await sleep(300);
    isLoadOn = false;
    await load;
    console.info(
      `backup test: ${before.length} acknowledged before the backup, ${duringBackup} while it ran, ` +
        `${acknowledged.length} in all; ${backup.output.trim()}`,
    );
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain('taken by the running server');

    // Restore refuses a directory that holds data…
    const intoLive = await runKadry(
      ['restore', '--in', archive, '--data-dir', path.join(workDir, 'live')],
      path.join(workDir, 'live'),
    );
    expect(intoLive.code).toBe(1);
    expect(intoLive.output).toContain('not empty');
    // …and fills an empty one, which a server then starts on.
    const restoredDir = path.join(workDir, 'restored');
    const restore = await runKadry(['restore', '--in', archive, '--data-dir', restoredDir], restoredDir);
    expect(restore.code, restore.output).toBe(0);
    restored = await startServer({ dataDir: restoredDir, port: await findFreePort() });

    const report = await fetchJson<Integrity>(`${restored.origin}/api/test/integrity`);
    const byKey = new Map(report.applications.map((row) => [row.idempotencyKey, row]));
    const missing = before.filter((ack) => byKey.get(ack.key)?.id !== ack.id).map((ack) => ack.key);
    expect(missing).toEqual([]);
    expect(report.missingBytes).toEqual([]);
    for (const ack of before) {
      const { data } = await fetchJson<{ data: { files: StoredFileReport[] } }>(
        `${restored.origin}/api/test/applications/${ack.id}`,
      );
      const sent = sentFiles.get(ack.key) ?? [];
      expect(data.files.map((file) => [file.size, file.storedSha256])).toEqual(
        sent.map((file) => [file.size, file.sha256]),
      );
    }
  });

  it('refuses a file that is not a backup', async () => {
    const bogus = path.join(workDir, 'bogus.tar.gz');
    await writeFile(bogus, 'not an archive');
    const result = await runKadry(
      ['restore', '--in', bogus, '--data-dir', path.join(workDir, 'other')],
      path.join(workDir, 'other'),
    );
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/not a (readable backup archive|Kadry backup)/);
  });
});
