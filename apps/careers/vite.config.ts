import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../tooling/vite-precompress';

/**
 * Two builds (see package.json): the browser's, and the server-side renderer's (`vite build --ssr
 * src/app/entry-server.tsx --outDir dist/server`), which the server loads at run time from
 * dist/server/entry-server.js. There is no index.html: the server writes the HTML.
 */
export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? {
        plugins: [react()],
        // One file for Node with everything bundled but React, which Node loads from node_modules.
        ssr: { noExternal: true, external: ['react', 'react-dom'] },
        build: { emptyOutDir: true, target: 'node20', sourcemap: true },
      }
    : {
        plugins: [react(), precompress()],
        // Must match where careers-pages.routes.ts serves dist/client, or lazy chunks load from the wrong URL.
        base: '/static/careers/',
        build: {
          outDir: 'dist/client',
          emptyOutDir: true,
          // The server links the hashed files it finds in dist/client/.vite/manifest.json.
          manifest: true,
          target: 'es2022',
          rolldownOptions: { input: 'src/app/entry-client.tsx' },
        },
      },
);
