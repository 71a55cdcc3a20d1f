// The package in the hosts it promises to load in with no config (pkg-template/README.md, "What each host
// needs"), each installed from dist/groundfacts.tgz as a registry install lands: node `import` and
// `require` (tests/hosts/node), and a webpack 5 app with no webpack config, built and run in Debian's
// Chromium (tests/hosts/webpack). scripts/test-hosts.sh installs the fixtures, then runs this file.
// A SvelteKit app that declares the package as a user app does is tests/hosts/sveltekit.test.mjs; Vite 8
// (React, Svelte) and SvelteKit in the browser are covered by www/ and its browser tests.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM, serve } from './support.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
// The docs/api.md surface every entry must carry (the core may export more; import and require must agree).
const EXPORTS = [
  'ActionGroup', 'AgentPort', 'GraphValidationError', 'NavigationGraph', 'ReentrancyError', 'Session', 'SessionError',
  'WorkHandle', 'buildNavigationGraph', 'createSession', 'exposeToWebMCP', 'fromJourneys', 'fromRoutes', 'matchRoute', 'serveToAgent',
];
const missing = (names) => EXPORTS.filter((n) => !names.includes(n));

function installed(fixture) {
  const dir = path.join(HERE, fixture, 'node_modules', 'groundfacts');
  const stat = fs.lstatSync(dir, { throwIfNoEntry: false });
  assert.ok(stat && stat.isDirectory() && !stat.isSymbolicLink(), `${dir}: install the tarball first (scripts/test-hosts.sh)`);
}

function runNode(file) {
  return JSON.parse(execFileSync(process.execPath, [file], { cwd: path.join(HERE, 'node'), encoding: 'utf8' }));
}

test('node: import gets every export and shares one instance with require', () => {
  installed('node');
  const report = runNode('import.mjs');
  assert.deepEqual(missing(report.exports), []);
  assert.deepEqual(report.exports, runNode('require.cjs').exports, 'import and require export the same names');
  assert.equal(report.line, 'You are on: home.');
  assert.equal(report.sameInstance, true);
  assert.equal(report.code, 'UNKNOWN_GOTO');
  assert.equal(report.crossCall, true);
});

test('node: require gets every export and the typed errors', () => {
  installed('node');
  const report = runNode('require.cjs');
  assert.deepEqual(missing(report.exports), []);
  assert.equal(report.line, 'You are on: about.');
  assert.equal(report.code, 'UNKNOWN_GOTO');
});

test('webpack 5 with no config: the bundle loads the wasm asset and runs in Chromium', { timeout: 180_000 }, async (t) => {
  installed('webpack');
  const app = path.join(HERE, 'webpack');
  const dist = path.join(app, 'dist');
  fs.rmSync(dist, { recursive: true, force: true });
  assert.ok(!fs.existsSync(path.join(app, 'webpack.config.js')), 'the fixture has no webpack config');
  execFileSync(path.join(app, 'node_modules', '.bin', 'webpack'), ['--mode', 'production'], { cwd: app, stdio: 'pipe' });
  const wasm = fs.readdirSync(dist).filter((f) => f.endsWith('.wasm'));
  assert.equal(wasm.length, 1, `webpack emitted one .wasm asset: ${fs.readdirSync(dist)}`);
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><body><script src="main.js"></script>');

  const server = await serve(dist);
  t.after(() => server.close());
  const { chromium } = createRequire(path.join(app, 'package.json'))('playwright-core');
  const browser = await chromium.launch(CHROMIUM);
  t.after(() => browser.close());
  const page = await browser.newPage();
  const problems = [];
  const wasmResponses = [];
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => ['error', 'warning'].includes(msg.type()) && problems.push(`${msg.type()}: ${msg.text()}`));
  page.on('response', (res) => res.url().endsWith('.wasm') && wasmResponses.push(res.status()));
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.waitForFunction(() => window.__groundfacts !== undefined, null, { timeout: 30_000 });
  const report = await page.evaluate(() => window.__groundfacts);

  assert.equal(report.error, undefined);
  assert.deepEqual(wasmResponses, [200], 'the page fetched the emitted .wasm once');
  assert.equal(report.effectStatus, 'performed');
  assert.match(report.facts, /^You are on: editor\.$/m);
  assert.match(report.facts, /DID happen — agent fired editor\.save/);
  assert.equal(report.errorIsTyped, true);
  assert.equal(report.errorCode, 'UNKNOWN_GOTO');
  assert.deepEqual(problems, []);
});
