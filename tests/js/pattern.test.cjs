// `pattern` in input contracts, in the package: the JS engine's RegExp with the `u` flag checks the
// pattern when the graph is built and judges each fire's string (docs/graph.md §11, src/js/pattern.js).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const gf = require('./helpers/load.cjs');

function sessionWith(properties) {
  const graph = gf.buildNavigationGraph('g', {
    pages: { p: { actions: { a: { does: 'Do it', input: { type: 'object', properties } } } } },
  });
  const session = gf.createSession(graph, () => {}, { node: 'p', onWarn: () => {} });
  session.registerActions('p', { handlers: { a: () => {} } });
  return session;
}

test('a pattern is unanchored, judged on every fire, and names the argument and the pattern', () => {
  const session = sessionWith({ code: { type: 'string', pattern: '[A-Z]{3}' }, whole: { type: 'string', pattern: '^[a-z]+$' } });
  assert.equal(session.fire('p.a', { payload: { code: 'xxABCxx' } }).ok, true);
  assert.equal(session.fire('p.a', { payload: { whole: 'abc' } }).ok, true);
  const refused = session.fire('p.a', { payload: { code: 'ab1', whole: 'abc1' } });
  assert.equal(refused.ok, false);
  assert.equal(refused.reason, 'PAYLOAD_INVALID');
  assert.ok(refused.issues.some((i) => i.includes("'code'") && i.includes('[A-Z]{3}')), refused.issues.join('\n'));
  assert.ok(refused.issues.some((i) => i.includes("'whole'") && i.includes('^[a-z]+$')), refused.issues.join('\n'));
  // The same pattern again, compiled once: still judged.
  assert.equal(session.fire('p.a', { payload: { code: 'abc' } }).ok, false);
  assert.equal(session.fire('p.a', { payload: { code: 'ABC' } }).ok, true);
});

test('patterns read code points and the ECMA-262 dialect JSON Schema names', () => {
  const session = sessionWith({ one: { type: 'string', pattern: '^.$' }, upper: { type: 'string', pattern: '^\\p{Lu}' }, ahead: { type: 'string', pattern: '^(?=.*\\d)' } });
  assert.equal(session.fire('p.a', { payload: { one: '😀' } }).ok, true);
  assert.equal(session.fire('p.a', { payload: { upper: 'Élan' } }).ok, true);
  assert.equal(session.fire('p.a', { payload: { upper: 'élan' } }).ok, false);
  assert.equal(session.fire('p.a', { payload: { ahead: 'a1' } }).ok, true);
  assert.equal(session.fire('p.a', { payload: { ahead: 'ab' } }).ok, false);
});

test('a pattern the engine cannot read is BAD_INPUT when the graph is built, with the engine\'s reason', () => {
  for (const pattern of ['(', '[z-a]', 'a{2,1}', '\\p{NotAProperty}']) {
    assert.throws(
      () => sessionWith({ code: { type: 'string', pattern } }),
      (e) => e instanceof gf.GraphValidationError && e.code === 'BAD_INPUT' && e.message.startsWith('groundfacts: ')
        && e.message.includes('`pattern` is not a regular expression (') && e.message.includes('ECMA-262'),
      pattern,
    );
  }
});
