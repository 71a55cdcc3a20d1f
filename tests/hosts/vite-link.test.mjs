// A linked install (docs/loading.md, "Linked installs"; pkg-template/README.md, "What each host needs"):
// tests/hosts/vite-link names the unpacked tarball in target/link-install/package, outside the app, by a
// file: dependency, so node_modules/groundfacts is a symlink, as `npm link` makes it. Under `vite dev`
// with the scaffold's config, Vite refuses the module's URL (403: server.fs.allow keeps the folder
// out): the page must still work (the loader takes the inlined copy) and print one message, naming
// server.fs.allow; with the fix the message names (the folder added to server.fs.allow) the file is
// served and nothing is printed. scripts/test-hosts.sh unpacks and installs the fixture.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM, startVite } from './support.mjs';

const APP = path.join(path.dirname(fileURLToPath(import.meta.url)), 'vite-link');
const FACTS_HEADER = 'FACTS FROM THE APP (authoritative).';

function linked() {
  const pkg = path.join(APP, 'node_modules', 'groundfacts');
  assert.ok(fs.existsSync(pkg), 'install the fixture first (scripts/test-hosts.sh)');
  assert.ok(fs.lstatSync(pkg).isSymbolicLink(), 'node_modules/groundfacts is a link');
  const real = fs.realpathSync(pkg);
  assert.ok(!real.startsWith(APP + path.sep), `the link points outside the app (${real})`);
  return real;
}


/** Loads the page; returns the .wasm responses, the package's console messages and the page's errors. */
async function load(t, url) {
  const { chromium } = createRequire(path.join(APP, 'package.json'))('playwright-core');
  const browser = await chromium.launch(CHROMIUM);
  t.after(() => browser.close());
  const page = await browser.newPage();
  const wasm = [];
  const ours = [];
  const errors = [];
  page.on('response', (res) => res.url().endsWith('.wasm') && wasm.push(res.status()));
  page.on('console', (msg) => msg.text().startsWith('groundfacts: ') && ours.push(msg.text()));
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto(url);
  await page.waitForFunction(() => document.querySelector('[data-testid=status]')?.textContent !== 'loading', null, { timeout: 60_000 });
  const status = await page.getByTestId('status').textContent();
  const facts = await page.getByTestId('facts').textContent();
  return { wasm, ours, errors, status, facts };
}

test('vite dev, linked install, scaffold config: the page works from the inlined copy and one message names server.fs.allow', { timeout: 180_000 }, async (t) => {
  linked();
  fs.rmSync(path.join(APP, 'node_modules', '.vite'), { recursive: true, force: true });
  const server = await startVite(t, APP, []);
  const seen = await load(t, server.url);
  assert.deepEqual(seen.errors, []);
  assert.equal(seen.status, 'ready', 'the agent fire performed');
  assert.ok(seen.facts.includes(FACTS_HEADER), seen.facts);
  assert.match(seen.facts, /DID happen — agent fired home\.bump/);
  // Either the file is served (nothing to say) or it is refused and the package says so once.
  if (seen.wasm.includes(403)) {
    assert.equal(seen.ours.length, 1, seen.ours.join('\n'));
    assert.match(seen.ours[0], /answered 403/);
    assert.match(seen.ours[0], /server\.fs\.allow/);
  } else {
    assert.deepEqual(seen.ours, []);
  }
  t.diagnostic(`.wasm answered ${seen.wasm.join(', ') || 'nothing (not fetched)'}`);
});

test('vite dev, linked install, with the fix the message names: the file is served, nothing printed', { timeout: 180_000 }, async (t) => {
  linked();
  fs.rmSync(path.join(APP, 'node_modules', '.vite'), { recursive: true, force: true });
  const server = await startVite(t, APP, ['--config', 'vite.allow.config.js']);
  const seen = await load(t, server.url);
  assert.deepEqual(seen.errors, []);
  assert.equal(seen.status, 'ready');
  assert.ok(seen.facts.includes(FACTS_HEADER));
  assert.deepEqual(seen.wasm, [200], 'the module itself is fetched');
  assert.deepEqual(seen.ours, []);
});
