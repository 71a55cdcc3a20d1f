// SvelteKit 2 with SSR on, the package a declared dependency exactly as a user's app lists it (so
// vite-plugin-svelte's dependency crawl sees it) and no config for it: the dev server renders the page
// on the server, and an adapter-static build prerenders it. scripts/test-hosts.sh installs the fixture
// (tests/hosts/sveltekit) with the current tarball, then runs this file.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './support.mjs';

const APP = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sveltekit');
const VITE = path.join(APP, 'node_modules', '.bin', 'vite');
const HEADING = 'Shop for shop: home.add';
const FALLBACK = 'The session starts in the browser.';

function installed() {
  const pkg = path.join(APP, 'node_modules', 'groundfacts');
  assert.ok(fs.existsSync(pkg) && !fs.lstatSync(pkg).isSymbolicLink(), 'install the fixture first (scripts/test-hosts.sh)');
  const manifest = JSON.parse(fs.readFileSync(path.join(APP, 'package.json'), 'utf8'));
  assert.ok(manifest.dependencies.groundfacts, 'groundfacts is a declared dependency, as in a user app');
}

test('vite build prerenders the page with the package imported on the server', { timeout: 180_000 }, () => {
  installed();
  fs.rmSync(path.join(APP, 'build'), { recursive: true, force: true });
  execFileSync(VITE, ['build'], { cwd: APP, stdio: 'pipe' });
  const html = fs.readFileSync(path.join(APP, 'build', 'index.html'), 'utf8');
  assert.ok(html.includes(HEADING), 'the prerendered page holds the server render');
  assert.ok(html.includes(FALLBACK));
});

test('vite dev renders the page on the server', { timeout: 120_000 }, async (t) => {
  installed();
  const port = await freePort();
  const dev = spawn(VITE, ['dev', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], { cwd: APP, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  dev.stdout.on('data', (chunk) => { log += chunk; });
  dev.stderr.on('data', (chunk) => { log += chunk; });
  t.after(() => dev.kill());
  const deadline = Date.now() + 60_000;
  while (!log.includes(`${port}`) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  const response = await fetch(`http://127.0.0.1:${port}/`);
  const html = await response.text();
  assert.equal(response.status, 200, `dev SSR answered ${response.status}: ${html.slice(0, 400)}\n${log}`);
  assert.ok(html.includes(HEADING), 'the server rendered the page');
  assert.doesNotMatch(log, /Error/, log);
});
