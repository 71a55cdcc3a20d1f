import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// https://vite.dev/config/ — the scaffold's own config, nothing for groundfacts.
export default defineConfig({
  plugins: [react()],
});
