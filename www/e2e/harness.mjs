// The browser tests' shared harness: installs the package from the tarball (scripts/install-tarball.sh,
// never a link), serves an app under `vite dev` or `vite build` + `vite preview` on a free loopback
// port, launches Debian's /usr/bin/chromium through playwright-core with a fresh profile, collects
// every console error and page error, and waits on the page's text. Screenshots go to
// <repo>/test-results/ (git-ignored). Used by react.test.mjs and svelte.test.mjs.

import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../..');
export const outDir = path.join(repoRoot, 'test-results');
export const TIMEOUT = 15_000;
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The two ways an app is served: Vite's dev server, and a production build behind `vite preview`.
 * GROUNDFACTS_E2E_MODES=preview (or dev) runs one while debugging; the test command runs both.
 */
export const MODES = (process.env.GROUNDFACTS_E2E_MODES || 'dev,preview').split(',');

/** `www/<app>` with the package installed from dist/groundfacts.tgz as a registry copy. */
export function appWithTarball(app) {
  const appDir = path.join(repoRoot, 'www', app);
  const result = spawnSync('bash', [path.join(repoRoot, 'scripts', 'install-tarball.sh'), appDir], { encoding: 'utf8' });
  assert.equal(result.status, 0, `install-tarball.sh ${app} failed:\n${result.stdout}\n${result.stderr}`);
  return appDir;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function viteBin(appDir) {
  return path.join(appDir, 'node_modules', '.bin', 'vite');
}

/**
 * Serves `appDir` in `mode` ('dev': `vite`; 'preview': `vite build`, then `vite preview`) and resolves
 * once it answers. Returns { base, stop, log }.
 */
export async function serve(appDir, mode) {
  if (mode === 'preview') {
    const built = spawnSync(viteBin(appDir), ['build', '--logLevel', 'warn'], { cwd: appDir, encoding: 'utf8' });
    assert.equal(built.status, 0, `vite build failed in ${appDir}:\n${built.stdout}\n${built.stderr}`);
  }
  const port = await freePort();
  const args = [...(mode === 'preview' ? ['preview'] : []), '--host', '127.0.0.1', '--strictPort', '--port', String(port)];
  const child = spawn(viteBin(appDir), args, { cwd: appDir, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  const base = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`${base}/`);
      if (response.ok) return { base, stop, log: () => log };
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  await stop();
  throw new Error(`vite ${mode} did not come up on ${base}:\n${log}`);
}

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * A headless Chromium with a fresh profile; `extraArgs` are added to the command line (the module
 * restart tests lower V8's wasm memory ceiling with `--js-flags`). Returns { context, close }.
 */
export async function launch(extraArgs = []) {
  const profile = mkdtempSync(path.join(tmpdir(), 'groundfacts-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
    viewport: { width: 1400, height: 1000 },
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * A new page that aborts every non-local request and records what went wrong: `errors` (console
 * errors and uncaught exceptions — a test fails on any) and `problems` (those plus warnings, for
 * failure messages).
 */
export async function openPage(context) {
  const page = await context.newPage();
  const errors = [];
  const problems = [];
  page.on('pageerror', (error) => {
    errors.push(`pageerror: ${error.stack ?? error}`);
    problems.push(`pageerror: ${error.stack ?? error}`);
  });
  page.on('console', (message) => {
    const type = message.type();
    if (type === 'error') errors.push(`console.error: ${message.text()}`);
    if (type === 'error' || type === 'warning') problems.push(`console.${type}: ${message.text()}`);
  });
  await page.route((url) => url.hostname !== '127.0.0.1', (route) => route.abort()); // no network
  return { page, errors, problems };
}

/** The element's text now (no waiting); '' when it is not there. */
export async function textOf(page, testId) {
  return page.evaluate((id) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '', testId);
}

/** Waits until the element's text contains `expected`; fails with the text it last saw. */
export async function waitForText(page, testId, expected, problems = []) {
  const deadline = Date.now() + TIMEOUT;
  let seen = '';
  while (Date.now() < deadline) {
    seen = await textOf(page, testId).catch(() => '');
    if (seen.includes(expected)) return seen;
    await sleep(50);
  }
  assert.fail(`[data-testid=${testId}] never contained:\n  ${expected}\nlast text:\n${seen}\npage problems:\n${problems.join('\n')}`);
}

/**
 * The element's text once it has stopped changing for `quietMs`: what a read right after an event
 * would otherwise race (a page's mount effects — registering its actions, which moves the version —
 * run after the route change the test waited for, and under load in a later frame).
 */
export async function settledText(page, testId, quietMs = 400) {
  const deadline = Date.now() + TIMEOUT;
  let seen = await textOf(page, testId);
  let since = Date.now();
  while (Date.now() < deadline) {
    await sleep(50);
    const now = await textOf(page, testId);
    if (now !== seen) {
      seen = now;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) {
      return seen;
    }
  }
  assert.fail(`[data-testid=${testId}] kept changing for ${TIMEOUT} ms; last text:\n${seen}`);
}

/** Waits until `check()` resolves truthy; fails with `message`. */
export async function waitUntil(check, message) {
  const deadline = Date.now() + TIMEOUT;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(message);
    await sleep(50);
  }
}

export function pathnameOf(page) {
  return new URL(page.url()).pathname;
}

/** Saves a screenshot as test-results/<name>.png. */
export async function screenshot(page, name, options = {}) {
  mkdirSync(outDir, { recursive: true });
  await page.screenshot({ path: path.join(outDir, `${name}.png`), ...options });
}

/** V8's ceiling on one wasm memory lowered to 128 MiB, so a page runs out of it in seconds. */
export const SMALL_WASM_MEMORY = ['--js-flags=--wasm-max-mem-pages=2048'];

/**
 * Makes the page's groundfacts module trap for real (its wasm memory runs out) through the session the
 * demo exposes (`window.groundfactsDemo`): state values just under the default 64 KiB limit, kept, until
 * a call throws. Resolves to that error's `{ name, code }`.
 */
export function trapTheModule(page) {
  return page.evaluate(() => {
    const chunk = 'x'.repeat(60_000);
    const session = window.groundfactsDemo.host.session;
    try {
      for (let i = 0; i < 100_000; i += 1) session.updateState({ [`filler.${i}`]: chunk });
    } catch (error) {
      return { name: error?.name, code: error?.code };
    }
    return { name: 'none', code: 'the memory never ran out' };
  });
}

/** Fails with every console error and page error the page produced. */
export function assertNoErrors(errors, what) {
  assert.deepEqual(errors, [], `${what}: the page logged errors`);
}
