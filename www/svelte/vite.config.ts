// Vite for the Svelte demo: SvelteKit's plugin and nothing for groundfacts (the package needs no
// config). fs.allow only lets the dev server read ../shared, which sits outside this app's root.
import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [sveltekit()],
  server: { fs: { allow: ['../shared'] } },
});
