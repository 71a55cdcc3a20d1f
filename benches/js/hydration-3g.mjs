// Throttled-load bench (docs/loading.md, "Never on the critical path"): the Vite 7 React host app
// (tests/hosts/vite7-react, with tests/hosts/react-app copied in and built) served gzip-compressed on loopback, loaded cold in Chromium
// with the network throttled to DevTools' "Slow 3G" (Network.emulateNetworkConditions: 2,000 ms latency,
// 50,000 B/s down and up). Measures when Plain — a component that does not use groundfacts — is on the
// page with its click handler live, for the app (provider, hooks, the module loading beside it) and for
// the same app without the package (?without=1: Plain alone, no groundfacts module loaded). Prints the
// medians of 3 alternating cold loads each, and met / NOT met for "within 10% of the app without the
// package". Also prints when the module's request started and when the session was ready.
// Asserts nothing. Run after scripts/test-hosts.sh has installed the fixture:
//   node benches/js/hydration-3g.mjs
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const APP = path.join(ROOT, 'tests', 'hosts', 'vite7-react');
const SOURCE = path.join(ROOT, 'tests', 'hosts', 'react-app');
const RUNS = 3;
const verdict = (ok) => (ok ? 'met' : 'NOT met');

if (!fs.existsSync(path.join(APP, 'node_modules', 'groundfacts'))) {
  console.log('hydration-3g: tests/hosts/vite7-react is not installed (run scripts/test-hosts.sh first); skipped');
  process.exit(0);
}
fs.rmSync(path.join(APP, 'src'), { recursive: true, force: true });
fs.cpSync(path.join(SOURCE, 'src'), path.join(APP, 'src'), { recursive: true });
fs.copyFileSync(path.join(SOURCE, 'index.html'), path.join(APP, 'index.html'));
execFileSync(path.join(APP, 'node_modules', '.bin', 'vite'), ['build'], { cwd: APP, stdio: 'pipe' });
const DIST = path.join(APP, 'dist');

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css' };
const server = http.createServer((req, res) => {
  const rel = decodeURIComponent(new URL(req.url, 'http://x').pathname).replace(/\/$/, '/index.html');
  const file = path.join(DIST, path.normalize(rel));
  if (!file.startsWith(DIST) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
    res.writeHead(404).end();
    return;
  }
  const body = zlib.gzipSync(fs.readFileSync(file));
  res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'content-encoding': 'gzip', 'cache-control': 'no-store' });
  res.end(body);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}/`;

const { chromium } = createRequire(path.join(APP, 'package.json'))('playwright-core');
const { CHROMIUM } = await import(pathToFileURL(path.join(ROOT, 'tests', 'hosts', 'support.mjs')).href);
const browser = await chromium.launch(CHROMIUM);

async function load(query) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 2000, downloadThroughput: 50_000, uploadThroughput: 50_000 });
  let wasmStart = null;
  const t0 = Date.now();
  page.on('request', (request) => {
    if (wasmStart === null && request.url().endsWith('.wasm')) wasmStart = Date.now() - t0;
  });
  await page.addInitScript(() => {
    const seen = () => {
      if (window.__plainAt === undefined && document.querySelector('[data-testid=plain]')) window.__plainAt = performance.now();
      if (window.__readyAt === undefined && document.querySelector('[data-testid=status]')?.textContent === 'ready') window.__readyAt = performance.now();
    };
    new MutationObserver(seen).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto(base + query, { waitUntil: 'commit', timeout: 120_000 });
  await page.waitForFunction(() => window.__plainAt !== undefined, null, { timeout: 120_000, polling: 50 });
  const plainAt = await page.evaluate(() => window.__plainAt);
  await page.getByTestId('plain').click();
  const clicked = (await page.getByTestId('plain').textContent()) === 'plain clicks: 1';
  let readyAt = null;
  if (!query) {
    await page.waitForFunction(() => window.__readyAt !== undefined, null, { timeout: 180_000, polling: 100 });
    readyAt = await page.evaluate(() => window.__readyAt);
  }
  await context.close();
  return { plainAt, clicked, readyAt, wasmStart };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const withPkg = [];
const without = [];
for (let i = 0; i < RUNS; i++) {
  without.push(await load('?without=1'));
  withPkg.push(await load(''));
}
await browser.close();
server.close();

const a = median(withPkg.map((r) => r.plainAt));
const b = median(without.map((r) => r.plainAt));
console.log(`Slow 3G (2,000 ms latency, 50,000 B/s), cold loads, median of ${RUNS}, Vite 7 build served gzip:`);
console.log(`  Plain interactive, app with groundfacts: ${a.toFixed(0)} ms (runs: ${withPkg.map((r) => r.plainAt.toFixed(0)).join(', ')})`);
console.log(`  Plain interactive, same app without it: ${b.toFixed(0)} ms (runs: ${without.map((r) => r.plainAt.toFixed(0)).join(', ')})`);
console.log(`  the module's request started at ~${median(withPkg.map((r) => r.wasmStart ?? NaN))} ms after navigation; the session was ready at ${median(withPkg.map((r) => r.readyAt)).toFixed(0)} ms`);
console.log(`  every click answered: ${[...withPkg, ...without].every((r) => r.clicked)}`);
console.log(`a component that does not use groundfacts is interactive within 10% of the app without the package: ${verdict(a <= b * 1.1)} (${((a / b - 1) * 100).toFixed(1)}%)`);
