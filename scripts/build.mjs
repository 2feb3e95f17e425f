#!/usr/bin/env node
// Builds the browser apps and the careers page's server-side renderer when their build is missing or
// older than their sources, so `npm start`, `npm run test:e2e` and the server's tests work on a fresh
// clone and stay fast afterwards.
//
//   node scripts/build.mjs [target ...] [--force]
//
// Targets: careers-client, careers-server, hr (all of them when none is named).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const force = args.includes('--force');
const named = args.filter((arg) => !arg.startsWith('--'));

/** Newest modification time of any file below these paths. */
function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(p))
        if (entry !== 'node_modules' && entry !== 'dist') visit(path.join(p, entry));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const p of paths) visit(p);
  return newest;
}

// Both front ends are built from their own sources, the shared packages and the build tooling.
const careersSources = [
  'apps/careers/src',
  'apps/careers/vite.config.ts',
  'apps/careers/package.json',
  'packages/shared/src',
  'packages/ui/src',
  'tooling',
];

const targets = [
  {
    name: 'careers-client',
    workspace: '@kadry/careers',
    script: 'build:client',
    output: 'apps/careers/dist/client/.vite/manifest.json',
    sources: careersSources,
  },
  {
    // The server loads this file to render the careers pages (apps/server/src/server.ts).
    name: 'careers-server',
    workspace: '@kadry/careers',
    script: 'build:server',
    output: 'apps/careers/dist/server/entry-server.js',
    sources: careersSources,
  },
  {
    name: 'hr',
    workspace: '@kadry/hr',
    script: 'build',
    output: 'apps/hr/dist/client/.vite/manifest.json',
    sources: [
      'apps/hr/src',
      'apps/hr/vite.config.ts',
      'apps/hr/package.json',
      'packages/shared/src',
      'packages/ui/src',
      'tooling',
    ],
  },
];

const unknown = named.filter((name) => !targets.some((target) => target.name === name));
if (unknown.length > 0) {
  console.error(
    `Unknown build target ${unknown.join(', ')}; the targets are: ${targets.map((t) => t.name).join(', ')}`,
  );
  process.exit(2);
}

for (const target of targets) {
  if (named.length > 0 && !named.includes(target.name)) continue;
  const output = path.join(root, target.output);
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  const sources = newestMtime(target.sources.map((p) => path.join(root, p)));
  if (!force && built > 0 && built >= sources) continue;
  console.log(`Building ${target.name} (npm run ${target.script} -w ${target.workspace})…`);
  // Always a production build, whoever asks (the server tests run under NODE_ENV=test): a bundle
  // built in development mode calls React's dev-only JSX runtime and fails under a production server.
  const result = spawnSync('npm', ['run', target.script, '-w', target.workspace], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
