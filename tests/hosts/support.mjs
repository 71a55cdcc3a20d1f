// What the host tests share: a static file server on loopback with the MIME types a static host sends
// (application/wasm included), and the flags Debian's Chromium runs headless with here.
// Also `startVite`, a Vite server started in an app folder, and `spawnGroup`, a server process stopped
// with its children after the test. Used by hosts.test.mjs, webmcp.test.mjs,
// vite-react.test.mjs, vite-link.test.mjs, kit-node.test.mjs, sveltekit.test.mjs and parcel.test.mjs.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
};

/** Serves `dir` on 127.0.0.1 (a free port); `/` is `index.html`, anything outside `dir` a 404. */
export async function serve(dir) {
  const server = http.createServer((req, res) => {
    const rel = decodeURIComponent(new URL(req.url, 'http://x').pathname).replace(/\/$/, '/index.html');
    const file = path.join(dir, path.normalize(rel));
    if (!file.startsWith(dir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** `chromium.launch` options for Debian's Chromium: headless, no sandbox, no network of its own. */
export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

/** A free TCP port on 127.0.0.1 (for a dev server started with --strictPort). */
export function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Runs `command args` in `cwd` as its own process group, its output collected in `output.text`.
 * `t.after` stops the whole group and waits until it is gone (SIGKILL after `graceMs`): a dev server
 * still writing its cache would race the next test's clean-up.
 */
export function spawnGroup(t, cwd, command, args, { env = process.env, graceMs = 15_000 } = {}) {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const output = { text: '' };
  child.stdout.on('data', (chunk) => (output.text += chunk));
  child.stderr.on('data', (chunk) => (output.text += chunk));
  t.after(async () => {
    const signal = (name) => {
      try {
        process.kill(-child.pid, name);
        return true;
      } catch {
        return false; // the group is gone
      }
    };
    if (!signal('SIGTERM')) return;
    const until = Date.now() + graceMs;
    while (signal(0)) {
      if (Date.now() > until) {
        signal('SIGKILL');
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  return { child, output };
}

/** Starts `vite <args>` in `dir` (its own node_modules/.bin/vite) and resolves once it answers. */
export async function startVite(t, dir, args) {
  const port = await freePort();
  const vite = spawn(path.join(dir, 'node_modules', '.bin', 'vite'), [...args, '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  vite.stdout.on('data', (chunk) => { log += chunk; });
  vite.stderr.on('data', (chunk) => { log += chunk; });
  t.after(() => vite.kill());
  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`vite ${args.join(' ')} did not answer in 60 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, log: () => log };
}
