import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const PRAGMA = '/** @jsxRuntime automatic */';
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Resolves a relative specifier the way the bundler does (no extensions in imports). */
function resolveRelative(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  return ['.tsx', '.ts'].map((ext) => base + ext).find((file) => existsSync(file)) ?? null;
}

/** Every file entry-server.tsx loads through static imports: what the server executes under tsx. */
function collectServerRenderedFiles(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'/gm)) {
      const resolved = match[1] ? resolveRelative(file, match[1]) : null;
      if (resolved) visit(resolved);
    }
  };
  visit(entry);
  return [...seen];
}

describe('server rendering under tsx', () => {
  // tsx compiles with the tsconfig of the working directory (the repo root), which has no `jsx`
  // setting, so without this pragma esbuild emits React.createElement and the page fails with
  // 'React is not defined'. The pragma makes every server-rendered file independent of that.
  it('every .tsx file the server renders starts with the automatic JSX runtime pragma', () => {
    const files = collectServerRenderedFiles(path.join(SRC, 'app', 'entry-server.tsx'));
    expect(files.length).toBeGreaterThan(10);
    const missing = files
      .filter((file) => file.endsWith('.tsx'))
      .filter((file) => !readFileSync(file, 'utf8').startsWith(PRAGMA))
      .map((file) => path.relative(SRC, file));
    expect(missing).toEqual([]);
  });
});
