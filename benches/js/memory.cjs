// Memory bench of the built package (pkg/, its node entry), docs/decisions.md decision 25: wasm linear
// memory after 10k, 100k and 1M attempts at the default retention (flat after 10k: the session keeps
// its newest 10,000 rows per ledger and folds the rest into counts), bytes per attempt while under
// retention (target ≤ 300 B), and a 4 MiB input sent 2,000 times (refused PAYLOAD_TOO_LARGE, memory
// flat).
// Prints each target as met / NOT met; asserts nothing (a benchmark, not a test).
// Run: node benches/js/memory.cjs [--attempts=1000000]   (GROUNDFACTS_NODE_PKG=<dir> for another build)
// Prints how long the run took at the end.
'use strict';
const path = require('path');

const ROOT = path.join(__dirname, '..', '..');

// Capture the wasm instance the package creates, to read its linear memory.
let instance = null;
const OriginalInstance = WebAssembly.Instance;
WebAssembly.Instance = function CapturingInstance(module, imports) {
  instance = new OriginalInstance(module, imports);
  return instance;
};
const gf = require(process.env.GROUNDFACTS_NODE_PKG || path.join(ROOT, 'pkg'));
WebAssembly.Instance = OriginalInstance;
const { wizardDefinition } = require('../../tests/js/helpers/wizard.cjs');

const memoryBytes = () => instance.exports.memory.buffer.byteLength;
const arg = (name, fallback) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.split('=')[1]) : fallback;
};
const MAX_ATTEMPTS = arg('attempts', 1_000_000);
const verdict = (ok) => (ok ? 'met' : 'NOT met');
const mib = (bytes) => `${(bytes / 1048576).toFixed(2)} MiB`;

/** The seed wizard with a `name-it` handler reporting through the store tap (the seed app's shape). */
function makeSession(options = {}) {
  const app = { path: '/projects/new' };
  const graph = gf.buildNavigationGraph('wizard', wizardDefinition(gf, app));
  const state = { 'project.name': '', 'project.recipe': '', 'projects.count': 0 };
  const session = gf.createSession(graph, (href) => { app.path = href; }, { node: 'wizard', state, onWarn: () => {}, ...options });
  session.registerActions('wizard', { handlers: { 'name-it': (input) => { session.updateState({ 'project.name': input.name }); } } });
  let n = 0;
  /** `count` attempts: half settled fires, half refusals, so both ledgers grow. */
  const fill = (count) => {
    for (let i = 0; i < count / 2; i += 1) {
      n += 1;
      const fired = session.fire('wizard.name-it', { payload: { name: `name ${n}` } });
      if (!fired.ok) throw new Error(`bench: the fire was refused: ${JSON.stringify(fired)}`);
      session.fire('wizard.not-an-action');
    }
  };
  return { session, fill };
}

const started = Date.now();

// 1. Bytes per attempt while under retention, measured first (freed memory would be reused by later
//    sessions and hide growth): the default-retention session from empty to 10,000 attempts (its
//    ledgers end exactly full), and a session keeping a million rows from 4,000 to 44,000 attempts
//    (vector doubling amortised).
const under = makeSession();
let before = memoryBytes();
under.fill(10_000);
const perAttemptDefault = (memoryBytes() - before) / 10_000;
const wide = makeSession({ retain: 1_000_000 });
wide.fill(4_000);
before = memoryBytes();
wide.fill(40_000);
const perAttemptWide = (memoryBytes() - before) / 40_000;
wide.session.free();
under.session.free();

// 2. Memory after 10k, 100k, 1M attempts at the default retention.
const flat = makeSession();
const checkpoints = [10_000, 100_000, 1_000_000].filter((c) => c <= MAX_ATTEMPTS);
const memoryAt = [];
let done = 0;
const fillStarted = Date.now();
for (const c of checkpoints) {
  flat.fill(c - done);
  done = c;
  memoryAt.push([c, memoryBytes()]);
}
const fillSeconds = (Date.now() - fillStarted) / 1000;
const facts = flat.session.groundTruth();
const foldedLine = facts.text.split('\n').find((l) => l.includes('folded into counts')) || '(no folded line)';
const kept = flat.session.transitions().length + flat.session.gaps().length;
flat.session.free();

// 3. A 4 MiB input sent 2,000 times through the port's do_action: refused, memory flat.
const big = 'x'.repeat(4 * 1024 * 1024);
const port = makeSession();
const agent = gf.serveToAgent(port.session);
const bigStarted = Date.now();
const r0 = agent.call('wizard.do_action', { action: 'name-it', input: { name: big } });
const beforeBig = memoryBytes();
for (let i = 0; i < 2_000; i += 1) agent.call('wizard.do_action', { action: 'name-it', input: { name: big } });
const bigSeconds = (Date.now() - bigStarted) / 1000;
const afterBig = memoryBytes();
const stillFires = agent.call('wizard.do_action', { action: 'name-it', input: { name: 'ok' } }).ok === true;

console.log('wasm memory at the default retention (10,000 rows per ledger), half fires, half refusals:');
for (const [c, bytes] of memoryAt) console.log(`  after ${c.toLocaleString('en-US').padStart(9)} attempts: ${mib(bytes)}`);
console.log(`  kept rows at the end: ${kept} (transitions + gaps)`);
console.log(`  facts block: ${foldedLine.trim()}`);
console.log(`  ${done.toLocaleString('en-US')} attempts through JS took ${fillSeconds.toFixed(1)} s`);
console.log('\nbytes per attempt while under retention:');
console.log(`  default retain, empty → 10,000 attempts:       ${perAttemptDefault.toFixed(0)} B`);
console.log(`  retain 1,000,000, attempts 4,000 → 44,000:     ${perAttemptWide.toFixed(0)} B`);
console.log('\na 4 MiB input through do_action, 2,000 times:');
console.log(`  reason: ${r0.reason}; memory before ${mib(beforeBig)}, after ${mib(afterBig)}; ${bigSeconds.toFixed(1)} s; the session still fires: ${stillFires}`);

console.log('\ntargets (docs/decisions.md decision 25):');
const at10k = memoryAt.find(([c]) => c === 10_000);
const last = memoryAt[memoryAt.length - 1];
const growth = last[1] - at10k[1];
console.log(`  flat after 10k (≤ 1 MiB growth 10k → ${last[0].toLocaleString('en-US')}): ${mib(growth)}   ${verdict(growth <= 1048576 && last[0] > 10_000)}`);
console.log(`  ≤ 300 B per attempt under retention (default):  ${perAttemptDefault.toFixed(0)} B   ${verdict(perAttemptDefault <= 300)}`);
console.log(`  ≤ 300 B per attempt under retention (1M kept):  ${perAttemptWide.toFixed(0)} B   ${verdict(perAttemptWide <= 300)}`);
console.log(`  4 MiB inputs refused, memory flat:               ${r0.reason}, ${mib(afterBig - beforeBig)}   ${verdict(r0.reason === 'PAYLOAD_TOO_LARGE' && afterBig === beforeBig && stillFires)}`);
console.log(`\ntotal ${(Date.now() - started) / 1000} s`);
