import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../tooling/vite-precompress';

// The server renders the /app shell (CSRF meta tag, page data) and links the hashed files it finds in
// dist/client/.vite/manifest.json, so there is no index.html: the one input is the SPA's entry.
export default defineConfig({
  plugins: [react(), precompress()],
  // Must match HR_STATIC_PREFIX in apps/server/src/modules/app-shell/app-shell-assets.ts.
  base: '/static/hr/',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    // The shell looks this key up in the manifest; keep the two in step.
    rolldownOptions: { input: 'src/app/entry-client.tsx' },
  },
});
