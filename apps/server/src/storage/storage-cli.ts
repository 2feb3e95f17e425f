import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Env } from '../config/env';
import { localFilesDir } from './configured-store';
import { createLocalDirStore } from './local-dir';
import { migrateLocalFilesToS3 } from './migrate-to-s3';
import { createS3FileStoreFromEnv, type S3FileStore } from './s3';

type CliOutput = { out(text: string): void; error(text: string): void };

export const STORAGE_CLI_USAGE = `  storage:migrate-to-s3 [--from <dir>]
      Copies the uploaded files of STORAGE=local (DATA_DIR/files, or --from) into the bucket that
      STORAGE=s3 and the S3_* variables name, under the same keys. Safe to run again: files already
      in the bucket are skipped, so an interrupted run resumes. Local files are left in place.`;

/** `storage:*` commands; answers the exit code. */
export async function runStorageCli(
  argv: readonly string[],
  deps: { env: Env; output: CliOutput; createTarget?: (env: Env) => S3FileStore },
): Promise<number> {
  const { env, output } = deps;
  const [command, ...rest] = argv;
  if (command !== 'storage:migrate-to-s3') {
    output.error(`Unknown command "${command}".\n\nCommands:\n${STORAGE_CLI_USAGE}`);
    return 1;
  }
  let from: string | undefined;
  try {
    ({
      values: { from },
    } = parseArgs({ args: [...rest], options: { from: { type: 'string' } }, strict: true }));
  } catch (error) {
    output.error(`${error instanceof Error ? error.message : String(error)}\n\n${STORAGE_CLI_USAGE}`);
    return 1;
  }
  if (env.STORAGE !== 's3') {
    output.error(
      'storage:migrate-to-s3 copies into the bucket configured for STORAGE=s3: set STORAGE=s3, S3_BUCKET and the other S3_* / AWS_* variables as the server will have them.',
    );
    return 1;
  }

  const sourceDir = path.resolve(from ?? localFilesDir(path.resolve(env.DATA_DIR)));
  const target = (deps.createTarget ?? createS3FileStoreFromEnv)(env);
  try {
    await target.checkBucket();
  } catch (error) {
    output.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
  output.out(`Copying files from ${sourceDir} to the bucket "${target.bucket}"…`);
  const report = await migrateLocalFilesToS3({
    source: createLocalDirStore(sourceDir),
    target,
    onProgress: (so) =>
      output.out(`  ${so.copied} copied, ${so.alreadyThere} already there, ${so.failed} failed…`),
    onError: (key, error) =>
      output.error(`  ${key}: ${error instanceof Error ? error.message : String(error)}`),
  });
  output.out(
    `Done: ${report.copied} copied (${formatBytes(report.copiedBytes)}), ${report.alreadyThere} already in the bucket, ${report.failed} failed.`,
  );
  if (report.failed > 0) {
    output.error('Some files were not copied: run the command again to retry them.');
    return 1;
  }
  return 0;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
