// Runs the server's TypeScript through tsx (the careers page renderer is a built file the server loads,
// docs/decisions/001).
// tsx reads one tsconfig, from the working directory by default; the root tsconfig.json only lists
// project references, so point tsx at one that covers every workspace and sets the JSX runtime.
// Usage: node --import ./tooling/tsx-register.mjs apps/server/src/server.ts
import { fileURLToPath } from 'node:url';

process.env.TSX_TSCONFIG_PATH ??= fileURLToPath(new URL('./tsconfig.runtime.json', import.meta.url));
await import('tsx');
