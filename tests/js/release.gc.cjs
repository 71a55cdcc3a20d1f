// Pins docs/decisions.md decision 26 with the garbage collector: every JS function groundfacts holds is
// released when its holder goes — handlers and navigate/onWarn when the session is freed, a
// mount-declared action's verify predicate and inline handler when its group unregisters (or is
// disposed), a graph's verify predicates when the graph and every session built from it are freed —
// and mount/unmount and create/fire/free cycles leave wasm memory and the JS heap flat.
// Run with `node --expose-gc --test tests/js/release.gc.cjs` (scripts/test.sh does); without the flag
// it turns the collector on itself through v8.setFlagsFromString.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('path');
const v8 = require('v8');
const vm = require('vm');

// Capture the wasm instance the package creates, to read its linear memory.
let instance = null;
const OriginalInstance = WebAssembly.Instance;
WebAssembly.Instance = function CapturingInstance(module, imports) {
  instance = new OriginalInstance(module, imports);
  return instance;
};
const gf = require('./helpers/load.cjs');
WebAssembly.Instance = OriginalInstance;
const wasmBytes = () => instance.exports.memory.buffer.byteLength;

const gc = typeof global.gc === 'function' ? global.gc : (v8.setFlagsFromString('--expose-gc'), vm.runInNewContext('gc'));

/** Collect until the registry has reported every token in `names`, or give up after a few rounds. */
async function collectedNames(registry, names) {
  for (let round = 0; round < 20 && names.some((n) => !registry.seen.has(n)); round++) {
    gc();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return names.filter((n) => !registry.seen.has(n));
}

function tracker() {
  const seen = new Set();
  const registry = new FinalizationRegistry((name) => seen.add(name));
  return { seen, track: (value, name) => (registry.register(value, name), value) };
}

const DEF = {
  pages: {
    home: { route: '/', actions: { toggle: { does: 'Toggle the panel', input: 'none' }, open: { does: 'Open the cart', goTo: 'cart' } } },
    cart: { route: '/cart', actions: { checked: { does: 'A checked change', writes: ['x'], verify: { x: { eq: 1 } } } } },
  },
};

test('session.free() releases its handlers, navigate and onWarn', async () => {
  const t = tracker();
  const graph = gf.buildNavigationGraph('shop', DEF);
  (() => {
    const session = gf.createSession(graph, t.track((href) => href, 'navigate'), { onWarn: t.track(() => {}, 'onWarn') });
    session.registerActions('home', { handlers: { toggle: t.track(() => {}, 'handler') } });
    assert.equal(session.fire('home.toggle').ok, true);
    session.free();
  })();
  assert.deepEqual(await collectedNames(t, ['handler', 'navigate', 'onWarn']), []);
});

test('unregister releases a mount-declared action’s verify predicate and inline handler; dispose does too', async () => {
  const t = tracker();
  const graph = gf.buildNavigationGraph('shop', DEF);
  const session = gf.createSession(graph, null, { state: { y: 0 } });
  (() => {
    const group = session.registerActions('home', {
      actions: { mounted: { does: 'A mounted change', writes: ['y'], verify: t.track((s) => s.y === 1, 'predicate'), handler: t.track(() => session.updateState({ y: 1 }), 'inline') } },
    });
    assert.equal(session.fire('home.mounted').effectStatus, 'performed');
    group.unregister();
    const disposed = session.registerActions('home', { handlers: { toggle: t.track(() => {}, 'disposed handler') } });
    disposed[Symbol.dispose]();
  })();
  assert.deepEqual(await collectedNames(t, ['predicate', 'inline', 'disposed handler']), []);
  session.free();
});

test('graph predicates live while the graph or a session built from it does, and go with the last of them', async () => {
  const t = tracker();
  const def = (name) => ({ pages: { home: { actions: { check: { does: 'Check', writes: ['x'], verify: t.track((s) => s.x === 1, name) } } } } });
  (() => gf.buildNavigationGraph('alone', def('alone')).free())();
  let session;
  (() => {
    const graph = gf.buildNavigationGraph('shared', def('shared'));
    session = gf.createSession(graph, null, { state: { x: 0 } });
    session.registerActions('home', { handlers: { check: () => session.updateState({ x: 1 }) } });
    graph.free();
  })();
  assert.deepEqual(await collectedNames(t, ['alone']), [], 'a freed graph with no session lets go');
  assert.ok(!t.seen.has('shared'), 'a session still uses the freed graph’s predicate');
  assert.equal(session.fire('home.check').effectStatus, 'performed', 'and it still answers');
  session.free();
  session = null;
  assert.deepEqual(await collectedNames(t, ['shared']), []);
});

test('mount/unmount and create/fire/free cycles leave wasm memory and the JS heap flat (loosely)', async () => {
  const graph = gf.buildNavigationGraph('shop', DEF);
  const session = gf.createSession(graph, (href) => href);
  const mount = () => session.registerActions('home', {
    handlers: { toggle: () => {} },
    actions: { mounted: { does: 'Mounted', verify: () => true } },
  });
  // Disposed groups (free / Symbol.dispose) are detached at once: no collection needed.
  for (let i = 0; i < 5_000; i++) mount().free();
  let before = wasmBytes();
  for (let i = 0; i < 50_000; i++) mount()[Symbol.dispose]();
  let grown = wasmBytes() - before;
  // A disposed group keeps nothing; a few pages of allocator slack may remain.
  assert.ok(grown <= 1 << 20, `50,000 mount/dispose cycles grew wasm memory by ${grown} B`);
  // Groups only unregistered keep a few bytes of wrapper until the collector finalizes them, as an
  // idle app's would between mounts.
  before = wasmBytes();
  for (let round = 0; round < 20; round++) {
    for (let i = 0; i < 1_000; i++) mount().unregister();
    gc();
    await new Promise((resolve) => setImmediate(resolve));
  }
  grown = wasmBytes() - before;
  assert.ok(grown <= 1 << 20, `20,000 mount/unregister cycles grew wasm memory by ${grown} B`);

  const sessions = (n) => {
    for (let i = 0; i < n; i++) {
      const s = gf.createSession(graph, (href) => href, { onWarn: () => {} });
      s.registerActions('home', { handlers: { toggle: () => {} } });
      s.fire('home.toggle');
      s.free();
    }
  };
  // The freed sessions' wrappers (and the group handles the app dropped without free()) wait for the
  // collector, as between an app's bursts; what must not grow is memory across bursts.
  const burst = async () => {
    sessions(1_000);
    gc();
    await new Promise((resolve) => setImmediate(resolve));
  };
  for (let i = 0; i < 3; i++) await burst();
  const heapBefore = process.memoryUsage().heapUsed;
  const wasmBefore = wasmBytes();
  for (let i = 0; i < 10; i++) await burst();
  for (let i = 0; i < 5; i++) {
    gc();
    await new Promise((resolve) => setImmediate(resolve));
  }
  const heapGrown = process.memoryUsage().heapUsed - heapBefore;
  const wasmGrown = wasmBytes() - wasmBefore;
  // Freed sessions keep no JS heap once collected (the bound leaves room for collector slack).
  assert.ok(heapGrown < 8 * 1024 * 1024, `10,000 freed sessions kept ${heapGrown} B of JS heap`);
  assert.ok(wasmGrown <= 1 << 20, `10,000 freed sessions grew wasm memory by ${wasmGrown} B`);
  session.free();
});
