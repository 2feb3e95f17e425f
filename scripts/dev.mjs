#!/usr/bin/env node
// Development: rebuilds the careers client and its server-side renderer on change (the server loads the
// renderer again when its file changes) and restarts the server on change.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' };
const children = [
  spawn('npx', ['vite', 'build', '--watch'], { cwd: path.join(root, 'apps/careers'), stdio: 'inherit', env }),
  spawn('npx', ['vite', 'build', '--watch', '--ssr', 'src/app/entry-server.tsx', '--outDir', 'dist/server'], {
    cwd: path.join(root, 'apps/careers'),
    stdio: 'inherit',
    env,
  }),
  spawn('npx', ['tsx', 'watch', '--tsconfig', 'tooling/tsconfig.runtime.json', 'apps/server/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    env,
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && process.exit(code));
