// SvelteKit 2 + adapter-node, groundfacts in `dependencies` (kit-node-dep) and in `devDependencies`
// (kit-node-devdep, where the sv template puts everything; Vite then bundles the package into the
// server build), the app in tests/hosts/kit-app with no config for groundfacts: `vite dev` renders the
// page on the server, and `vite build` + `node build` serves it per request. And the adapter-static
// fixture (tests/hosts/sveltekit) under `vite dev` with `ssr.noExternal: ['groundfacts']`.
// scripts/test-hosts.sh installs the fixtures with the current tarball, then runs this file.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './support.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const HEADING = 'Shop for shop: home.add';
const FALLBACK = 'The session starts in the browser.';

function prepare(fixture) {
  const dir = path.join(HERE, fixture);
  const pkg = path.join(dir, 'node_modules', 'groundfacts');
  assert.ok(fs.existsSync(pkg) && !fs.lstatSync(pkg).isSymbolicLink(), 'install the fixture first (scripts/test-hosts.sh)');
  if (fixture.startsWith('kit-node')) {
    fs.rmSync(path.join(dir, 'src'), { recursive: true, force: true });
    fs.cpSync(path.join(HERE, 'kit-app', 'src'), path.join(dir, 'src'), { recursive: true });
  }
  return dir;
}

/** Spawns `command args` in `dir` with PORT set, waits until `/` answers, returns { html, status, log }. */
async function serveAndFetch(t, dir, command, args, env = {}) {
  const port = await freePort();
  const child = spawn(command, args.map((a) => (a === '$PORT' ? String(port) : a)), {
    cwd: dir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk) => { log += chunk; });
  child.stderr.on('data', (chunk) => { log += chunk; });
  t.after(() => child.kill());
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/`);
      return { status: response.status, html: await response.text(), log: () => log };
    } catch {
      if (Date.now() > deadline) assert.fail(`${command} ${args.join(' ')} did not answer in 90 s:\n${log}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

function assertRendered(page) {
  assert.equal(page.status, 200, `answered ${page.status}: ${page.html.slice(0, 600)}\n${page.log()}`);
  assert.ok(page.html.includes(HEADING), 'the server rendered the page');
  assert.ok(page.html.includes(FALLBACK), 'the helpers answered without a session on the server');
  assert.doesNotMatch(page.log(), /Error/, page.log());
}

for (const [fixture, where] of [['kit-node-dep', 'dependencies'], ['kit-node-devdep', 'devDependencies']]) {
  test(`SvelteKit + adapter-node, groundfacts in ${where}: vite dev renders on the server`, { timeout: 150_000 }, async (t) => {
    const dir = prepare(fixture);
    const page = await serveAndFetch(t, dir, path.join(dir, 'node_modules', '.bin', 'vite'), ['dev', '--host', '127.0.0.1', '--port', '$PORT', '--strictPort']);
    assertRendered(page);
  });

  test(`SvelteKit + adapter-node, groundfacts in ${where}: vite build + node build serves it`, { timeout: 240_000 }, async (t) => {
    const dir = prepare(fixture);
    fs.rmSync(path.join(dir, 'build'), { recursive: true, force: true });
    execFileSync(path.join(dir, 'node_modules', '.bin', 'vite'), ['build'], { cwd: dir, stdio: 'pipe' });
    const page = await serveAndFetch(t, dir, process.execPath, ['build']);
    assertRendered(page);
  });
}

test("SvelteKit (adapter-static fixture), vite dev with ssr.noExternal: ['groundfacts']", { timeout: 150_000 }, async (t) => {
  const dir = prepare('sveltekit');
  const page = await serveAndFetch(t, dir, path.join(dir, 'node_modules', '.bin', 'vite'), [
    'dev', '--config', 'vite.noexternal.config.js', '--host', '127.0.0.1', '--port', '$PORT', '--strictPort',
  ]);
  assert.equal(page.status, 200, `answered ${page.status}: ${page.html.slice(0, 600)}\n${page.log()}`);
  assert.ok(page.html.includes(HEADING), 'the server rendered the page');
  assert.doesNotMatch(page.log(), /Error/, page.log());
});
