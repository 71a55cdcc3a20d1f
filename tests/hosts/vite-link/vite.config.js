// The scaffold's config: nothing for groundfacts.
import { defineConfig } from 'vite';

export default defineConfig({});
