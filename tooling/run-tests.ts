/**
 * `npm test`: provisions what the suites need (Chromium, PostgreSQL server binaries, nginx), then
 * runs every suite in order and prints a summary. Usage:
 *
 *   node --import ./tooling/tsx-register.mjs tooling/run-tests.ts [suite ...] [--skip suite ...]
 *
 * With no suite named, all run. A suite that cannot run here is never passed over silently: a tool
 * that is missing and cannot be installed stops the run with one line naming the command to run;
 * `--skip` passes a suite over on purpose, and it is listed at the end. Under CI (CI=true) any
 * skipped suite fails the run.
 */
import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPostgresCluster } from './system/postgres-cluster';
import { provisionSystemTools, type SystemToolName } from './system/system-tools';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'node_modules/.bin');
const PROVISION_LOG = path.join(ROOT, 'node_modules/.cache/kadry/provision.log');

type SuiteContext = { env: NodeJS.ProcessEnv };

type Suite = {
  name: string;
  /** What it is, in the summary. */
  title: string;
  needs: SystemToolName[];
  run(context: SuiteContext): Promise<void>;
};

function runCommand(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: 'inherit' });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `${path.basename(command)} ${args.join(' ')} ended with ${signal ?? `exit code ${code}`}`,
          ),
        );
    });
  });
}

const bin = (name: string) => path.join(BIN, name);

const SUITES: Suite[] = [
  {
    name: 'lint',
    title: 'Biome (lint and format)',
    needs: [],
    run: ({ env }) => runCommand(bin('biome'), ['check', '.'], env),
  },
  {
    name: 'typecheck',
    title: 'TypeScript',
    needs: [],
    run: ({ env }) => runCommand(bin('tsc'), ['-b'], env),
  },
  {
    name: 'api',
    title: 'OpenAPI document (Redocly lint, openapi-typescript types held to the HR calls)',
    needs: [],
    async run({ env }) {
      // Generated files live in the cache (never committed): the document is rebuilt from the routes
      // on every run, so nothing can go stale. contract.check.ts imports the types from here.
      const out = path.join(ROOT, 'node_modules/.cache/kadry/openapi');
      const documentFile = path.join(out, 'kadry-api.json');
      await mkdir(out, { recursive: true });
      const tsx = ['--import', './tooling/tsx-register.mjs'];
      await runCommand(process.execPath, [...tsx, 'tooling/openapi/write-document.ts', documentFile], env);
      // No telemetry and no update check: linting must not reach the network (redocly.yaml says so too).
      const redoclyEnv = { ...env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
      await runCommand(bin('redocly'), ['lint', documentFile, '--config', 'redocly.yaml'], redoclyEnv);
      // openapi-typescript belongs to the tooling/openapi workspace (it needs TypeScript 5): found from there.
      const generatorPackage = createRequire(path.join(ROOT, 'tooling/openapi/package.json')).resolve(
        'openapi-typescript/package.json',
      );
      const generator = path.join(path.dirname(generatorPackage), 'bin/cli.js');
      // `--default-non-nullable false`: a request may leave out a field that has a default (answers
      // list such fields as required anyway).
      await runCommand(
        process.execPath,
        [generator, documentFile, '--default-non-nullable', 'false', '-o', path.join(out, 'kadry-api.d.ts')],
        env,
      );
      await runCommand(process.execPath, [...tsx, 'tooling/openapi/check-hr-calls.ts'], env);
      await runCommand(bin('tsc'), ['-p', 'tooling/openapi/tsconfig.json'], env);
    },
  },
  {
    name: 'unit',
    title: 'unit and integration tests (Vitest, embedded database)',
    needs: [],
    run: ({ env }) => runCommand(bin('vitest'), ['run'], env),
  },
  {
    name: 'reliability',
    title: 'reliability tests on real server processes (two behind nginx on PostgreSQL among them)',
    needs: ['postgres', 'nginx'],
    run: ({ env }) =>
      runCommand(bin('vitest'), ['run', '-c', 'apps/server/vitest.reliability.config.ts'], env),
  },
  {
    name: 'e2e',
    title: 'browser tests (Playwright in Chromium)',
    needs: ['chromium'],
    async run({ env }) {
      await runCommand(process.execPath, ['scripts/build.mjs'], env);
      await runCommand(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], env);
    },
  },
  {
    name: 'postgres',
    title: 'server tests again on PostgreSQL',
    needs: ['postgres'],
    async run({ env }) {
      // A private cluster of our own: the machine's PostgreSQL (if any) is never touched.
      const cluster = await createPostgresCluster();
      try {
        await cluster.start();
        await cluster.createDatabase('kadry');
        console.log(`PostgreSQL started for the tests on 127.0.0.1:${cluster.port}`);
        await runCommand(bin('vitest'), ['run', '--project', 'server'], {
          ...env,
          DATABASE_URL: cluster.urlOf('kadry'),
        });
      } finally {
        await cluster.destroy();
      }
    },
  },
];

type Outcome = {
  suite: Suite;
  status: 'passed' | 'failed' | 'skipped' | 'not run';
  seconds: number;
  note?: string;
};

function parseArguments(argv: string[]): { selected: Suite[]; skipped: Map<string, string> } {
  const names: string[] = [];
  const skipped = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--skip') {
      const name = argv[++i] ?? '';
      skipped.set(name, 'skipped with --skip');
    } else names.push(arg);
  }
  for (const name of [...names, ...skipped.keys()]) {
    if (!SUITES.some((suite) => suite.name === name)) {
      console.error(
        `Unknown suite "${name}"; the suites are: ${SUITES.map((suite) => suite.name).join(', ')}`,
      );
      process.exit(2);
    }
  }
  const selected = names.length === 0 ? SUITES : SUITES.filter((suite) => names.includes(suite.name));
  return { selected, skipped };
}

function printSummary(outcomes: Outcome[], totalSeconds: number): void {
  const width = Math.max(...outcomes.map((outcome) => outcome.suite.name.length));
  console.log('\nTest summary');
  for (const { suite, status, seconds, note } of outcomes) {
    const time = status === 'passed' || status === 'failed' ? `${seconds.toFixed(0).padStart(4)} s` : '     ';
    console.log(
      `  ${suite.name.padEnd(width)}  ${status.padEnd(7)} ${time}  ${suite.title}${note ? ` — ${note}` : ''}`,
    );
  }
  const skipped = outcomes.filter((outcome) => outcome.status === 'skipped');
  console.log(
    skipped.length === 0
      ? `Nothing skipped. ${Math.round(totalSeconds)} s in all.`
      : `Skipped: ${skipped.map((outcome) => `${outcome.suite.name} (${outcome.note})`).join('; ')}. ${Math.round(totalSeconds)} s in all.`,
  );
}

async function main(): Promise<number> {
  const started = Date.now();
  const { selected, skipped } = parseArguments(process.argv.slice(2));
  const toRun = selected.filter((suite) => !skipped.has(suite.name));
  const needs = [...new Set(toRun.flatMap((suite) => suite.needs))];

  const env: NodeJS.ProcessEnv = { ...process.env };
  if (needs.length > 0) {
    const result = await provisionSystemTools(needs, {
      // Names, for each missing tool, the suites that need it.
      needed: (missing) =>
        toRun
          .filter((suite) => suite.needs.some((tool) => missing.includes(tool)))
          .map((suite) => `the ${suite.name} tests`)
          .join(', '),
      logFile: PROVISION_LOG,
      print: (line) => console.log(line),
    });
    if (result.missing) {
      console.error(result.missing.line);
      return 1;
    }
    // The suites look the tools up again; pass on exactly what was found here.
    if (result.found.chromium) env.KADRY_CHROMIUM = result.found.chromium;
    if (result.found.postgres) env.KADRY_PG_BIN = result.found.postgres;
    if (result.found.nginx) env.KADRY_NGINX = result.found.nginx;
  }

  const outcomes: Outcome[] = [];
  let hasFailed = false;
  for (const suite of selected) {
    const skipReason = skipped.get(suite.name);
    if (skipReason) {
      outcomes.push({ suite, status: 'skipped', seconds: 0, note: skipReason });
      continue;
    }
    if (hasFailed) {
      outcomes.push({ suite, status: 'not run', seconds: 0, note: 'an earlier suite failed' });
      continue;
    }
    console.log(`\n▶ ${suite.name}: ${suite.title}`);
    const suiteStarted = Date.now();
    try {
      await suite.run({ env });
      outcomes.push({ suite, status: 'passed', seconds: (Date.now() - suiteStarted) / 1000 });
    } catch (error) {
      hasFailed = true;
      outcomes.push({
        suite,
        status: 'failed',
        seconds: (Date.now() - suiteStarted) / 1000,
        note: (error as Error).message,
      });
    }
  }
  printSummary(outcomes, (Date.now() - started) / 1000);
  if (hasFailed) return 1;
  if (process.env.CI && outcomes.some((outcome) => outcome.status === 'skipped')) {
    console.error('CI runs every suite: a skipped suite fails the run.');
    return 1;
  }
  return 0;
}

process.exitCode = await main();
