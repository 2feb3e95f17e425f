import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Env } from '../../config/env';
import { openDatabase } from '../../db/client';
import { DataDirLockedError } from '../../db/pglite-lock';
import type { CliOutput } from '../auth/auth-cli';
import {
  createBackupArchive,
  InvalidBackupError,
  RestoreTargetNotEmptyError,
  restoreBackupArchive,
  writeArchiveFile,
} from './backup-archive';
import { backupSocketPath, requestBackup } from './backup-socket';

export const BACKUP_USAGE = `  backup --out <file.tar.gz>
      Writes one consistent archive of the embedded database and the uploaded files, through the
      running server (or directly when it is stopped). With DATABASE_URL use pg_dump (docs/operations.md).
  restore --in <file.tar.gz> [--data-dir <dir>]
      Restores an archive into an empty data directory (default DATA_DIR); start the server on it.`;

const OPERATIONS_DOC = 'docs/operations.md';

/** `backup` and `restore`; answers the exit code. */
export async function runBackupCli(
  argv: readonly string[],
  deps: { env: Env; output: CliOutput },
): Promise<number> {
  const { env, output } = deps;
  const [command, ...rest] = argv;
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...rest],
      options: { out: { type: 'string' }, in: { type: 'string' }, 'data-dir': { type: 'string' } },
      strict: true,
    }) as { values: Record<string, string | undefined> });
  } catch (error) {
    output.error(`${error instanceof Error ? error.message : String(error)}\n\n${BACKUP_USAGE}`);
    return 1;
  }

  if (command === 'backup') {
    if (!values.out) {
      output.error(`backup needs --out <file>.\n\n${BACKUP_USAGE}`);
      return 1;
    }
    if (env.DATABASE_URL) {
      output.error(
        'With DATABASE_URL the database is PostgreSQL: back it up with pg_dump, and the files with the ' +
          `store's own copy (${OPERATIONS_DOC}, "Backup and restore").`,
      );
      return 1;
    }
    const out = path.resolve(values.out);
    const dataDir = path.resolve(env.DATA_DIR);
    const fromServer = await requestBackup(backupSocketPath(dataDir));
    if (fromServer) {
      await writeArchiveFile(fromServer, out);
      output.out(`Backup written to ${out} (${await sizeOf(out)}), taken by the running server.`);
      return 0;
    }
    let database: Awaited<ReturnType<typeof openDatabase>>;
    try {
      database = await openDatabase({ dataDir });
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        output.error(
          `The Kadry server holds ${dataDir} but does not answer on ${backupSocketPath(dataDir)}: ` +
            `is it an older version? Stop it and run the backup again.\n\nDetails: ${error.message}`,
        );
        return 1;
      }
      throw error;
    }
    try {
      const dumpDataDir = database.dumpDataDir;
      if (!dumpDataDir) throw new Error('the embedded database cannot dump its data directory');
      const archive = await createBackupArchive({
        dumpDataDir,
        filesRoot: env.STORAGE === 'local' ? path.join(dataDir, 'files') : null,
        stagingRoot: path.join(dataDir, 'backup-staging'),
      });
      try {
        await writeArchiveFile(archive.stream, out);
      } finally {
        await archive.cleanup();
      }
      output.out(`Backup written to ${out} (${await sizeOf(out)}, ${archive.manifest.fileCount} files).`);
      return 0;
    } finally {
      await database.close();
    }
  }

  // restore
  if (!values.in) {
    output.error(`restore needs --in <file>.\n\n${BACKUP_USAGE}`);
    return 1;
  }
  const dataDir = path.resolve(values['data-dir'] ?? env.DATA_DIR);
  try {
    const manifest = await restoreBackupArchive(path.resolve(values.in), dataDir);
    output.out(
      `Restored the backup of ${manifest.createdAt} into ${dataDir} (${manifest.fileCount} files). ` +
        `Start the server with DATA_DIR=${dataDir}.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof RestoreTargetNotEmptyError || error instanceof InvalidBackupError) {
      output.error(error.message);
      return 1;
    }
    throw error;
  }
}

async function sizeOf(file: string): Promise<string> {
  const { size } = await stat(file);
  return `${(size / 1024 / 1024).toFixed(1)} MiB`;
}
