// Parcel 2 with no Parcel config (tests/hosts/parcel: no .parcelrc, no `@parcel/resolver-default` key, so
// Parcel's resolver ignores package.json `exports` as it does by default and finds `groundfacts/load`
// through the package's load/ folder). The app imports only `groundfacts/react`, writes its graph as a
// recipe, wires one action with useAction and renders the facts block through useGroundTruth(); it never
// imports `groundfacts` itself, whose top-level `await` Parcel's dev bundles cannot run (the package
// README, "What each host needs"). Two runs, each in Debian's Chromium: `parcel build` (the `.wasm`
// emitted as an asset, `dist/` served as a static host serves it) and `parcel` (its dev server). Each
// clicks the button and reads the person's fire in the facts block, with the `.wasm` fetched as
// `application/wasm`, no inlined copy fetched, no failed request and no console error or warning.
// scripts/test-hosts.sh installs the fixture (npm ci + the tarball), then runs this file.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM, freePort, serve, spawnGroup } from './support.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const APP = path.join(HERE, 'parcel');
const PARCEL = path.join(APP, 'node_modules', '.bin', 'parcel');
// Parcel writes .parcel-cache even with --no-cache (git-ignored); --no-cache keeps a stale entry from
// hiding a change in the installed package, --no-autoinstall keeps a missing dependency an error.
const FLAGS = ['--no-cache', '--no-autoinstall'];
// The first bytes of any wasm module, base64: how a chunk holding the inlined copy is recognised.
const INLINED = 'AGFzbQEAAAA';

/** The fixture as the test needs it: the tarball installed (a copy), no Parcel config, no old output. */
function prepare() {
  const pkg = path.join(APP, 'node_modules', 'groundfacts');
  const stat = fs.lstatSync(pkg, { throwIfNoEntry: false });
  assert.ok(stat && stat.isDirectory() && !stat.isSymbolicLink(), `${pkg}: install the tarball first (scripts/test-hosts.sh)`);
  assert.ok(!fs.existsSync(path.join(APP, '.parcelrc')), 'the fixture has no .parcelrc');
  const manifest = JSON.parse(fs.readFileSync(path.join(APP, 'package.json'), 'utf8'));
  assert.equal(manifest['@parcel/resolver-default'], undefined, 'the fixture does not turn on packageExports');
  fs.rmSync(path.join(APP, 'dist'), { recursive: true, force: true });
}

/**
 * Starts `parcel` (the dev server) on `port` and resolves once its first build is done; fails at once,
 * with Parcel's output, when that build fails (Parcel's server then holds every request unanswered).
 * `t.after` stops its whole process group and waits until it is gone.
 */
async function startParcelDev(t, port) {
  const { child, output } = spawnGroup(t, APP, PARCEL, [...FLAGS, '--host', '127.0.0.1', '--port', String(port)], {
    graceMs: 10_000,
  });
  const deadline = Date.now() + 30_000;
  while (!output.text.includes('Built in')) {
    if (/🚨|Build failed/.test(output.text) || child.exitCode !== null) assert.fail(`parcel dev failed:\n${output.text}`);
    if (Date.now() > deadline) assert.fail(`parcel dev did not finish its first build in 30 s:\n${output.text}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return output;
}

/** Opens `url` in Chromium, waits for the session, clicks Save, and checks what the page shows and fetched. */
async function clickAndRead(t, url) {
  const { chromium } = createRequire(path.join(APP, 'package.json'))('playwright-core');
  const browser = await chromium.launch(CHROMIUM);
  t.after(() => browser.close());
  const page = await browser.newPage();
  const problems = [];
  const wasm = [];
  const scripts = [];
  const fetched = [];
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => ['error', 'warning'].includes(msg.type()) && problems.push(`${msg.type()}: ${msg.text()}`));
  page.on('requestfailed', (req) => problems.push(`failed: ${req.url()} ${req.failure()?.errorText}`));
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`${res.status()} ${res.url()}`);
    if (/\.(js|wasm)$/.test(new URL(res.url()).pathname)) fetched.push(new URL(res.url()).pathname);
    if (new URL(res.url()).pathname.endsWith('.wasm')) wasm.push(`${res.status()} ${res.headers()['content-type']}`);
    if (res.request().resourceType() === 'script') scripts.push(res.text().then((body) => (body.includes(INLINED) ? res.url() : null), () => null));
  });

  await page.goto(url);
  await page.waitForFunction(() => document.querySelector('[data-testid=status]')?.textContent === 'ready', null, { timeout: 30_000 });
  await page.waitForFunction(() => !document.querySelector('[data-testid=save]')?.disabled, null, { timeout: 10_000 });
  await page.getByTestId('save').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=facts]')?.textContent.includes('user fired editor.save'), null, { timeout: 10_000 });
  const facts = await page.getByTestId('facts').textContent();
  assert.match(facts, /^You are on: editor\.$/m);
  assert.match(facts, /DID happen — user fired editor\.save/, facts);
  assert.equal(await page.getByTestId('count').textContent(), 'notes: 1', 'the click ran the registered handler once');
  assert.deepEqual(wasm, ['200 application/wasm'], 'the page fetched the .wasm asset once, as application/wasm');
  assert.deepEqual((await Promise.all(scripts)).filter(Boolean), [], 'no chunk holding the inlined copy was fetched');
  assert.deepEqual(problems, []);
  return fetched;
}

test('Parcel 2, parcel build with no config: the .wasm is an asset, the served app runs in Chromium', { timeout: 60_000 }, async (t) => {
  prepare();
  const out = execFileSync(PARCEL, ['build', ...FLAGS], { cwd: APP, encoding: 'utf8', stdio: 'pipe' });
  const dist = path.join(APP, 'dist');
  const files = fs.readdirSync(dist);
  assert.equal(files.filter((f) => f.endsWith('.wasm')).length, 1, `parcel build emitted one .wasm asset: ${files}`);
  assert.doesNotMatch(out, /warn|⚠/i, `the build prints no warning:\n${out}`);
  const server = await serve(dist);
  t.after(() => server.close());
  const fetched = await clickAndRead(t, `http://127.0.0.1:${server.address().port}/`);
  console.log(`parcel build: fetched ${fetched.join(', ')}`);
});

test('Parcel 2, parcel (dev server) with no config: the same app, served by Parcel', { timeout: 60_000 }, async (t) => {
  prepare();
  const port = await freePort();
  const output = await startParcelDev(t, port);
  const fetched = await clickAndRead(t, `http://127.0.0.1:${port}/`);
  console.log(`parcel dev: fetched ${fetched.join(', ')}`);
  assert.doesNotMatch(output.text, /error|🚨/i, output.text);
});
