// SvelteKit for the Svelte demo: adapter-static, SSR left on (the default). Every page the app can
// prerender is prerendered (src/routes/+layout.ts); the rest (a project's own page, /projects/[id])
// is served by the fallback page. `$shared` is the wizard's store and styles in ../shared.
import adapter from '@sveltejs/adapter-static';

/** @type {import('@sveltejs/kit').Config} */
export default {
  kit: {
    adapter: adapter({ fallback: '200.html' }),
    alias: { $shared: '../shared' },
  },
};
