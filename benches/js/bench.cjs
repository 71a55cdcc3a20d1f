// Node bench of the built package (pkg-node/): per-op cost of fire+settle, available(), groundTruth()
// and the port's whats_here as the ledgers grow to 10 / 1,000 / 10,000 attempts, the ratios between
// sizes (flat ≈ 1× means the cost does not grow with history), and wasm memory per attempt.
// Reports numbers only; asserts nothing (timings are not tests). Run: node benches/js/bench.cjs
'use strict';
const path = require('path');

// Capture the wasm instance the package creates, to read its linear memory.
let instance = null;
const OriginalInstance = WebAssembly.Instance;
WebAssembly.Instance = function CapturingInstance(module, imports) {
  instance = new OriginalInstance(module, imports);
  return instance;
};
const gf = require(process.env.GROUNDFACTS_NODE_PKG || path.join(__dirname, '..', '..', 'pkg-node'));
WebAssembly.Instance = OriginalInstance;
const { wizardDefinition } = require('../../tests/js/helpers/wizard.cjs');

const memoryBytes = () => (instance && instance.exports.memory ? instance.exports.memory.buffer.byteLength : NaN);

function makeSession() {
  const app = { path: '/projects/new' };
  const graph = gf.buildNavigationGraph('wizard', wizardDefinition(gf, app));
  const state = { 'project.name': '', 'project.recipe': '', 'projects.count': 0 };
  const session = gf.createSession(graph, (href) => { app.path = href; }, { node: 'wizard', state: { ...state }, onWarn: () => {} });
  let n = 0;
  session.registerActions('wizard', {
    handlers: { 'name-it': (input) => session.updateState({ 'project.name': input.name }) },
  });
  const fireAndSettle = () => {
    n += 1;
    const fired = session.fire('wizard.name-it', { payload: { name: `name ${n}` } });
    if (fired.settlement !== 'settled') throw new Error(`bench: fire did not settle synchronously: ${JSON.stringify(fired)}`);
  };
  return { session, fireAndSettle };
}

/** Mean µs per call of `fn`, over enough calls to last ~`budgetMs`. */
function perOp(fn, budgetMs = 150) {
  for (let i = 0; i < 3; i += 1) fn(); // warm
  let calls = 0;
  const start = process.hrtime.bigint();
  let elapsed = 0;
  while (elapsed < budgetMs * 1e6) {
    fn();
    calls += 1;
    elapsed = Number(process.hrtime.bigint() - start);
  }
  return elapsed / calls / 1e3;
}

const SIZES = [10, 1_000, 10_000];
const rows = [];
for (const size of SIZES) {
  const { session, fireAndSettle } = makeSession();
  const memBefore = memoryBytes();
  // Every attempt is a fire plus a refusal, so both ledgers grow: `size` attempts in all.
  for (let i = 0; i < size / 2; i += 1) {
    fireAndSettle();
    session.fire('wizard.not-an-action');
  }
  const memAfter = memoryBytes();
  const port = typeof gf.serveToAgent === 'function' ? gf.serveToAgent(session) : null;
  rows.push({
    size,
    fire: perOp(fireAndSettle, 100),
    available: perOp(() => session.available()),
    groundTruth: typeof session.groundTruth === 'function' ? perOp(() => session.groundTruth()) : NaN,
    whatsHere: port ? perOp(() => port.call('wizard.whats_here', {})) : NaN,
    memPerAttempt: (memAfter - memBefore) / size,
    memTotal: memoryBytes(),
  });
  session.free();
}

const fmt = (x) => (Number.isFinite(x) ? x.toFixed(2).padStart(9) : '      n/a');
const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(2)}×`.padStart(8) : '     n/a');
console.log('groundfacts node bench — µs per op (lower is better)');
console.log('attempts   fire+settle  available()  groundTruth()  whats_here   wasm bytes/attempt  wasm memory');
for (const r of rows) {
  console.log(
    `${String(r.size).padStart(8)}  ${fmt(r.fire)}    ${fmt(r.available)}    ${fmt(r.groundTruth)}    ${fmt(r.whatsHere)}   ${fmt(r.memPerAttempt)}          ${(r.memTotal / 1048576).toFixed(1)} MiB`,
  );
}
const [small, , large] = rows;
console.log(`ratio 10,000 vs 10 attempts: fire ${ratio(large.fire, small.fire)}  available ${ratio(large.available, small.available)}  groundTruth ${ratio(large.groundTruth, small.groundTruth)}  whats_here ${ratio(large.whatsHere, small.whatsHere)}`);
