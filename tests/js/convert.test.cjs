// Pins plain data across the boundary: payloads, deltas and handler results come back exactly as given
// (key order, numbers, strings, dropped `undefined` members), each getter is read once, and anything that
// is not plain data is refused with the reader's own code and message (the JS-side fast path must agree).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const gf = require('./helpers/load.cjs');

function desk() {
  const graph = gf.buildNavigationGraph('g', { pages: { desk: { actions: { take: { does: 'Take a value' } } } } });
  const session = gf.createSession(graph, undefined, { node: 'desk', state: { k: 0 }, onWarn: () => {} });
  let returns;
  session.registerActions('desk', { handlers: { take: () => returns } });
  const fireReturning = (value) => {
    returns = value;
    const fired = session.fire('desk.take');
    returns = undefined;
    return session.settlementIfKnown(fired.transitionId).data;
  };
  return { session, fireReturning };
}

const SAMPLES = {
  object: { b: 1, a: 'two', 10: 'ten', 2: [true, false, null], nested: { deeper: [[{}]] } },
  numbers: [0, -0, 1, -7, 0.1, 5e-324, 1.7976931348623157e308, 1e21, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, 123.456e-10],
  strings: ['', 'plain', 'quotes " and \\ and \n\t\u0001', '😀 “curly” ключ', '\u2028\u2029'],
  prototypeless: Object.assign(Object.create(null), { z: 1, y: [2] }),
};
const EXPECTED = {
  object: { 2: [true, false, null], 10: 'ten', b: 1, a: 'two', nested: { deeper: [[{}]] } },
  numbers: [0, 0, 1, -7, 0.1, 5e-324, 1.7976931348623157e308, 1e21, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, 123.456e-10],
  strings: SAMPLES.strings,
  prototypeless: { z: 1, y: [2] },
};

test('plain payloads, deltas and handler results come back exactly, key order included', () => {
  const { session, fireReturning } = desk();
  for (const [name, value] of Object.entries(SAMPLES)) {
    session.fire('desk.take', { payload: value });
    const kept = session.transitions().at(-1).payload;
    assert.deepEqual(kept, EXPECTED[name], `payload ${name}`);
    assert.deepEqual(Object.keys(kept), Object.keys(EXPECTED[name]), `payload ${name} key order`);
    assert.deepEqual(fireReturning(value), EXPECTED[name], `handler result ${name}`);
    session.updateState({ k: value });
    assert.deepEqual(session.state().k, EXPECTED[name], `delta ${name}`);
  }
});

test('undefined members are dropped, array holes and non-finite numbers become null, lone surrogates are replaced', () => {
  const { session, fireReturning } = desk();
  // eslint-disable-next-line no-sparse-arrays
  const value = { gone: undefined, holes: [1, , undefined, NaN, Infinity], text: 'a\ud800b' };
  const expected = { holes: [1, null, null, null, null], text: 'a\ufffdb' };
  session.fire('desk.take', { payload: value });
  assert.deepEqual(session.transitions().at(-1).payload, expected);
  assert.deepEqual(fireReturning(value), expected);
});

test('every getter of a plain value is read exactly once', () => {
  const { session } = desk();
  let reads = 0;
  const value = {};
  Object.defineProperty(value, 'counted', { enumerable: true, get: () => (reads += 1) });
  session.fire('desk.take', { payload: value });
  assert.equal(reads, 1);
  assert.deepEqual(session.transitions().at(-1).payload, { counted: 1 });
});

test('values that are not plain data are refused with the reader’s code and message', () => {
  const { session } = desk();
  const notPlain =
    'groundfacts: fire: options.payload must be plain data (objects, arrays, strings, numbers, booleans, null); it holds a function or another value that cannot be copied — pass only data';
  class Thing {}
  const cyclic = {};
  cyclic.me = cyclic;
  const cases = [
    [{ a: { f() {} } }, 'NOT_PLAIN_DATA', notPlain],
    [{ a: new Thing() }, 'NOT_PLAIN_DATA', notPlain],
    [[1, Symbol('s')], 'NOT_PLAIN_DATA', notPlain],
    [{ d: new Date(0) }, 'NOT_PLAIN_DATA', notPlain],
    [cyclic, 'CYCLIC_VALUE', 'groundfacts: fire: options.payload.me refers back to an object that contains it (a cycle); pass a tree of plain data'],
  ];
  const recorded = session.transitions().length;
  for (const [payload, code, message] of cases) {
    assert.throws(() => session.fire('desk.take', { payload }), (e) => e instanceof gf.SessionError && e.code === code && e.message === message);
  }
  assert.equal(session.transitions().length, recorded, 'nothing was recorded');
});

test('a handler result of { ok: false } is a failure and a thenable defers, whatever the fast path sees', async () => {
  const { session } = desk();
  const group = session.registerActions('desk', {
    handlers: { take: (input) => (input.kind === 'fail' ? { ok: false, error: 'no stock' } : input.kind === 'then' ? Promise.resolve({ later: 1 }) : { then: 1 }) },
  });
  const failed = session.fire('desk.take', { payload: { kind: 'fail' } });
  assert.equal(session.settlementIfKnown(failed.transitionId).error.message, 'no stock');
  const deferred = session.fire('desk.take', { payload: { kind: 'then' } });
  assert.equal(deferred.settlement, 'awaiting-state');
  assert.deepEqual((await session.settlementOf(deferred.transitionId)).data, { later: 1 });
  const data = session.fire('desk.take', { payload: { kind: 'data' } });
  assert.deepEqual(session.settlementIfKnown(data.transitionId).data, { then: 1 });
  group.unregister();
});
