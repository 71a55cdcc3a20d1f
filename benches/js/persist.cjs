// What `<GroundfactsProvider persist>` (pkg-template/react/index.ts) costs, on the built package through
// its node entry: per history size (10 / 100 / 1,000 / 10,000 attempts, half fires and half refusals, so
// both ledgers grow), the µs of one write (`JSON.stringify(session.snapshot())`, what the provider does a
// microtask after each burst of changes), the characters written (sessionStorage holds about 5 million
// per origin in Chromium and Firefox), and the µs of one restore (`createSession(..., { restore: text })`
// from the stored JSON text, as the provider does, once per page load). Prints each target as met / NOT met; asserts nothing (a benchmark).
// Run: node benches/js/persist.cjs   (GROUNDFACTS_NODE_PKG=<dir> to measure another build)
'use strict';
const path = require('path');

const ROOT = path.join(__dirname, '..', '..');
const gf = require(process.env.GROUNDFACTS_NODE_PKG || path.join(ROOT, 'pkg'));
const { wizardDefinition } = require('../../tests/js/helpers/wizard.cjs');

const app = { path: '/projects/new' };
const graph = gf.buildNavigationGraph('wizard', wizardDefinition(gf, app));
const STATE = { 'project.name': '', 'project.recipe': '', 'projects.count': 0 };

function filledSession(attempts) {
  const session = gf.createSession(graph, (href) => void (app.path = href), { node: 'wizard', state: { ...STATE }, onWarn: () => {} });
  session.registerActions('wizard', { handlers: { 'name-it': (input) => void session.updateState({ 'project.name': input.name }) } });
  for (let i = 0; i < attempts / 2; i += 1) {
    session.fire('wizard.name-it', { payload: { name: `name ${i}` } });
    session.fire('wizard.not-an-action');
  }
  return session;
}

const now = () => Number(process.hrtime.bigint());

/** Median µs per call over five rounds of at least `roundMs` and 3 calls each, after one warm-up call. */
function perOp(fn, roundMs = 60) {
  fn();
  const samples = [];
  for (let round = 0; round < 5; round += 1) {
    let calls = 0;
    const start = now();
    do {
      fn();
      calls += 1;
    } while (now() - start < roundMs * 1e6 || calls < 3);
    samples.push((now() - start) / calls / 1e3);
  }
  samples.sort((a, b) => a - b);
  return samples[2];
}

const FRAME_US = 16_000; // one frame at 60 Hz: a write (one per burst of changes) should fit well inside it
const QUOTA_CHARS = 5_000_000;
const rows = [];
for (const size of [10, 100, 1_000, 10_000]) {
  const session = filledSession(size);
  const text = JSON.stringify(session.snapshot());
  const write = perOp(() => JSON.stringify(session.snapshot()));
  const restore = perOp(() => gf.createSession(graph, undefined, { restore: text, onWarn: () => {} }).free());
  const restored = gf.createSession(graph, undefined, { restore: text, onWarn: () => {} });
  const same = restored.groundTruth().text === session.groundTruth().text && restored.version === session.version;
  restored.free();
  session.free();
  rows.push({ size, write, chars: text.length, restore, same });
}

const fmt = (n) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
console.log('attempts   write µs   chars written   restore µs   restored facts block equal');
for (const r of rows) {
  console.log(`${String(r.size).padStart(8)}   ${fmt(r.write).padStart(8)}   ${String(r.chars).padStart(13)}   ${fmt(r.restore).padStart(10)}   ${r.same}`);
}
const at = (size) => rows.find((r) => r.size === size);
const targets = [
  ['a write at the size of a chat session (100 attempts) ≤ 1 ms', at(100).write <= 1_000],
  [`a write at 10,000 attempts fits in a frame (≤ ${FRAME_US / 1000} ms)`, at(10_000).write <= FRAME_US],
  ['a restore at 10,000 attempts ≤ 50 ms (once per page load)', at(10_000).restore <= 50_000],
  [`the record at 10,000 attempts fits sessionStorage (≤ ${QUOTA_CHARS.toLocaleString('en')} characters)`, at(10_000).chars <= QUOTA_CHARS],
  ['every restored session renders the same facts block at the same version', rows.every((r) => r.same)],
];
for (const [what, met] of targets) console.log(`${met ? 'met' : 'NOT met'}: ${what}`);
