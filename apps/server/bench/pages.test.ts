import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractScriptUrls, findLazyChunks, measureGzipBytes } from './pages';

describe('extractScriptUrls', () => {
  it('collects script src and modulepreload hrefs, resolved and once each', () => {
    const html = `<!doctype html><html><head>
      <link rel="stylesheet" href="/assets/app.css">
      <link rel="preload" as="font" href="/assets/font.woff2">
      <link rel=modulepreload href="/assets/vendor.js">
      <script type="module" crossorigin src="/assets/entry.js"></script>
      <script type="application/json" id="page-data">{"src":"/not-a-script.js"}</script>
      <script src='https://cdn.example.com/recaptcha.js' async></script>
      <link href="assets/chunk.js" rel="modulepreload">
      <script type="module" src="/assets/entry.js"></script>
    </head></html>`;
    expect(extractScriptUrls(html, 'http://127.0.0.1:3000/careers/5')).toEqual([
      'http://127.0.0.1:3000/assets/entry.js',
      'https://cdn.example.com/recaptcha.js',
      'http://127.0.0.1:3000/assets/vendor.js',
      'http://127.0.0.1:3000/careers/assets/chunk.js',
    ]);
  });
});

describe('findLazyChunks', () => {
  it('lists dynamic entries with the files they add beyond what the entry already loads', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-manifest-'));
    try {
      await mkdir(path.join(dir, '.vite'));
      await writeFile(
        path.join(dir, '.vite', 'manifest.json'),
        JSON.stringify({
          'src/entry.tsx': { file: 'assets/entry.js', isEntry: true, imports: ['_shared'] },
          _shared: { file: 'assets/shared.js' },
          _form_lib: { file: 'assets/form-lib.js', imports: ['_shared'] },
          'src/form.tsx': {
            file: 'assets/form.js',
            name: 'response-form',
            isDynamicEntry: true,
            imports: ['src/entry.tsx', '_form_lib'],
          },
        }),
      );
      expect(await findLazyChunks(dir)).toEqual([
        { name: 'response-form', files: ['assets/form.js', 'assets/form-lib.js'] },
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('finds nothing without a manifest', async () => {
    expect(await findLazyChunks(path.join(os.tmpdir(), 'no-such-client-dir'))).toEqual([]);
  });
});

describe('measureGzipBytes', () => {
  it('measures the compressed size', () => {
    const content = Buffer.from('const answer = 42;\n'.repeat(1000));
    const size = measureGzipBytes(content);
    expect(size).toBeGreaterThan(20);
    expect(size).toBeLessThan(content.length / 20);
  });
});
