import type { Dirent } from 'node:fs';
import { createWriteStream } from 'node:fs';
import { copyFile, link, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { create as createTar, extract as extractTar } from 'tar';
import { z } from 'zod';
import { createPglite } from '../../db/client';

/** What `kadry-backup.json` at the top of every archive says (docs/decisions/019-backup.md). */
const manifestSchema = z.object({
  format: z.literal(1),
  createdAt: z.string(),
  database: z.literal('pglite'),
  /** Files of the local store, or none (STORAGE=s3: the bucket keeps them, see docs/operations.md). */
  files: z.enum(['local', 'none']),
  fileCount: z.number().int().min(0),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

const MANIFEST = 'kadry-backup.json';
const DATABASE_TAR = 'database/pgdata.tar';
const FILES_DIR = 'files';
/** The local store's half-written uploads (storage/local-dir.ts): never part of a backup. */
const STORE_TMP_DIR = 'tmp';

export type BackupSource = {
  /** A crash-consistent tarball of the embedded database (DatabaseHandle.dumpDataDir). */
  dumpDataDir(): Promise<Blob>;
  /** The local file store's root, or null when the files are not on this disk. */
  filesRoot: string | null;
  /** A directory on the same disk as `filesRoot`, where the archive is staged (hard links, the dump). */
  stagingRoot: string;
  /**
   * Runs `snapshot` while no stored file is deleted (the store's deletes wait), so every file the
   * database snapshot names is still there when the files are linked. Default: runs it directly.
   */
  holdDeletes?: <T>(snapshot: () => Promise<T>) => Promise<T>;
};

/**
 * Takes one consistent backup: the database snapshot first, then the files, both while deletes wait.
 * Every application committed before the snapshot had its files stored before its commit, so its files
 * are in the archive. Answers the archive as a gzip stream; `cleanup` removes the staging directory
 * (call it when the stream has ended or failed).
 */
export async function createBackupArchive(
  source: BackupSource,
): Promise<{ stream: Readable; manifest: BackupManifest; cleanup(): Promise<void> }> {
  await mkdir(source.stagingRoot, { recursive: true });
  const staging = await mkdtemp(path.join(source.stagingRoot, 'backup-'));
  const cleanup = () => rm(staging, { recursive: true, force: true });
  try {
    const hold = source.holdDeletes ?? ((snapshot) => snapshot());
    const fileCount = await hold(async () => {
      const tarball = await source.dumpDataDir();
      await mkdir(path.join(staging, 'database'));
      await writeFile(path.join(staging, DATABASE_TAR), Buffer.from(await tarball.arrayBuffer()));
      await mkdir(path.join(staging, FILES_DIR));
      return source.filesRoot ? linkTree(source.filesRoot, path.join(staging, FILES_DIR), true) : 0;
    });
    const manifest: BackupManifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      database: 'pglite',
      files: source.filesRoot ? 'local' : 'none',
      fileCount,
    };
    await writeFile(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const stream = createTar({ gzip: true, cwd: staging, portable: true }, [MANIFEST, 'database', FILES_DIR]);
    return { stream: stream as unknown as Readable, manifest, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** Hard-links every file under `from` into `to` (a snapshot in O(files), no bytes copied); answers the count. */
async function linkTree(from: string, to: string, isTop: boolean): Promise<number> {
  let entries: Dirent[];
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let count = 0;
  for (const entry of entries) {
    if (isTop && entry.name === STORE_TMP_DIR) continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      await mkdir(target);
      count += await linkTree(source, target, false);
    } else if (entry.isFile()) {
      // Another disk (EXDEV) or a file system without hard links: copy instead.
      await link(source, target).catch(() => copyFile(source, target));
      count += 1;
    }
  }
  return count;
}

/** Writes the archive to `file` atomically: `<file>.partial` first, renamed when complete. */
export async function writeArchiveFile(stream: Readable, file: string): Promise<void> {
  const partial = `${file}.partial`;
  try {
    await pipeline(stream, createWriteStream(partial, { flags: 'w', mode: 0o600 }));
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** The directory is missing or holds nothing (restore refuses to mix a backup into existing data). */
export async function isEmptyDirectory(directory: string): Promise<boolean> {
  try {
    return (await readdir(directory)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** The directory restore refuses: it already holds data. */
export class RestoreTargetNotEmptyError extends Error {
  override name = 'RestoreTargetNotEmptyError';
}

/** The file is not a Kadry backup (or one of a format this version does not read). */
export class InvalidBackupError extends Error {
  override name = 'InvalidBackupError';
}

/**
 * Restores an archive into `dataDir`, which must be empty or missing: the embedded database into
 * `<dataDir>/pglite` and the files into `<dataDir>/files`. The server started on it applies any newer
 * migrations as usual.
 */
export async function restoreBackupArchive(archive: string, dataDir: string): Promise<BackupManifest> {
  if (!(await isEmptyDirectory(dataDir))) {
    throw new RestoreTargetNotEmptyError(`${dataDir} is not empty: restore only into an empty directory.`);
  }
  await mkdir(dataDir, { recursive: true });
  const staging = path.join(dataDir, '.restore');
  await mkdir(staging);
  try {
    await extractTar({ file: archive, cwd: staging, strict: true }).catch((error: unknown) => {
      throw new InvalidBackupError(`${archive} is not a readable backup archive: ${String(error)}`);
    });
    const manifest = await readFile(path.join(staging, MANIFEST), 'utf8')
      .then((text) => manifestSchema.parse(JSON.parse(text)))
      .catch(() => {
        throw new InvalidBackupError(`${archive} is not a Kadry backup (no valid ${MANIFEST}).`);
      });
    const tarball = await readFile(path.join(staging, DATABASE_TAR));
    await mkdir(path.join(dataDir, 'pglite'));
    const pglite = createPglite({ dataDir: path.join(dataDir, 'pglite'), loadDataDir: new Blob([tarball]) });
    await pglite.waitReady;
    await pglite.query('select 1');
    await pglite.close();
    await rename(path.join(staging, FILES_DIR), path.join(dataDir, FILES_DIR));
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
