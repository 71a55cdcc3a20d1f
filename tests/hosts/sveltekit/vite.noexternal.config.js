// The fixture's config plus the line many wasm packages ask SSR apps to add (ssr.noExternal): the
// server bundle then inlines groundfacts, which must still work (docs/loading.md).
import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vite';

export default defineConfig({ plugins: [sveltekit()], ssr: { noExternal: ['groundfacts'] } });
