// docs/session.md §24 in a real browser: the browser entry (groundfacts.js, as installed from the tarball in
// tests/hosts/webpack) loaded unbundled as an ES module in Debian's Chromium, its wasm memory exhausted
// for real through public calls until the module traps. Chromium runs with V8's --wasm-max-mem-pages
// lowered to 256 MiB so that takes seconds, not the ~2 min the full 4 GiB takes; the package is exactly
// what ships. The page checks what tests/js/trap.gc.cjs checks in node: SessionError MODULE_RESET, old
// objects refused, a port's call() answering (not throwing) on the call that trapped, a new session works,
// nothing unhandled. scripts/test-hosts.sh runs this file.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM, serve } from './support.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const INSTALLED = path.join(HERE, 'webpack', 'node_modules', 'groundfacts');

const PAGE = `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><body><script type="module">
const escaped = [];
addEventListener('unhandledrejection', (e) => escaped.push('unhandledrejection: ' + (e.reason && e.reason.message)));
addEventListener('error', (e) => escaped.push('error: ' + e.message));
const report = {};
try {
  const gf = await import('./groundfacts/groundfacts.js');
  const def = { pages: { home: { route: '/', actions: {
    save: { does: 'Save the draft', writes: ['draft'] }, later: { does: 'Later', input: 'none' } } } } };
  const opening = () => {
    const s = gf.createSession(gf.buildNavigationGraph('app', def));
    s.registerActions('home', { handlers: { save: () => s.updateState({ draft: 'x' }) } });
    s.fire('home.save');
    const text = s.groundTruth().text;
    s.free();
    return text;
  };
  report.before = opening();
  const graph = gf.buildNavigationGraph('app', def);
  const victim = gf.createSession(graph);
  let resolveLater;
  victim.registerActions('home', { handlers: { later: () => new Promise((r) => { resolveLater = r; }) } });
  victim.fire('home.later');
  const chunk = 'x'.repeat(8 * 1024 * 1024);
  const keep = [];
  const started = performance.now();
  try {
    for (let i = 0; i < 100000; i++) {
      const s = gf.createSession(graph, null, { maxValueBytes: 16 * 1024 * 1024 });
      keep.push(s);
      for (let k = 0; k < 4; k++) s.updateState({ ['k' + k]: chunk });
    }
  } catch (err) {
    report.trap = { typed: err instanceof gf.SessionError, code: err.code, cause: String(err.cause), message: err.message };
  }
  report.ms = Math.round(performance.now() - started);
  report.sessions = keep.length;
  keep.length = 0;
  const refusal = (f) => { try { f(); return 'no error'; } catch (err) { return err instanceof gf.SessionError ? err.code : String(err); } };
  report.oldSession = refusal(() => victim.groundTruth());
  report.oldGraph = refusal(() => gf.createSession(graph));
  report.quietFree = refusal(() => { victim.free(); throw new gf.SessionError('freed quietly', 'QUIET'); });
  resolveLater();
  await new Promise((r) => setTimeout(r, 50));
  report.after = opening();
  // A port's call() never throws, not even the call during which the module traps: each call's 8 MiB
  // input stays in the ledger until the memory runs out in the middle of one.
  const noteDef = { pages: { home: { route: '/', actions: { note: { does: 'Keep a note',
    input: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } } } } } };
  const noted = gf.createSession(gf.buildNavigationGraph('notes', noteDef), null, { maxValueBytes: 16 * 1024 * 1024 });
  noted.registerActions('home', { handlers: { note: () => {} } });
  const port = gf.serveToAgent(noted);
  try {
    for (let i = 0; i < 1000 && report.portAnswer === undefined; i++) {
      const answer = port.call('notes.do_action', { action: 'home.note', input: { text: chunk + i } });
      if (!answer.ok) report.portAnswer = answer;
    }
  } catch (err) {
    report.portThrew = String(err && err.message);
  }
  report.afterPort = opening();
} catch (err) {
  report.error = String(err && err.stack ? err.stack : err);
}
report.escaped = escaped;
window.__trap = report;
</script>`;

test('browser entry in Chromium: a real trap becomes MODULE_RESET and the module keeps working', { timeout: 180_000 }, async (t) => {
  assert.ok(fs.existsSync(path.join(INSTALLED, 'groundfacts.js')), `${INSTALLED}: install the tarball first (scripts/test-hosts.sh)`);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'groundfacts-trap-'));
  t.after(() => fs.rmSync(root, { recursive: true, force: true }));
  fs.cpSync(INSTALLED, path.join(root, 'groundfacts'), { recursive: true });
  fs.writeFileSync(path.join(root, 'index.html'), PAGE);

  const server = await serve(root);
  t.after(() => server.close());
  const { chromium } = createRequire(path.join(HERE, 'webpack', 'package.json'))('playwright-core');
  const browser = await chromium.launch({ ...CHROMIUM, args: [...CHROMIUM.args, '--js-flags=--wasm-max-mem-pages=4096'] });
  t.after(() => browser.close());
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.waitForFunction(() => window.__trap !== undefined, null, { timeout: 120_000 });
  const report = await page.evaluate(() => window.__trap);
  console.log(`# Chromium: trapped after ${report.sessions} sessions in ${report.ms} ms`);

  assert.equal(report.error, undefined);
  assert.ok(report.trap, 'the memory ran out');
  assert.equal(report.trap.typed, true);
  assert.equal(report.trap.code, 'MODULE_RESET');
  assert.match(report.trap.cause, /^RuntimeError: /);
  assert.match(report.trap.message, /^groundfacts: the WebAssembly module trapped/);
  assert.equal(report.oldSession, 'MODULE_RESET');
  assert.equal(report.oldGraph, 'MODULE_RESET');
  assert.equal(report.quietFree, 'QUIET', 'free() on a dead session does not throw');
  assert.equal(report.after, report.before, 'a new session writes what one before the trap wrote');
  assert.match(report.after, /DID happen/);
  assert.equal(report.portThrew, undefined, "a port's call() never throws, not even the one that trapped");
  assert.equal(report.portAnswer?.reason, 'MODULE_RESET');
  assert.equal(report.portAnswer?.ok, false);
  assert.match(report.portAnswer?.why ?? '', /trapped during this call \(RuntimeError: /);
  assert.equal(report.afterPort, report.before, 'and the module works again after it');
  assert.deepEqual(report.escaped, []);
  assert.deepEqual(problems, []);
});
