import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../tooling/vite-precompress';

// The server renders the HTML and links the hashed files it finds in dist/client/.vite/manifest.json,
// so there is no index.html: the one input is the hydration entry.
export default defineConfig({
  plugins: [react(), precompress()],
  // Must match where careers-pages.routes.ts serves dist/client, or lazy chunks load from the wrong URL.
  base: '/static/careers/',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    rolldownOptions: { input: 'src/app/entry-client.tsx' },
  },
});
