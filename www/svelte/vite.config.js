// Vite for the Svelte demo. The shared wizard core lives in ../shared, outside this app's root:
// `dedupe` makes its `import 'groundfacts'` resolve to this app's installed copy (one wasm module),
// and fs.allow lets the dev server read ../shared and the symlinked ../../pkg.
import { fileURLToPath } from 'node:url';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  plugins: [svelte()],
  resolve: { dedupe: ['groundfacts', 'svelte'] },
  server: { fs: { allow: [repoRoot] } },
});
