// Vite for the React demo. Nothing here is for the package (installed from the tarball, it needs no
// plugin or optimizeDeps entry). The shared wizard core lives in ../shared, outside this app's root:
// `dedupe` makes its `import 'groundfacts'` resolve to this app's installed copy (one wasm module),
// and fs.allow lets the dev server read ../shared.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: { dedupe: ['groundfacts', 'react', 'react-dom'] },
  server: { fs: { allow: [repoRoot] } },
});
