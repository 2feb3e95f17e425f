import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// The boundaries of docs/decisions/008-module-contract.md are enforced by Biome (biome.json overrides:
// noRestrictedImports per folder, noImportCycles), which `npm test` runs as its lint suite. Here each
// rule is shown to bite: a planted violation fails the check with the rule's name.

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const BIOME = path.join(ROOT, 'node_modules/.bin/biome');
const run = promisify(execFile);

async function lint(target: string): Promise<{ failed: boolean; output: string }> {
  try {
    const { stdout, stderr } = await run(BIOME, ['lint', '--max-diagnostics=50', target], {
      cwd: ROOT,
      timeout: 110_000,
    });
    return { failed: false, output: stdout + stderr };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return { failed: true, output: stdout + stderr };
  }
}

/** Writes files into a fresh folder under `parent` (paths relative to the repository), lints it, removes it. */
async function lintPlanted(parent: string, files: Record<string, string>) {
  const folder = path.join(parent, `zz-boundary-probe-${randomBytes(4).toString('hex')}`);
  const absolute = path.join(ROOT, folder);
  await mkdir(absolute, { recursive: true });
  try {
    for (const [name, content] of Object.entries(files)) await writeFile(path.join(absolute, name), content);
    return await lint(folder);
  } finally {
    await rm(absolute, { recursive: true, force: true });
  }
}

// Each lint reads the whole server tree with its import graph: ~25 s on a quiet 2-core machine, past
// 30 s on a slower one (CI timed it out once), so each test gets two minutes.
describe('import boundaries', { timeout: 120_000 }, () => {
  it('hold on the tree as it is', async () => {
    const { failed, output } = await lint('apps/server/src');
    expect(output).not.toMatch(/noRestrictedImports|noImportCycles/);
    expect(failed).toBe(false);
  });

  it('refuse an app importing another app', async () => {
    const result = await lintPlanted('apps/hr/src', {
      'probe.ts':
        "import { readPageData } from '@kadry/careers/src/app/page-data';\nexport const probe = readPageData;\n",
    });
    expect(result.failed).toBe(true);
    expect(result.output).toContain('lint/style/noRestrictedImports');
    expect(result.output).toContain('No app imports another app');
  });

  it("refuse a module importing another module's routes or queries", async () => {
    const result = await lintPlanted('apps/server/src/modules', {
      'probe.service.ts':
        "import { vacanciesRoutes } from '../vacancies/vacancies.routes';\nimport { findVacancy } from '../vacancies/vacancies.queries';\nexport const probe = [vacanciesRoutes, findVacancy];\n",
    });
    expect(result.failed).toBe(true);
    expect(result.output.match(/only through its \*\.service\.ts/g)?.length).toBe(2);
  });

  it('refuse a service seeing HTTP, and routes skipping the service', async () => {
    const result = await lintPlanted('apps/server/src/modules', {
      'probe.service.ts':
        "import type { FastifyRequest } from 'fastify';\nexport type Probe = FastifyRequest;\n",
      'probe.queries.ts': 'export const findProbe = () => 1;\n',
      'probe.routes.ts': "import { findProbe } from './probe.queries';\nexport const probe = findProbe;\n",
    });
    expect(result.failed).toBe(true);
    expect(result.output).toContain('A service never sees HTTP');
    expect(result.output).toContain('Routes call the service');
  });

  it('refuse SQL in a service, and let its row types through', async () => {
    const result = await lintPlanted('apps/server/src/modules', {
      'probe.service.ts':
        "import { eq } from 'drizzle-orm';\nimport type { Company } from '../../db/schema/companies';\nimport { type User, users } from '../../db/schema/users';\nexport type Probe = [Company, User];\nexport const probe = [eq, users];\n",
    });
    expect(result.failed).toBe(true);
    expect(result.output.match(/SQL lives in the module's \*\.queries\.ts/g)?.length).toBe(2);
  });

  it('refuse a plugin importing a module', async () => {
    const result = await lintPlanted('apps/server/src/plugins', {
      'probe.ts':
        "import { getVacancy } from '../../modules/vacancies/vacancies.service';\nexport const probe = getVacancy;\n",
    });
    expect(result.failed).toBe(true);
    expect(result.output).toContain('they import no module');
  });

  it('refuse React, drizzle and node: in packages/shared', async () => {
    const result = await lintPlanted('packages/shared/src', {
      'probe.ts':
        "import { useState } from 'react';\nimport { eq } from 'drizzle-orm';\nimport { readFile } from 'node:fs/promises';\nexport const probe = [useState, eq, readFile];\n",
    });
    expect(result.failed).toBe(true);
    expect(result.output.match(/packages\/shared is plain TypeScript/g)?.length).toBe(3);
  });

  it('refuse an import cycle', async () => {
    const result = await lintPlanted('apps/server/src/lib', {
      'a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'b.ts': "import { a } from './a';\nexport const b = () => a;\n",
    });
    expect(result.failed).toBe(true);
    expect(result.output).toContain('lint/suspicious/noImportCycles');
  });
});
