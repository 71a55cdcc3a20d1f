// The fix the package's 403 message names: the linked package's folder added to server.fs.allow.
import fs from 'node:fs';
import { defineConfig, searchForWorkspaceRoot } from 'vite';

export default defineConfig({
  server: {
    fs: {
      allow: [searchForWorkspaceRoot(process.cwd()), fs.realpathSync('node_modules/groundfacts')],
    },
  },
});
