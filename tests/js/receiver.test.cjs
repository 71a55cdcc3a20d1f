// Pins docs/session.md §30's "every export refuses a wrong-typed argument with a typed error" for the
// receiver: every method (and accessor) of every class the package exports, found by walking the
// prototypes (a method added later is covered without touching this file), called on what is not an
// object of its class — nothing, a plain object, a primitive, an object of another class, a Proxy of
// a real one, an object made from the prototype without the package — throws a SessionError with code
// WRONG_RECEIVER whose message names the class and the method, the rule and the fix — never the glue's
// plain Error ("null pointer passed to rust"), and never a method run on another class's memory.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const gf = require('./helpers/load.cjs');

/** The classes the glue made: exported constructors whose prototype has wasm-bindgen's `free`. */
function classes() {
  return Object.entries(gf).filter(([, value]) => typeof value === 'function' && value.prototype && typeof value.prototype.free === 'function');
}

/** Every own method and accessor of a prototype but the constructor and the glue's private release. */
function members(proto) {
  const out = [];
  for (const key of Reflect.ownKeys(proto)) {
    if (key === 'constructor' || key === '__destroy_into_raw') continue;
    const d = Object.getOwnPropertyDescriptor(proto, key);
    if (typeof d.value === 'function') out.push({ key, kind: 'method', fn: d.value });
    if (typeof d.get === 'function') out.push({ key, kind: 'getter', fn: d.get });
    if (typeof d.set === 'function') out.push({ key, kind: 'setter', fn: d.set });
  }
  return out;
}

/** One live object of each class, made as an app makes them. */
function liveObjects() {
  const graph = gf.buildNavigationGraph('recv', { pages: { home: { route: '/', actions: { save: { does: 'Save the draft' } } } } });
  const session = gf.createSession(graph, () => {}, { node: 'home', onWarn: () => {} });
  const group = session.registerActions('home', { handlers: { save: () => {} } });
  const port = gf.serveToAgent(session);
  const work = session.beginWork ? session.beginWork('Import the file') : undefined;
  return { NavigationGraph: graph, Session: session, ActionGroup: group, AgentPort: port, WorkHandle: work };
}

function refusesReceiver(call, className, key, label) {
  let thrown;
  try {
    call();
  } catch (error) {
    thrown = error;
  }
  const where = `${className}.${String(key)} on ${label}`;
  // The private retire step is reached only through free(), and [Symbol.dispose] is free itself: both
  // are named as free.
  const named = key === '__groundfactsRetire' || key === Symbol.dispose ? 'free' : String(key);
  assert.ok(thrown, `${where}: threw`);
  assert.ok(thrown instanceof gf.SessionError, `${where}: a SessionError, not ${thrown && thrown.name}: ${thrown && thrown.message}`);
  assert.equal(thrown.code, 'WRONG_RECEIVER', where);
  assert.ok(thrown.message.startsWith(`groundfacts: ${className}.${named}() was called on `), `${where}: ${thrown.message}`);
  assert.match(thrown.message, /runs only on/, `${where}: the rule`);
  assert.match(thrown.message, /Call it on one/, `${where}: the fix`);
}

test('the enumeration finds every exported class, each with methods', () => {
  const names = classes().map(([name]) => name).sort();
  for (const known of ['ActionGroup', 'AgentPort', 'NavigationGraph', 'Session']) assert.ok(names.includes(known), `${known} is enumerated (${names})`);
  for (const [name, cls] of classes()) assert.ok(members(cls.prototype).length > 2, `${name} has methods`);
});

test('every method of every exported class refuses a foreign receiver with WRONG_RECEIVER', () => {
  const live = liveObjects();
  let calls = 0;
  for (const [className, cls] of classes()) {
    const other = Object.entries(live).find(([name, obj]) => name !== className && obj)[1];
    const own = live[className];
    const receivers = [
      ['undefined (a detached method)', undefined],
      ['null', null],
      ['a plain object', {}],
      ['a number', 42],
      ['an object made from the prototype', Object.create(cls.prototype)],
      ['an object of another class', other],
    ];
    if (own) receivers.push(['a Proxy of a real one', new Proxy(own, {})]);
    for (const { key, fn } of members(cls.prototype)) {
      for (const [label, receiver] of receivers) {
        refusesReceiver(() => fn.call(receiver), className, key, label);
        calls++;
      }
    }
  }
  assert.ok(calls > 200, `${calls} calls`);
  // Nothing was disturbed: the live objects still work.
  assert.equal(live.Session.fire('home.save').ok, true);
  assert.match(live.Session.groundTruth().text, /FACTS FROM THE APP/);
});

test('a method detached from a live object, and a freed one: typed errors', () => {
  const live = liveObjects();
  const groundTruth = live.Session.groundTruth;
  refusesReceiver(() => groundTruth(), 'Session', 'groundTruth', 'detached');
  const call = live.AgentPort.call;
  refusesReceiver(() => call('recv.whats_here', {}), 'AgentPort', 'call', 'detached');
  // A freed object keeps its own typed answer (decision 26), not WRONG_RECEIVER.
  live.Session.free();
  assert.throws(() => live.Session.groundTruth(), (e) => e instanceof gf.SessionError && e.code === 'SESSION_FREED');
  assert.throws(() => groundTruth.call(live.Session), (e) => e instanceof gf.SessionError && e.code === 'SESSION_FREED');
});
