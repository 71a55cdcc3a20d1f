// Pins docs/session.md §30 (every exit path restores what it took) against the built package: each
// door is driven 1,000 times with throwing, revoked and re-entering arguments — a getter that throws,
// one that throws a level down, a revoked Proxy (at the top and a level down), a getter that calls
// back into the session and lets its refusal escape, wrong types — and every call must either answer
// or throw a typed error (a `code`, never a plain TypeError). Afterwards nothing is left behind: a
// plain fire performs, and a chain of nested fires just under the depth limit (decision 24) still
// runs to the bottom, so no level of the page-wide depth leaked. Also: each argument is read at most
// once per call (a re-entering payload getter runs once per level, not exponentially), and the small
// doors of issue 19 (onModuleReset, fromReactRouter's lone surrogate, a group freed in its handler).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const gf = require('./helpers/load.cjs');

const ROUNDS = 1000;
const TYPED = new Set(['SessionError', 'GraphValidationError', 'ReentrancyError']);

const DEF = {
  pages: {
    home: {
      route: '/',
      actions: {
        save: { does: 'Save the draft' },
        deeper: { does: 'Go one level deeper' },
        open: { does: 'Open the cart', goTo: 'cart' },
      },
    },
    cart: { route: '/cart' },
  },
};

function app() {
  const graph = gf.buildNavigationGraph('exits', DEF);
  const session = gf.createSession(graph, () => {}, { node: 'home', state: { draft: '' }, onWarn: () => {} });
  let depth = 0;
  let deepest = 0;
  let refusedDeep = null;
  session.registerActions('home', {
    handlers: {
      save: () => {},
      // Fires itself `want` levels deep: refused only if the page-wide depth leaked.
      deeper: (input) => {
        depth++;
        deepest = Math.max(deepest, depth);
        if (depth < input.want) {
          const r = session.fire('home.deeper', { payload: input });
          if (!r.ok) refusedDeep = r.reason;
        }
        depth--;
      },
    },
  });
  const port = gf.serveToAgent(session);
  const chain = (want) => {
    deepest = 0;
    refusedDeep = null;
    const r = session.fire('home.deeper', { payload: { want } });
    return { ok: r.ok, deepest, refusedDeep };
  };
  return { graph, session, port, chain };
}

/** The hostile arguments, made fresh each time (a re-entering one closes over the session). */
function hostile(session) {
  const revoked = () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    return proxy;
  };
  const reentering = () => {
    const value = {};
    Object.defineProperty(value, 'x', {
      enumerable: true,
      get() {
        // Calls back in and lets whatever comes back escape as a throw.
        const r = session.fire('home.save', { payload: value });
        throw new Error(`refused: ${r && r.reason}`);
      },
    });
    return value;
  };
  return [
    () => ({ get x() { throw new Error('top'); } }),
    () => ({ a: { get b() { throw new TypeError('a level down'); } } }),
    revoked,
    () => ({ a: revoked() }),
    () => [1, revoked()],
    reentering,
    () => 42,
    () => Symbol('s'),
    () => () => {},
    () => null,
  ];
}

/** Call `fn`; any throw must be one of ours with a code. */
function typed(fn, what) {
  try {
    return fn();
  } catch (error) {
    assert.ok(
      error && TYPED.has(error.name) && typeof error.code === 'string',
      `${what} threw an untyped ${error && error.name}: ${error && error.message}`,
    );
    return error;
  }
}

function doors({ graph, session, port }) {
  return {
    'fire(id)': (x) => session.fire(x),
    'fire(payload)': (x) => session.fire('home.save', { payload: x }),
    'fire(options)': (x) => session.fire('home.save', x),
    'updateState(delta)': (x) => session.updateState(x),
    'updateState(options)': (x) => session.updateState({ draft: 'y' }, x),
    'sync(page)': (x) => session.sync(x),
    'sync(options)': (x) => session.sync('home', x),
    'port.call(args)': (x) => port.call('exits.do_action', x),
    'port.call(input)': (x) => port.call('exits.do_action', { action: 'save', input: x }),
    'port.toolResult': (x) => port.toolResult(x),
    'port.answer(call)': (x) => port.answer(x),
    'port.answer(arguments)': (x) => port.answer({ name: 'exits.do_action', arguments: x }),
    'port.answer(input)': (x) => port.answer({ name: 'exits.do_action', arguments: { action: 'save', input: x } }),
    'port.answer(openai)': (x) => port.answer({ id: 'c1', type: 'function', function: { name: 'exits_do_action', arguments: x } }, { format: 'openai' }),
    'port.answer(options)': (x) => port.answer({ name: 'exits.whats_here' }, x),
    'registerActions(spec)': (x) => session.registerActions('home', x),
    'subscribe': (x) => session.subscribe(x),
    'contextBrief(options)': (x) => session.contextBrief(x),
    'createSession(options)': (x) => gf.createSession(graph, null, x),
    'buildNavigationGraph(def)': (x) => gf.buildNavigationGraph('h', x),
    'matchRoute(path)': (x) => gf.matchRoute(graph, x),
    'fromReactRouter(routes)': (x) => gf.fromReactRouter(x),
    'onModuleReset(listener)': (x) => gf.onModuleReset(x),
  };
}

test('every door, 1,000 hostile calls each: typed errors only, and nothing left behind', () => {
  const a = app();
  const makers = hostile(a.session);
  for (const [name, door] of Object.entries(doors(a))) {
    for (let i = 0; i < ROUNDS; i++) {
      const result = typed(() => door(makers[i % makers.length]()), name);
      // An unsubscribe or stop function handed back is called, as an app would.
      if (typeof result === 'function') result();
    }
    // After each door: a plain fire performs, and a chain just under the limit reaches its bottom.
    const fired = a.session.fire('home.save');
    assert.equal(fired.ok, true, `${name}: a plain fire still performs (${fired.reason})`);
    const chain = a.chain(60);
    assert.deepEqual(chain, { ok: true, deepest: 60, refusedDeep: null }, `${name}: no depth level leaked`);
  }
  // A fresh session on the same page is not affected either.
  const b = app();
  assert.equal(b.session.fire('home.save').ok, true);
  assert.equal(b.chain(60).deepest, 60);
});

test('a revoked proxy as a state delta or port argument is refused as data, not a TypeError', () => {
  const { session, port, chain } = app();
  for (let i = 0; i < 100; i++) {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const r = session.updateState(proxy);
    assert.equal(r.ok, false);
    assert.equal(r.reason, 'UNCLONEABLE_DELTA');
    const c = port.call('exits.whats_here', proxy);
    assert.equal(c.ok, false);
    assert.equal(c.reason, 'ARGS_NOT_JSON');
  }
  assert.equal(chain(60).deepest, 60);
});

test('a payload getter that re-enters fire is read once per level, not exponentially', () => {
  const { session, chain } = app();
  let reads = 0;
  const payload = {};
  Object.defineProperty(payload, 'x', {
    enumerable: true,
    get() {
      reads++;
      session.fire('home.save', { payload });
      throw new Error('let the refusal escape');
    },
  });
  const error = typed(() => session.fire('home.save', { payload }), 'fire');
  assert.ok(error instanceof Error, 'the outer fire refuses its unreadable payload');
  // One read per nesting level (at most the depth limit plus the reading margin), never 2^n.
  assert.ok(reads <= 80, `the getter ran ${reads} times`);
  assert.equal(chain(60).deepest, 60);
});

test('a plain getter in a payload runs once per fire', () => {
  const { session } = app();
  let reads = 0;
  const payload = { a: 1, get b() { reads++; return 2; } };
  const r = session.fire('home.save', { payload });
  assert.equal(r.ok, true);
  assert.equal(reads, 1);
  const row = session.transitions().find((t) => t.id === r.transitionId);
  assert.deepEqual(row.payload, { a: 1, b: 2 });
});

test('onModuleReset(non-function) throws a typed SessionError', () => {
  for (const bad of [undefined, null, 1, 'f', {}]) {
    assert.throws(() => gf.onModuleReset(bad), (e) => e instanceof gf.SessionError && e.code === 'BAD_ARGUMENT' && /^groundfacts: onModuleReset/.test(e.message));
  }
});

test('fromReactRouter refuses a lone surrogate in a route id instead of collapsing two ids', () => {
  const routes = [{ path: '/a', id: 'page\uD800' }, { path: '/b', id: 'page\uDFFF' }];
  assert.throws(() => gf.fromReactRouter(routes), (e) => e instanceof gf.GraphValidationError && e.code === 'INVALID_NAME' && /lone UTF-16 surrogate/.test(e.message));
  assert.throws(() => gf.fromReactRouter([{ path: '/a\uD800', id: 'a' }]), (e) => e.code === 'INVALID_NAME');
  assert.throws(() => gf.fromReactRouter([{ path: '/a', id: 'a', handle: { does: 'x\uDC00' } }]), (e) => e.code === 'INVALID_NAME');
  assert.ok(gf.fromReactRouter([{ path: '/a', id: 'page\uD83D\uDE00' }]), 'a well-formed pair is fine');
});

test('a group freed inside its own handler answers GROUP_FREED while its session lives', () => {
  const graph = gf.buildNavigationGraph('exits', DEF);
  const session = gf.createSession(graph, null, { node: 'home', onWarn: () => {} });
  let group = null;
  group = session.registerActions('home', { handlers: { save: () => group.free() } });
  assert.equal(session.fire('home.save').ok, true);
  assert.throws(() => group.setEnabled('save', false), (e) => e instanceof gf.SessionError && e.code === 'GROUP_FREED');
  assert.throws(() => group.setBusy('save', 'x'), (e) => e.code === 'GROUP_FREED');
  // The session lives on; the group's handler is gone.
  assert.equal(session.fire('home.save').reason, 'NOT_MATERIALIZED');
  session.free();
  assert.throws(() => group.setEnabled('save', true), (e) => e.code === 'GROUP_FREED' || e.code === 'SESSION_FREED');
});
