import { EnvError, readEnv } from './config/env';
import { runCli } from './modules/auth/auth-cli';
import { runBackupCli } from './modules/backup/backup-cli';
import { runStorageCli } from './storage/storage-cli';

/**
 * The command-line entry: `npm run kadry -- user:create --email … --role owner`. Like server.ts, the
 * only other module with side effects.
 */
async function main(): Promise<void> {
  const env = readEnv();
  const argv = process.argv.slice(2);
  const deps = {
    env,
    output: {
      out: (text: string) => process.stdout.write(`${text}\n`),
      error: (text: string) => process.stderr.write(`${text}\n`),
    },
  };
  const command = argv[0] ?? '';
  process.exitCode = command.startsWith('storage:')
    ? await runStorageCli(argv, deps)
    : command === 'backup' || command === 'restore'
      ? await runBackupCli(argv, deps)
      : await runCli(argv, deps);
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exitCode = 1;
});
