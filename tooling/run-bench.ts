/**
 * `npm run bench`: finds the machine's Chromium for the Lighthouse figures (as npm test does; never a
 * download), then runs apps/server/bench/main.ts in its own process with the path in KADRY_CHROMIUM.
 * For the scaling section (`--only scaling`, docs/scaling.md) it also starts a private PostgreSQL
 * cluster (KADRY_SCALING_DATABASE_URL) and finds nginx (KADRY_NGINX; without it the bench spreads the
 * requests itself and says so). The bench imports nothing from tooling/; its arguments pass through.
 */
import { spawn } from 'node:child_process';
import { createPostgresCluster, type PostgresCluster } from './system/postgres-cluster';
import { findChromium, findNginx, findPostgres, installCommandFor } from './system/system-tools';

const args = process.argv.slice(2);
/** Whether `--only` names the scaling section (`--only scaling`, `--only=api,scaling`). */
const wantsScaling = args.some((arg, i) => {
  const value = arg.startsWith('--only=') ? arg.slice('--only='.length) : args[i - 1] === '--only' ? arg : '';
  return value.split(',').some((name) => name.trim() === 'scaling');
});

async function main(): Promise<number> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  const chromium = findChromium();
  if (chromium.isFound) env.KADRY_CHROMIUM = chromium.path;
  let cluster: PostgresCluster | null = null;
  if (wantsScaling) {
    if (!findPostgres().isFound) {
      console.error(
        `The scaling bench needs the PostgreSQL server: run \`${installCommandFor(['postgres'])}\``,
      );
      return 1;
    }
    const nginx = findNginx();
    if (nginx.isFound) env.KADRY_NGINX = nginx.path;
    else {
      console.error(
        `[bench] nginx not found (${nginx.reason}): scaling spreads requests round robin from the client; ` +
          `\`${installCommandFor(['nginx'])}\` measures behind nginx`,
      );
    }
    cluster = await createPostgresCluster();
    await cluster.start();
    await cluster.createDatabase('kadry_bench');
    env.KADRY_SCALING_DATABASE_URL = cluster.urlOf('kadry_bench');
    console.error(`[bench] PostgreSQL cluster for scaling on 127.0.0.1:${cluster.port}`);
  }
  try {
    const child = spawn(
      process.execPath,
      ['--import', './tooling/tsx-register.mjs', 'apps/server/bench/main.ts', ...args],
      { stdio: 'inherit', env },
    );
    // Ctrl-C reaches the bench too (same process group); wait for it to clean up, then drop the cluster.
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => undefined);
    return await new Promise<number>((resolve) => {
      child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
      child.once('error', () => resolve(1));
    });
  } finally {
    await cluster?.destroy();
  }
}

process.exit(await main());
