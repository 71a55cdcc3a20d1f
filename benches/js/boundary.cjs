// Each boundary path, timed both ways on the same values (decision 30): what the package does (the JS
// walker + serde_json text in; serde_json text + JSON.parse out, JS-built objects for the fire, update
// and groundTruth() results) against serde-wasm-bindgen (`from_value` in, `Serializer::json_compatible()`
// out) and, for the JS-built results, against the general route's text. It builds the
// package's wasm with the `bench-paths` cargo feature (src/js/bench/paths.rs: bench-only exports, never
// shipped) into target/bench-paths/, then times each path in alternating rounds and prints min and
// median µs, whether both hand JS the same data, and which path is within ~10% of the faster one. The
// wasm size each way is the shipped pkg/ wasm against the bench build (which carries serde-wasm-bindgen
// and the bench exports). Reports numbers only; asserts nothing. docs/boundary.md keeps the results.
// Run: node benches/js/boundary.cjs [--no-build]   (after scripts/build.sh)
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');

const ROOT = path.join(__dirname, '..', '..');
const { OUT, build, built } = require('./bench-paths.cjs');
const { wizardDefinition } = require('../../tests/js/helpers/wizard.cjs');

if (!process.argv.includes('--no-build') || !built()) build();
const gf = require(path.join(OUT, 'groundfacts.js'));

const STATE = { 'project.name': '', 'project.recipe': '', 'projects.count': 0 };

/** The seed wizard with a handler reporting the whole 3-key store, filled to `attempts` (half refusals). */
function wizardSession(attempts) {
  const app = { path: '/projects/new' };
  const graph = gf.buildNavigationGraph('wizard', wizardDefinition(gf, app));
  const session = gf.createSession(graph, (href) => { app.path = href; }, { node: 'wizard', state: { ...STATE }, onWarn: () => {} });
  session.registerActions('wizard', {
    handlers: { 'name-it': (input) => { session.updateState({ 'project.name': input.name, 'project.recipe': '', 'projects.count': 0 }); } },
  });
  for (let i = 0; i < attempts / 2; i += 1) {
    session.fire('wizard.name-it', { payload: { name: `name ${i}` } });
    session.fire('wizard.not-an-action');
  }
  return session;
}

const now = () => Number(process.hrtime.bigint());
function round(fn, ms) {
  let calls = 0;
  const start = now();
  let elapsed;
  do {
    for (let i = 0; i < 8; i += 1) fn();
    calls += 8;
    elapsed = now() - start;
  } while (elapsed < ms * 1e6);
  return elapsed / calls / 1e3;
}
/** Alternating rounds of `a` and `b` (the load is shared), after a warm-up: min and median µs of each. */
function compare(a, b, rounds = 11, ms = 15) {
  round(a, ms);
  round(b, ms);
  const sa = [];
  const sb = [];
  for (let r = 0; r < rounds; r += 1) {
    sa.push(round(a, ms));
    sb.push(round(b, ms));
  }
  const stat = (s) => {
    s.sort((x, y) => x - y);
    return { min: s[0], median: s[s.length >> 1] };
  };
  return [stat(sa), stat(sb)];
}

const small = wizardSession(20);
const ledger = wizardSession(200);
const payload = { name: 'name 7' };
const delta = { 'project.name': 'name 7', 'project.recipe': 'r', 'projects.count': 3 };
const options = { payload };
const SWB = 1;
const TEXT = 2;
const TEXTS = 3;

// [path, call(way), [way, label] of the package's own path, [way, label] of another non-swb path]
const WALKER = [0, 'JS walker + serde_json text'];
const GENERAL = [0, 'serde_json text + JSON.parse'];
const AS_TEXT = [TEXT, 'serde_json text + JSON.parse'];
const rows = [
  ['payload in (fire)', (w) => gf.__benchReadValue(payload, w), WALKER],
  ['state report in (updateState, 3 keys)', (w) => gf.__benchReadValue(delta, w), WALKER],
  ['options in (fire { payload })', (w) => gf.__benchReadOptions(options, w), [0, 'one JS call (fast.js fireOptions)'], [TEXT, 'Reflect member reads']],
  ['fire result out', (w) => gf.__benchWrite(small, 0, w), [0, 'JS object literal (acceptedFire)'], AS_TEXT],
  ['update result out (with its transition)', (w) => gf.__benchWrite(small, 1, w), [0, 'JS-built object (updateWithRecord)'], AS_TEXT],
  ['groundTruth() out, 20 attempts', (w) => gf.__benchWrite(small, 7, w), [0, 'JS object literal (renderedBlock)'], [TEXTS, 'text + JSON.parse, text set in'], AS_TEXT],
  ['refused fire result out (unknown id)', (w) => gf.__benchWrite(small, 6, w), GENERAL],
  ['transitions() out, 100 rows', (w) => gf.__benchWrite(ledger, 2, w), GENERAL],
  ['gaps() out, 100 rows', (w) => gf.__benchWrite(ledger, 3, w), GENERAL],
  ['pending() out', (w) => gf.__benchWrite(ledger, 4, w), GENERAL],
  ['whats_here port result out', (w) => gf.__benchWrite(small, 5, w), [0, 'text + JSON.parse, texts set in'], AS_TEXT],
];

const num = (x) => x.toFixed(2).padStart(7);
const gzip = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
const shipped = path.join(ROOT, 'pkg', 'groundfacts_bg.wasm');

console.log(`groundfacts boundary paths — µs per call, min / median of 11 alternating rounds (node ${process.version})`);
console.log('The package\'s path first; each other path timed against it in alternating rounds; ratio = other/package (min).');
console.log(`${'path'.padEnd(41)} ${'way'.padEnd(31)} ${'min'.padStart(7)} / ${'median'.padStart(6)}   ratio  same data`);
for (const [label, call, own, ...others] of rows) {
  const alternatives = own[0] === SWB ? others : [[SWB, 'serde-wasm-bindgen'], ...others];
  console.log(`${label.padEnd(41)} ${(`${own[1]} (package)`).padEnd(31)}`);
  for (const [way, name] of alternatives) {
    const same = JSON.stringify(call(own[0])) === JSON.stringify(call(way));
    const [a, b] = compare(() => call(own[0]), () => call(way));
    console.log(`${''.padEnd(41)}   package ${''.padEnd(21)} ${num(a.min)} /${num(a.median)}`);
    console.log(`${''.padEnd(41)}   ${name.padEnd(29)} ${num(b.min)} /${num(b.median)}  ${(b.min / a.min).toFixed(2).padStart(5)}×  ${same ? 'yes' : 'NO'}`);
  }
}
if (fs.existsSync(shipped)) {
  const a = gzip(shipped);
  const b = gzip(path.join(OUT, 'groundfacts_bg.wasm'));
  console.log(`\nwasm gzip -9: shipped pkg ${a} B; bench build with serde-wasm-bindgen and the bench exports ${b} B (+${b - a} B, ${((100 * (b - a)) / a).toFixed(1)}%)`);
} else {
  console.log('\nwasm size: pkg/ not built (run scripts/build.sh first)');
}
