import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'drizzle-kit';

// drizzle-kit resolves paths against the working directory; anchoring them here lets it run from the
// repository root (`npm run db:generate`) or from apps/server alike. The generated SQL is committed
// and applied at start-up by migrateDatabase().
const here = path.dirname(fileURLToPath(import.meta.url));
const fromCwd = (relative: string) => path.relative(process.cwd(), path.join(here, relative));

export default defineConfig({
  dialect: 'postgresql',
  schema: fromCwd('src/db/schema/*.ts'),
  out: fromCwd('src/db/migrations'),
  strict: true,
  verbose: true,
});
