import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html)$/;

/**
 * Writes `.br` and `.gz` next to every compressible build file, once at build time, so the server
 * (@fastify/static with `preCompressed`) sends them without compressing on every request.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'kadry-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const source = await readFile(path.join(outDir, file));
          if (source.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            gzipAsync(source, { level: 9 }),
          ]);
          await writeFile(path.join(outDir, `${file}.br`), br);
          await writeFile(path.join(outDir, `${file}.gz`), gz);
        }),
      );
    },
  };
}
