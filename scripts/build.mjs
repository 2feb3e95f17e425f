#!/usr/bin/env node
// Builds the browser apps when their build is missing or older than their sources, so `npm start`
// and `npm run test:e2e` work on a fresh clone and stay fast afterwards.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--force');

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

const apps = [
  {
    workspace: '@kadry/careers',
    output: path.join(root, 'apps/careers/dist/client/.vite/manifest.json'),
    sources: ['apps/careers/src', 'apps/careers/vite.config.ts', 'packages/shared/src', 'tooling'],
  },
  {
    workspace: '@kadry/hr',
    output: path.join(root, 'apps/hr/dist/client/.vite/manifest.json'),
    // The HR app's form preview renders the careers site's own field components.
    sources: ['apps/hr/src', 'apps/hr/vite.config.ts', 'apps/careers/src', 'packages/shared/src', 'tooling'],
  },
];

for (const app of apps) {
  const built = existsSync(app.output) ? statSync(app.output).mtimeMs : 0;
  const sources = newestMtime(app.sources.map((p) => path.join(root, p)));
  if (!force && built > 0 && built >= sources) continue;
  console.log(`Building ${app.workspace}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', app.workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
