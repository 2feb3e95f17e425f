import { EnvError, readEnv } from './config/env';
import { runCli } from './modules/auth/auth-cli';

/**
 * The command-line entry: `npm run kadry -- user:create --email … --role owner`. Like server.ts, the
 * only other module with side effects.
 */
async function main(): Promise<void> {
  const env = readEnv();
  process.exitCode = await runCli(process.argv.slice(2), {
    env,
    output: {
      out: (text) => process.stdout.write(`${text}\n`),
      error: (text) => process.stderr.write(`${text}\n`),
    },
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exitCode = 1;
});
