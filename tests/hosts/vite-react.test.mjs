// Plain Vite React apps, Vite 7 and Vite 8 (tests/hosts/vite7-react, vite8-react: create-vite's
// config only), running the app in tests/hosts/react-app with the package installed from its tarball:
// `vite dev`, and `vite build` + `vite preview`, in Chromium. Each run first holds the module's bytes
// back (request interception: the .wasm, or the chunk carrying the inlined copy where the loader takes
// that) and checks that the page is not waiting for them (docs/loading.md): a component that does not
// use groundfacts is rendered and answers clicks, the provider's children are rendered, the hooks say
// loading; then releases them and checks that the session exists, an agent fire through the port runs
// the component's handler and the facts block says so — with no failed request and no console error.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM, startVite } from './support.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const APP_SOURCE = path.join(HERE, 'react-app');
// The first bytes of any wasm module, base64: how the chunk holding the inlined copy's first part is
// recognised (whatever quotes the bundler gave the string).
const INLINED = 'AGFzbQEAAAA';

/** The fixture with the shared app copied in and the tarball installed (a copy, not a link). */
function prepare(fixture) {
  const dir = path.join(HERE, fixture);
  const pkg = path.join(dir, 'node_modules', 'groundfacts');
  assert.ok(fs.existsSync(pkg) && !fs.lstatSync(pkg).isSymbolicLink(), 'install the fixture first (scripts/test-hosts.sh)');
  fs.rmSync(path.join(dir, 'src'), { recursive: true, force: true });
  fs.cpSync(path.join(APP_SOURCE, 'src'), path.join(dir, 'src'), { recursive: true });
  fs.copyFileSync(path.join(APP_SOURCE, 'index.html'), path.join(dir, 'index.html'));
  return dir;
}

/**
 * Loads the app with the module's bytes held back, checks the page meanwhile, releases them, checks
 * the session and an agent fire. Returns what it saw.
 */
async function checkHeldThenReleased(t, dir, url) {
  const { chromium } = createRequire(path.join(dir, 'package.json'))('playwright-core');
  const browser = await chromium.launch(CHROMIUM);
  t.after(() => browser.close());
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => msg.type() === 'error' && problems.push(`console: ${msg.text()}`));
  page.on('response', (res) => res.status() >= 400 && !res.url().endsWith('/favicon.ico') && problems.push(`${res.status()} ${res.url()}`));

  let release;
  const released = new Promise((resolve) => { release = resolve; });
  const held = [];
  await page.route('**/*', async (route) => {
    const request = route.request();
    if (request.url().endsWith('.wasm')) {
      held.push(request.url());
      await released;
      await route.continue();
      return;
    }
    if (request.resourceType() !== 'script') {
      await route.continue();
      return;
    }
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes(INLINED)) {
      held.push(request.url());
      await released;
    }
    await route.fulfill({ response, body });
  });

  await page.goto(url);
  await page.getByTestId('plain').waitFor({ timeout: 30_000 });
  await page.getByTestId('child').waitFor({ timeout: 10_000 });
  // Wait until the module's bytes were asked for (so the page reached the loader), then check that
  // the page is live meanwhile.
  const askDeadline = Date.now() + 20_000;
  while (held.length === 0 && Date.now() < askDeadline) await new Promise((r) => setTimeout(r, 100));
  assert.ok(held.length > 0, 'the page asked for the module');
  await page.getByTestId('plain').click();
  await page.getByTestId('plain').click();
  const meanwhile = {
    plain: await page.getByTestId('plain').textContent(),
    status: await page.getByTestId('status').textContent(),
    session: await page.getByTestId('session').textContent(),
    facts: await page.getByTestId('facts').textContent(),
  };
  assert.equal(meanwhile.plain, 'plain clicks: 2', 'a component that does not use groundfacts answers clicks while the module loads');
  assert.equal(meanwhile.status, 'loading');
  assert.equal(meanwhile.session, 'no session');
  assert.equal(meanwhile.facts, '');

  release();
  await page.waitForFunction(() => document.querySelector('[data-testid=status]')?.textContent === 'ready', null, { timeout: 30_000 });
  await page.waitForFunction(() => typeof window.hostApp === 'object', null, { timeout: 10_000 });
  const answer = await page.evaluate(() => window.hostApp.bump());
  assert.equal(answer.ok, true, JSON.stringify(answer));
  await page.waitForFunction(() => document.querySelector('[data-testid=bumps]')?.textContent === 'bumps: 1', null, { timeout: 10_000 });
  const facts = await page.getByTestId('facts').textContent();
  assert.match(facts, /^You are on: home\.$/m);
  assert.match(facts, /agent fired home\.bump/);
  assert.equal(await page.getByTestId('plain').textContent(), 'plain clicks: 2', 'the component kept its state');
  assert.deepEqual(problems, []);
  return { held: held.map((u) => new URL(u).pathname) };
}

for (const [fixture, vite] of [['vite7-react', 'Vite 7'], ['vite8-react', 'Vite 8']]) {
  test(`${vite}, vite dev: the page renders without waiting for the module, then the session works`, { timeout: 180_000 }, async (t) => {
    const dir = prepare(fixture);
    fs.rmSync(path.join(dir, 'node_modules', '.vite'), { recursive: true, force: true });
    const server = await startVite(t, dir, []);
    const seen = await checkHeldThenReleased(t, dir, server.url);
    console.log(`# ${vite} dev: held ${seen.held.join(', ')}`);
    assert.doesNotMatch(server.log(), /error/i, server.log());
  });

  test(`${vite}, vite build + vite preview: the same, from the built app`, { timeout: 240_000 }, async (t) => {
    const dir = prepare(fixture);
    fs.rmSync(path.join(dir, 'dist'), { recursive: true, force: true });
    const out = execFileSync(path.join(dir, 'node_modules', '.bin', 'vite'), ['build'], { cwd: dir, encoding: 'utf8', stdio: 'pipe' });
    const assets = fs.readdirSync(path.join(dir, 'dist', 'assets'));
    assert.equal(assets.filter((f) => f.endsWith('.wasm')).length, 1, `one .wasm asset: ${assets}`);
    const server = await startVite(t, dir, ['preview']);
    const seen = await checkHeldThenReleased(t, dir, server.url);
    console.log(`# ${vite} build: held ${seen.held.join(', ')}`);
    assert.ok(seen.held.every((p) => p.endsWith('.wasm')), 'the built app fetches the .wasm asset, not the inlined copy');
    assert.doesNotMatch(out, /\(!\)|warn/i, `the build prints no warning:\n${out}`);
  });
}
