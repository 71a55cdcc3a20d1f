import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { svelteTesting } from '@testing-library/svelte/vite';

// What the React and Svelte testing guides write; nothing here is for groundfacts. Each *.happy-dom
// test file switches its environment with a `@vitest-environment happy-dom` comment.
export default defineConfig({
  plugins: [react(), svelte(), svelteTesting()],
  test: { environment: 'jsdom' },
});
