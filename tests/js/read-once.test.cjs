// Pins docs/session.md §30's "every argument is read at most once per call (getters included)" against
// the built package: every door that takes an object is handed a counting Proxy (and proxies all the
// way down), and each trap — get, has, ownKeys, getOwnPropertyDescriptor, getPrototypeOf — may run at
// most once per object and key in one call, and a getter at most once. Each door is driven with an
// argument the JS walker accepts (plain data) and with ones it gives up on for a reason other than a
// throw — a function, a symbol-keyed member, a class instance, a cycle, nesting too deep, an unsafe
// integer, a getter — where a member-by-member reader would read the value a second time.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const gf = require('./helpers/load.cjs');

const TRAPS = ['get', 'has', 'ownKeys', 'getOwnPropertyDescriptor', 'getPrototypeOf'];
const TYPED = new Set(['SessionError', 'GraphValidationError', 'ReentrancyError']);

/**
 * A counter of trap runs: `wrap(template)` copies a tree of plain values into proxies (cycles and
 * class instances kept; getters counted as reads of their key), every trap run logged per object.
 */
function counter() {
  const log = new Map();
  let next = 0;
  const count = (key) => log.set(key, (log.get(key) || 0) + 1);
  function wrap(template, made = new Map()) {
    if (typeof template !== 'object' || template === null) return template;
    if (made.has(template)) return made.get(template);
    const proto = Object.getPrototypeOf(template);
    if (proto !== null && proto !== Object.prototype && !Array.isArray(template)) return template;
    const target = Array.isArray(template) ? [] : {};
    const name = `#${next++}`;
    const proxy = new Proxy(target, Object.fromEntries(TRAPS.map((trap) => [trap, (...args) => {
      const key = trap === 'ownKeys' || trap === 'getPrototypeOf' ? '' : String(args[1]);
      count(`${name} ${trap} ${key}`);
      return Reflect[trap](...args);
    }])));
    made.set(template, proxy);
    for (const key of Reflect.ownKeys(template)) {
      const d = Object.getOwnPropertyDescriptor(template, key);
      if (d.get) {
        Object.defineProperty(target, key, { enumerable: d.enumerable, configurable: true, get() {
          count(`${name} getter ${String(key)}`);
          return wrap(d.get.call(this), made);
        } });
      } else {
        Object.defineProperty(target, key, { ...d, value: wrap(d.value, made) });
      }
    }
    return proxy;
  }
  const twice = () => [...log].filter(([, n]) => n > 1).map(([k, n]) => `${k} ×${n}`);
  return { wrap, log, twice, reset: () => log.clear() };
}

class Thing { constructor() { this.x = 1; } }

/** Nested `depth` levels: { a: { a: ... } }. */
function nested(depth) {
  let value = { end: true };
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

/** Plain data, and the same with each thing the walker leaves to the reader, one at a time. */
function variants(base) {
  const cyclic = { ...base, more: { n: 1 } };
  cyclic.more.back = cyclic;
  return {
    plain: base,
    'a function': { ...base, more: { n: 1, f() {}, after: [1, { z: 2 }] } },
    'a symbol key': { ...base, more: { n: 1, [Symbol('s')]: 2 } },
    'a class instance': { ...base, more: { n: 1, thing: new Thing(), after: 'x' } },
    'a cycle': cyclic,
    'nesting too deep': { ...base, more: nested(80) },
    'an unsafe integer': { ...base, more: [1, 2 ** 60, { after: true }] },
    'a getter': { ...base, get more() { return { n: 1, list: [1, 2, { z: 3 }] }; }, after: { y: 1 } },
    'a getter a level down': { ...base, more: { get n() { return { deep: [1, 2] }; }, after: 1 } },
  };
}

const DEF = {
  pages: {
    home: {
      route: '/',
      actions: {
        save: { does: 'Save the draft' },
        book: { does: 'Book the room', confirm: true },
      },
    },
  },
};

function app(options = {}) {
  const graph = gf.buildNavigationGraph('once', DEF);
  const session = gf.createSession(graph, () => {}, { node: 'home', state: { draft: '' }, onWarn: () => {}, ...options });
  session.registerActions('home', { handlers: { save: () => {}, book: () => {} } });
  return { graph, session, port: gf.serveToAgent(session) };
}

/** Each door: how to call it with the counted argument `x` (a fresh app per call). */
const DOORS = {
  'fire(options.payload)': (x, { session }) => session.fire('home.save', { payload: x }),
  'fire(options)': (x, { session }) => session.fire('home.save', x),
  'fire(options, with a source)': (x, { session }) => session.fire('home.save', x),
  'updateState(delta)': (x, { session }) => session.updateState(x),
  'updateState(delta, options)': (x, { session }) => session.updateState({ draft: 'y' }, x),
  'port.call(args)': (x, { port }) => port.call('once.do_action', x),
  'port.call(args.input)': (x, { port }) => port.call('once.do_action', { action: 'save', input: x }),
  'port.answer(call)': (x, { port }) => port.answer(x),
  'port.answer(call.arguments)': (x, { port }) => port.answer({ name: 'once.do_action', arguments: x }),
  'port.toolResult(result)': (x, { port }) => port.toolResult(x, { format: 'mcp' }),
  'registerActions(spec)': (x, { session }) => session.registerActions('home', x),
  'confirmAsk(options.input)': (x, { session }) => session.confirmAsk('home.book', { input: x }),
  'createSession(options)': (x, { graph }) => gf.createSession(graph, null, x),
  'createSession(options.state)': (x, { graph }) => gf.createSession(graph, null, { node: 'home', state: x }),
  'createSession(options.restore)': (x, { graph }) => gf.createSession(graph, null, { restore: x }),
  'buildNavigationGraph(def)': (x) => gf.buildNavigationGraph('counted', x),
  'contextBrief(options)': (x, { session }) => session.contextBrief(x),
  'groundTruth(options)': (x, { session }) => session.groundTruth(x),
};

/** The argument each door is given: its own plain shape, then the variants built on it. */
function shapes(session) {
  const snapshot = session.snapshot();
  return {
    'fire(options.payload)': { n: 1, list: [1, 2] },
    'fire(options)': { payload: { n: 1 } },
    'fire(options, with a source)': { source: 'user', payload: { n: 1 } },
    'updateState(delta)': { draft: 'x', other: { n: 1 } },
    'updateState(delta, options)': { stimulus: 'typed', principal: 'user' },
    'port.call(args)': { action: 'save', input: { n: 1 } },
    'port.call(args.input)': { n: 1, list: [1] },
    'port.answer(call)': { name: 'once.do_action', arguments: { action: 'save' } },
    'port.answer(call.arguments)': { action: 'save', input: { n: 1 } },
    'port.toolResult(result)': { ok: true, n: [1, 2] },
    'registerActions(spec)': { handlers: { save() {} }, actions: { extra: { does: 'Do the extra thing' } } },
    'confirmAsk(options.input)': { nights: 3 },
    'createSession(options)': { node: 'home', state: { draft: '' }, retain: 100 },
    'createSession(options.state)': { draft: '', 'cart.items': [1, 2] },
    'createSession(options.restore)': snapshot,
    'buildNavigationGraph(def)': { pages: { home: { route: '/', actions: { save: { does: 'Save it' } } } } },
    'contextBrief(options)': { maxChars: 2000 },
    'groundTruth(options)': { maxAttempts: 5 },
  };
}

function call(fn) {
  try {
    return fn();
  } catch (error) {
    assert.ok(error && TYPED.has(error.name), `threw an untyped ${error && error.name}: ${error && error.message}`);
    return error;
  }
}

test('each door reads each member of its argument at most once, accepted or given up on', () => {
  const base = app();
  const all = shapes(base.session);
  let checked = 0;
  for (const [door, run] of Object.entries(DOORS)) {
    for (const [label, template] of Object.entries(variants(all[door]))) {
      const c = counter();
      const x = c.wrap(template);
      const fresh = app();
      call(() => run(x, fresh));
      const twice = c.twice();
      assert.deepEqual(twice, [], `${door} with ${label}: read more than once: ${twice.join(', ')}`);
      assert.ok(c.log.size > 0, `${door} with ${label}: the counter saw the argument read`);
      checked++;
    }
  }
  assert.equal(checked, Object.keys(DOORS).length * 9);
});

test('the counter itself can fail: a value read twice is caught', () => {
  const c = counter();
  const x = c.wrap({ a: { b: 1 } });
  JSON.stringify(x);
  JSON.stringify(x);
  assert.ok(c.twice().length > 0);
});

test('what the reader judges from the walk is what it judged from the value', () => {
  const { session, port } = app();
  const c = counter();
  // A function inside a payload: refused as not plain data, with the reader's own code.
  const r = call(() => session.fire('home.save', { payload: c.wrap({ a: 1, b: { f() {} } }) }));
  assert.equal(r.code, 'NOT_PLAIN_DATA');
  // A cycle and nesting too deep name the path, as the reader wrote it.
  const cyc = { a: { b: {} } };
  cyc.a.b.c = cyc;
  const cycled = call(() => session.fire('home.save', { payload: c.wrap(cyc) }));
  assert.equal(cycled.code, 'CYCLIC_VALUE');
  assert.match(cycled.message, /fire: options\.payload\.a\.b\.c refers back/);
  const deep = session.updateState({ draft: c.wrap(nested(80)) });
  assert.equal(deep.reason, 'UNCLONEABLE_DELTA');
  assert.match(deep.issues[0], /updateState: delta\.draft(\.a)+ is nested more than 64 levels deep/);
  // A class instance a level down: the reader names it.
  const inst = session.updateState({ draft: c.wrap({ thing: new Thing() }) });
  assert.equal(inst.ok, false);
  // A getter's value is what the row keeps, and the getter ran once.
  let runs = 0;
  const fired = session.fire('home.save', { payload: { a: 1, get b() { runs++; return { f: undefined, n: [1, 2 ** 60 - 1 > 0 ? 1 : 0] }; } } });
  assert.equal(fired.ok, true);
  assert.equal(runs, 1);
  assert.deepEqual(session.transitions().find((t) => t.id === fired.transitionId).payload, { a: 1, b: { n: [1, 1] } });
  // A payload with a function at the end of a long object: the members before it come back whole.
  const long = { ...Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, { i, s: 'x'.repeat(i) }])) };
  const withFn = c.wrap({ ...long, f() {} });
  assert.equal(call(() => session.fire('home.save', { payload: withFn })).code, 'NOT_PLAIN_DATA');
  // The port keeps answering: a symbol-keyed argument is ARGS_NOT_JSON, read once.
  const sym = port.call('once.do_action', c.wrap({ action: 'save', [Symbol('s')]: 1 }));
  assert.equal(sym.ok, false);
  // Registering actions through a proxy works, and its handler runs.
  let ran = 0;
  const group = session.registerActions('home', c.wrap({ handlers: { save() { ran++; } } }));
  assert.equal(session.fire('home.save').ok, true);
  assert.equal(ran, 1);
  group.unregister();
});
