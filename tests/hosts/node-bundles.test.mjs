// groundfacts bundled for Node (tests/hosts/node-bundles): an esbuild bundle of a serverless-style
// script, as CommonJS and as ESM, and a Vite SSR build of the same file, with Vite's default externals
// and with `ssr.noExternal: ['groundfacts']`. Each bundle is copied to a folder with no node_modules
// and run there: the bundle must carry the module itself (docs/loading.md), with no file looked up.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const APP = path.join(path.dirname(fileURLToPath(import.meta.url)), 'node-bundles');
const BIN = path.join(APP, 'node_modules', '.bin');

function installed() {
  const pkg = path.join(APP, 'node_modules', 'groundfacts');
  assert.ok(fs.existsSync(pkg) && !fs.lstatSync(pkg).isSymbolicLink(), 'install the fixture first (scripts/test-hosts.sh)');
}

/** Copies `file` alone into a fresh folder outside the app and runs it; returns its JSON line. */
function runAlone(t, file) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'groundfacts-bundle-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const target = path.join(dir, path.basename(file).replace(/\.js$/, '.mjs')); // ESM out of a "type": "module" app
  fs.copyFileSync(file, target);
  const out = execFileSync(process.execPath, [target, '--run'], { cwd: dir, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop());
}

function assertHandled(report) {
  assert.equal(report.ok, true);
  assert.match(report.facts, /^You are on: home\.$/m);
  assert.match(report.facts, /agent fired home\.ping/);
}

for (const format of ['cjs', 'esm']) {
  test(`esbuild --bundle --platform=node --format=${format}: the bundle runs alone`, { timeout: 60_000 }, (t) => {
    installed();
    const out = path.join(APP, 'dist', `handler.${format === 'cjs' ? 'cjs' : 'mjs'}`);
    const log = execFileSync(path.join(BIN, 'esbuild'), ['handler.js', '--bundle', '--platform=node', `--format=${format}`, `--outfile=${out}`, '--log-level=warning'], {
      cwd: APP,
      encoding: 'utf8',
      stdio: 'pipe',
    });
    assert.equal(log.trim(), '', 'esbuild printed no warning');
    assertHandled(runAlone(t, out));
  });
}

for (const [name, config] of [['default externals', []], ["ssr.noExternal: ['groundfacts']", ['--config', 'vite.noexternal.config.js']]]) {
  test(`vite build --ssr (${name}): the server entry runs`, { timeout: 120_000 }, (t) => {
    installed();
    const outDir = path.join(APP, 'dist', config.length ? 'ssr-noexternal' : 'ssr');
    fs.rmSync(outDir, { recursive: true, force: true });
    execFileSync(path.join(BIN, 'vite'), ['build', '--ssr', 'handler.js', '--outDir', outDir, ...config], { cwd: APP, stdio: 'pipe' });
    const built = path.join(outDir, 'handler.js');
    if (config.length) {
      // Inlined: the bundle carries groundfacts and runs with no node_modules at all.
      assert.doesNotMatch(fs.readFileSync(built, 'utf8'), /from ['"]groundfacts['"]/);
      assertHandled(runAlone(t, built));
    } else {
      // Externals: the bundle imports groundfacts from the app's node_modules, as a server runs it.
      assertHandled(JSON.parse(execFileSync(process.execPath, [built, '--run'], { cwd: APP, encoding: 'utf8' }).trim()));
    }
  });
}
