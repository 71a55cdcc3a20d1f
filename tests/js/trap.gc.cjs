// Pins docs/session.md §24 (what a trap does) against a REAL trap in the shipped package: the wasm
// memory runs out for real (memory.grow fails, the Rust allocator aborts: `unreachable`), through
// nothing but public calls. To reach that in seconds rather than the minutes that filling the full
// 4 GiB takes, the engine's ceiling on a wasm memory is lowered first (V8's --wasm-max-mem-pages, 256 MiB);
// the package and its .wasm are exactly what ships. Then: the app gets SessionError MODULE_RESET (with
// the RuntimeError as `cause`), every object from before refuses every call with that code (releases
// are quiet no-ops), dropped old objects are finalized without touching the new instance, a new
// session runs the seed wizard's opening exactly as a session before the trap did, and nothing throws
// later — no unhandled rejection, no uncaught exception — from the dead sessions' subscribers, pending
// deferred handlers or navigations. Both entries: the node one (groundfacts.cjs) and the browser one
// (groundfacts.js), which share the one glue and its one instance (docs/loading.md).
// GROUNDFACTS_TRAP_FULL=1 leaves the ceiling at the engine's 4 GiB (it prints the sessions and seconds it took).
// Run with `node --expose-gc --test tests/js/trap.gc.cjs` (scripts/test.sh runs every *.gc.cjs so).
'use strict';

const v8 = require('v8');
const vm = require('vm');

const FULL = process.env.GROUNDFACTS_TRAP_FULL === '1';
const PAGES = 4096; // 64 KiB pages: 256 MiB per wasm memory
if (!FULL) v8.setFlagsFromString(`--wasm-max-mem-pages=${PAGES}`);

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');
const { pathToFileURL } = require('url');

// Count every instantiation, so a test can see that exactly one restart happened.
let instances = 0;
const OriginalInstance = WebAssembly.Instance;
WebAssembly.Instance = function CountingInstance(module, imports) {
  instances++;
  return new OriginalInstance(module, imports);
};
WebAssembly.Instance.prototype = OriginalInstance.prototype;

const gf = require('./helpers/load.cjs');
const { createWizardApp, flush } = require('./examples/guarded-wizard/app.cjs');
const { codeBlocks } = require('./helpers/readme.cjs');

const gc = typeof global.gc === 'function' ? global.gc : (v8.setFlagsFromString('--expose-gc'), vm.runInNewContext('gc'));

// Everything that escapes to the process: must stay empty.
const escaped = [];
process.on('unhandledRejection', (reason) => escaped.push(['unhandledRejection', reason]));
process.on('uncaughtException', (error) => escaped.push(['uncaughtException', error]));

const tick = () => new Promise((resolve) => setImmediate(resolve));
async function settleAndCollect() {
  for (let round = 0; round < 8; round++) {
    gc();
    await tick();
  }
}

const SMALL = {
  pages: {
    home: {
      route: '/',
      actions: {
        toggle: { does: 'Toggle the panel', input: 'none' },
        save: { does: 'Save the draft', writes: ['draft'] },
        open: { does: 'Open the cart', goTo: 'cart' },
      },
    },
    cart: { route: '/cart' },
  },
};
const CHUNK = 'x'.repeat(8 * 1024 * 1024);

/** Fill the wasm memory through public calls (8 MiB state values, kept) until something throws. */
function exhaust(lib, graph, keep) {
  const started = Date.now();
  for (let i = 0; i < 100000; i++) {
    const session = lib.createSession(graph, null, { maxValueBytes: 16 * 1024 * 1024 });
    keep.push(session);
    for (let k = 0; k < 4; k++) {
      const result = session.updateState({ [`k${k}`]: CHUNK });
      assert.equal(result.ok, true, 'the chunks are within maxValueBytes');
    }
  }
  return { error: null, ms: Date.now() - started };
}
function exhaustCatching(lib, graph, keep) {
  const started = Date.now();
  try {
    exhaust(lib, graph, keep);
  } catch (error) {
    return { error, ms: Date.now() - started };
  }
  return { error: null, ms: Date.now() - started };
}

function assertModuleReset(error, lib) {
  assert.ok(error instanceof lib.SessionError, `a SessionError, got ${error && error.stack}`);
  assert.equal(error.code, 'MODULE_RESET');
  assert.ok(error.cause instanceof WebAssembly.RuntimeError, 'the trap is the cause');
  assert.match(error.message, /^groundfacts: the WebAssembly module trapped \(RuntimeError: [^;]*; usually it ran out of memory\)/);
  // What to do, for each kind of app: nothing with a binding, else rebuild.
  assert.match(error.message, /<GroundfactsProvider> \(groundfacts\/react\) or liveSession\(\) \(groundfacts\/svelte\) a new session is already in place/);
  assert.match(error.message, /rebuildGraph\(graph\)/);
  assert.match(error.message, /historyLost: true/);
  assert.match(error.message, /onModuleReset/);
}
const refusesWithReset = (lib) => (error) => error instanceof lib.SessionError && error.code === 'MODULE_RESET' && /made before the WebAssembly module trapped/.test(error.message);

/** The seed wizard's opening, as a script: its facts block (the new instance must match the old). */
async function wizardOpening(lib) {
  const { session } = createWizardApp(lib);
  await flush();
  assert.equal(session.commitJourney('new-project').ok, true);
  assert.equal(session.fire('wizard.next-to-review', { source: 'agent' }).reason, 'TOOL_DISABLED');
  const named = session.fire('wizard.name-it', { source: 'agent', payload: { name: 'Ion channel screen' } });
  assert.equal(named.ok, true);
  assert.equal(named.effectStatus, 'performed');
  const text = session.groundTruth().text;
  assert.match(text, /DID happen/);
  assert.match(text, /did NOT happen/);
  session.free();
  return text;
}

test('node entry: a real trap becomes MODULE_RESET, old objects refuse, a new session works, nothing escapes', async () => {
  const before = await wizardOpening(gf);
  const graph = gf.buildNavigationGraph('small', SMALL);
  const victim = gf.createSession(graph, () => new Promise(() => {}));
  const group = victim.registerActions('home', { handlers: { toggle: () => {} } });
  const work = victim.beginWork();
  const port = gf.serveToAgent(victim);
  assert.equal(victim.fire('home.toggle').ok, true);
  const instancesBefore = instances;

  const keep = [];
  const { error, ms } = exhaustCatching(gf, graph, keep);
  console.log(`# node entry: trapped after ${keep.length} sessions (${keep.length * 32} MiB of state) in ${ms} ms`);
  assertModuleReset(error, gf);
  assert.equal(instances, instancesBefore + 1, 'the module was instantiated again, once');

  // Every object from before refuses every call with the same typed error, and touches nothing.
  const refused = refusesWithReset(gf);
  assert.throws(() => victim.groundTruth(), refused);
  assert.throws(() => victim.fire('home.toggle'), refused);
  assert.throws(() => victim.snapshot(), refused);
  assert.throws(() => victim.version, refused, 'getters too');
  assert.throws(() => victim.subscribe(() => {}), refused);
  assert.throws(() => keep[0].updateState({ a: 1 }), refused);
  assert.throws(() => graph.pages(), refused);
  assert.throws(() => group.setEnabled('toggle', false), refused);
  assert.throws(() => port.answer({ name: 'whats_here' }), refused);
  const answered = port.call('whats_here');
  assert.equal(answered.ok, false, "a port's call() never throws: it answers");
  assert.equal(answered.reason, 'MODULE_RESET');
  assert.throws(() => gf.createSession(graph), refused, 'an old graph passed to a function');
  assert.throws(() => gf.serveToAgent(victim), refused);
  const stale = (() => {
    try {
      victim.state();
    } catch (e) {
      return e;
    }
  })();
  assert.equal(stale.cause, error.cause, 'the refusal names the same trap');
  // Releases are quiet: an unmount's cleanup does not throw.
  assert.equal(group.unregister(), undefined);
  assert.equal(work.end(), false);
  victim.free();
  victim.free();
  if (typeof Symbol.dispose === 'symbol') keep[1][Symbol.dispose]();
  assert.throws(() => victim.groundTruth(), refused, 'still refused after free()');

  // A new session over a new graph works, and writes what a session before the trap wrote. An id
  // fired before the trap is fired first now, so the new instance keeps the ids it is handed in a
  // different order than the old one did (src/js/fast.rs `id_arg`: each instance has its own table).
  const first = gf.createSession(gf.buildNavigationGraph('small', SMALL));
  assert.equal(first.fire('home.toggle').affordanceId, 'home.toggle', 'unwired, refused by its own id');
  first.free();
  assert.equal(await wizardOpening(gf), before);
  const fresh = gf.createSession(gf.buildNavigationGraph('small', SMALL));
  fresh.registerActions('home', { handlers: { toggle: () => {} } });
  assert.equal(fresh.fire('home.toggle').ok, true);
  const freshText = fresh.groundTruth().text;

  // The old objects are collected; their finalizers must not free pointers in the new instance.
  keep.length = 0;
  await settleAndCollect();
  assert.equal(fresh.groundTruth().text, freshText, 'the new session is intact after the old objects were finalized');
  assert.equal(fresh.fire('home.toggle').ok, true);
  assert.equal(await wizardOpening(gf), before);
  assert.deepEqual(escaped, []);
});

test("the README's MODULE_RESET recipe continues from the last snapshot after a real trap, saying history was lost", async () => {
  const block = codeBlocks(path.join(__dirname, '..', '..', 'pkg-template', 'README.md'), 'js').find((b) => b.heading === 'If the module traps');
  assert.ok(block, 'a js example under "## If the module traps"');
  // The example as written, then a trap, then its facts() again: a new session from the snapshot.
  const code = block.code.replace(/^import \{([^}]*)\} from 'groundfacts';$/m, 'const {$1} = __pkg;');
  const run = new Function('__pkg', 'exhaust', 'console', `${code}
    const before = facts();
    const old = session;
    const keep = [];
    let trapped = null;
    try { exhaust(__pkg, buildNavigationGraph('filler', { pages: { home: { route: '/' } } }), keep); } catch (e) { trapped = e; }
    keep.length = 0;
    return { before, trapped, old, after: facts(), now: session };`);
  const { before, trapped, old, after, now } = run(gf, exhaust, { log: () => {} });
  assertModuleReset(trapped, gf);
  assert.notEqual(now, old, 'the onModuleReset listener made a new session');
  const lost = /\nPart of this record was lost: the app's groundfacts module failed and was started again at version \d+\. [^\n]*/;
  assert.match(after, lost, 'the new session says history was lost (docs/session.md §25)');
  assert.equal(after.replace(lost, ''), before, 'restored from the snapshot: the same rows, the same block but that line');
  assert.equal(now.fire('home.hello').ok, true);
  assert.deepEqual(escaped, []);
});

test('node entry: a trap inside a handler call back into the session reaches the outer call as one error', async () => {
  const graph = gf.buildNavigationGraph('small', SMALL);
  const keep = [];
  const seen = [];
  let inner = null;
  const session = gf.createSession(graph, null, { maxValueBytes: 16 * 1024 * 1024 });
  session.registerActions('home', {
    handlers: {
      save: () => {
        try {
          exhaust(gf, graph, keep);
        } catch (error) {
          inner = error;
        }
        // Outer wasm frames are still on the stack: every call refuses at once with the same error.
        try {
          session.state();
        } catch (error) {
          seen.push(error);
        }
        try {
          gf.buildNavigationGraph('other', SMALL);
        } catch (error) {
          seen.push(error);
        }
      },
    },
  });
  // Inside the very call that traps, the outer fire still finishes its round: a listener of the
  // dead session, where every read throws MODULE_RESET, must not be called (docs/session.md §30).
  let listened = 0;
  session.subscribe(() => {
    listened++;
    session.state();
  });
  const instancesBefore = instances;
  let outer = null;
  try {
    session.fire('home.save');
  } catch (error) {
    outer = error;
  }
  assertModuleReset(inner, gf);
  assert.equal(listened, 0, "a dead session's listener is not called inside the call that trapped");
  assert.equal(outer, inner, 'the outer fire throws the very error the handler saw');
  assert.deepEqual(seen, [inner, inner]);
  assert.equal(instances, instancesBefore + 1, 'one restart, after the outermost call returned');
  assert.throws(() => session.groundTruth(), refusesWithReset(gf));
  keep.length = 0;
  const fresh = gf.createSession(gf.buildNavigationGraph('small', SMALL));
  fresh.registerActions('home', { handlers: { save: () => fresh.updateState({ draft: 'x' }) } });
  assert.equal(fresh.fire('home.save').ok, true);
  assert.match(fresh.groundTruth().text, /DID happen/);
  await settleAndCollect();
  assert.deepEqual(escaped, []);
});

/** A port's `call()` answer for the call during which the module trapped. */
function assertTrappedCallAnswer(answer) {
  assert.equal(answer.ok, false);
  assert.equal(answer.judgment, 'error');
  assert.equal(answer.reason, 'MODULE_RESET');
  assert.match(answer.why, /trapped during this call \(RuntimeError: [^;]*; usually it ran out of memory\)/);
  assert.match(answer.why, /whether this call's action was performed is not known/, 'it does not claim nothing was done');
  assert.doesNotThrow(() => JSON.stringify(answer), 'plain JSON');
}

test("node entry: the port call during which the module traps answers MODULE_RESET as data (call() never throws)", async () => {
  const INPUT = { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] };
  const graph = gf.buildNavigationGraph('small', {
    pages: { home: { route: '/', actions: { note: { does: 'Keep a note', input: INPUT }, save: { does: 'Save the draft', input: 'none' } } } },
  });
  const session = gf.createSession(graph, null, { maxValueBytes: 16 * 1024 * 1024 });
  const keep = [];
  let handlerSaw = null;
  session.registerActions('home', {
    handlers: {
      note: () => {},
      // Runs the memory out from inside the port's call (a handler calling back into the session).
      save: () => {
        try {
          exhaust(gf, graph, keep);
        } catch (error) {
          handlerSaw = error;
        }
      },
    },
  });
  const port = gf.serveToAgent(session);
  let resets = 0;
  const stop = gf.onModuleReset(() => resets++);

  // 1. The trap happens in the outermost frame: each call's 8 MiB input stays in the ledger until
  //    the memory runs out in the middle of a call.
  const instancesBefore = instances;
  let answer = null;
  for (let i = 0; i < 1000 && answer === null; i++) {
    const result = port.call('small.do_action', { action: 'home.note', input: { text: CHUNK + i } });
    if (!result.ok) answer = result;
    else assert.equal(result.effectStatus !== undefined, true);
  }
  assert.notEqual(answer, null, 'the memory ran out');
  assertTrappedCallAnswer(answer);
  assert.equal(instances, instancesBefore + 1, 'the module was started again, once');
  assert.equal(resets, 1, 'onModuleReset ran');
  const later = port.call('small.whats_here');
  assert.equal(later.reason, 'MODULE_RESET', 'later calls on the old port answer as documented');
  assert.match(later.why, /Nothing was performed/);

  // 2. The trap happens inside a handler's call back into the session, under the port's call: the
  //    handler sees the error, the port's call still answers.
  const graph2 = gf.rebuildGraph(graph);
  const session2 = gf.createSession(graph2, null, { maxValueBytes: 16 * 1024 * 1024, historyLost: true });
  session2.registerActions('home', {
    handlers: {
      save: () => {
        try {
          exhaust(gf, graph2, keep);
        } catch (error) {
          handlerSaw = error;
        }
      },
    },
  });
  const port2 = gf.serveToAgent(session2);
  const nested = port2.call('small.do_action', { action: 'home.save' });
  assertModuleReset(handlerSaw, gf);
  assertTrappedCallAnswer(nested);
  assert.equal(nested.why.includes(handlerSaw.cause.message), true, 'it names the same trap');
  assert.equal(resets, 2);
  stop();

  keep.length = 0;
  await settleAndCollect();
  const fresh = gf.createSession(gf.buildNavigationGraph('small', SMALL));
  fresh.registerActions('home', { handlers: { toggle: () => {} } });
  assert.equal(gf.serveToAgent(fresh).call('small.do_action', { action: 'home.toggle' }).ok, true);
  assert.deepEqual(escaped, []);
});

test("node entry: a dead session's subscribers, deferred handlers and navigations stay silent", async () => {
  const graph = gf.buildNavigationGraph('small', SMALL);
  const deferred = [];
  const defer = () =>
    new Promise((resolve, reject) => {
      deferred.push({ resolve, reject });
    });
  const navigations = [];
  const session = gf.createSession(graph, (href) =>
    new Promise((resolve) => {
      navigations.push({ href, resolve });
    }),
  );
  let notified = 0;
  session.subscribe(() => notified++);
  session.registerActions('home', { handlers: { toggle: defer, save: defer } });
  const toggled = session.fire('home.toggle');
  const saved = session.fire('home.save');
  assert.notEqual(toggled.settlement, 'settled', 'deferred');
  assert.notEqual(saved.settlement, 'settled');
  const opened = session.fire('home.open');
  assert.equal(opened.ok, true);
  assert.ok(navigations.length >= 1, 'navigate was called');
  const settled = [];
  session.settlementOf(toggled.transitionId).then(
    () => settled.push('resolved'),
    () => settled.push('rejected'),
  );
  const notifiedBefore = notified;

  const keep = [];
  assertModuleReset(exhaustCatching(gf, graph, keep).error, gf);
  keep.length = 0;

  // The dead session's promises end now: their reactions reach a closure of the old instance.
  deferred[0].resolve({ done: true });
  deferred[1].reject(new Error('the save failed'));
  for (const n of navigations) n.resolve();
  await settleAndCollect();
  assert.equal(notified, notifiedBefore, 'no subscriber of a dead session is called');
  assert.deepEqual(settled, [], "a dead session's settlementOf promise is dropped, as after free()");
  const fresh = gf.createSession(gf.buildNavigationGraph('small', SMALL));
  fresh.registerActions('home', { handlers: { toggle: () => {} } });
  assert.equal(fresh.fire('home.toggle').ok, true);
  assert.deepEqual(escaped, []);
});

test('browser entry (groundfacts.js): the same recovery, over the one instance of this realm', async () => {
  // Under Node the browser entry's loader cannot fetch its file: URL, so it instantiates the inlined
  // copy — except that the glue it shares with the node entry is already instantiated: one module
  // instance per realm (docs/loading.md), whichever entries load it.
  const web = await import(pathToFileURL(path.join(__dirname, '..', '..', 'pkg', 'groundfacts.js')).href);
  assert.equal(web.createSession, gf.createSession, 'one instance per realm');
  const before = await wizardOpening(web);
  const graph = web.buildNavigationGraph('small', SMALL);
  const victim = web.createSession(graph);
  const keep = [];
  const { error, ms } = exhaustCatching(web, graph, keep);
  console.log(`# browser entry: trapped after ${keep.length} sessions in ${ms} ms`);
  assertModuleReset(error, web);
  assert.throws(() => victim.groundTruth(), refusesWithReset(web));
  assert.throws(() => web.createSession(graph), refusesWithReset(web));
  victim.free();
  keep.length = 0;
  assert.equal(await wizardOpening(web), before);
  await settleAndCollect();
  assert.equal(await wizardOpening(web), before);
  assert.deepEqual(escaped, []);
});
