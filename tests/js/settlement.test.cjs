// Pins docs/session.md §29 on the built package: a settlement waits for its own handler (decision 41).
// An inferred credit of a fire whose async handler still runs gives no settlement; when the handler
// ends, every settlement read — settlementIfKnown, the settlementOf promise, the port's did_it_work —
// agrees with the facts block's line for that fire (late rejection after an unrelated report, late
// resolution, late report, a verify that turns, a failure after the fire's own report). And
// docs/session.md §29.4: quiet by default — a refused agent fire and a handler failure print nothing
// without onWarn and reach onWarn when it is given; dead-end warnings still print.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const gf = require('./helpers/load.cjs');

function graph() {
  return gf.buildNavigationGraph('ab', {
    pages: {
      a: {
        route: '/a',
        actions: {
          save: { does: 'Save the draft', writes: ['draft.saved'] },
          check: { does: 'Check the draft', writes: ['draft.ok'], verify: { 'draft.ok': { eq: true } } },
          pay: { does: 'Pay', confirm: true, input: 'none' },
        },
      },
    },
  });
}

function app(handlers, options = {}) {
  const s = gf.createSession(graph(), undefined, {
    node: 'a',
    state: { 'draft.saved': false, 'draft.ok': false, other: 0 },
    ...options,
  });
  s.registerActions('a', { handlers });
  return { s, port: gf.serveToAgent(s) };
}

/** A handler whose promise the test ends. */
function deferred() {
  const d = {};
  d.handler = () => new Promise((ok, fail) => Object.assign(d, { ok, fail }));
  return d;
}

const tick = () => new Promise((r) => setTimeout(r, 5));

/** Every settlement read of `id`, checked against the block's line for `action`. */
function readsAgree(s, port, id, action) {
  const line = s.groundTruth().text.split('\n').find((l) => l.includes(`fired ${action} `));
  assert.ok(line, `a line for ${action}`);
  const settled = s.settlementIfKnown(id);
  const polled = port.call('ab.did_it_work', { transitionId: id });
  if (settled === undefined) {
    assert.equal(polled.judgment, 'still-pending', JSON.stringify(polled));
    return undefined;
  }
  assert.equal(line.includes('did NOT happen'), settled.effectStatus === 'refused', `${settled.effectStatus} vs ${line}`);
  assert.equal(polled.effectStatus, settled.effectStatus);
  assert.equal(polled.outcomeNow, undefined, 'the receipt is still the live outcome');
  return settled.effectStatus;
}

test('a late rejection after an unrelated whole-store report is the first and only settlement', async () => {
  const d = deferred();
  const { s, port } = app({ save: d.handler });
  const id = s.fire('a.save').transitionId;
  const promised = s.settlementOf(id);
  s.updateState({ 'draft.saved': true, 'draft.ok': false, other: 1 });
  assert.match(s.groundTruth().text, /attributed by inference/);
  assert.equal(readsAgree(s, port, id, 'a.save'), undefined);
  d.fail(new Error('disk full'));
  await tick();
  assert.equal(readsAgree(s, port, id, 'a.save'), 'refused');
  assert.equal((await promised).effectStatus, 'refused');
  s.updateState({ 'draft.saved': true, 'draft.ok': false, other: 2 });
  assert.equal(readsAgree(s, port, id, 'a.save'), 'refused');
});

test('a late resolution after an inferred credit settles performed', async () => {
  const d = deferred();
  const { s, port } = app({ save: d.handler });
  const id = s.fire('a.save').transitionId;
  s.updateState({ 'draft.saved': true, 'draft.ok': false, other: 1 });
  assert.equal(readsAgree(s, port, id, 'a.save'), undefined);
  d.ok({ saved: 1 });
  await tick();
  assert.equal(readsAgree(s, port, id, 'a.save'), 'performed');
  assert.equal((await s.settlementOf(id)).effectStatus, 'performed');
});

test('a late report after the handler returned settles by queue order', () => {
  const { s, port } = app({ save: () => {} });
  const id = s.fire('a.save').transitionId;
  assert.equal(readsAgree(s, port, id, 'a.save'), undefined);
  s.updateState({ 'draft.saved': true, 'draft.ok': false, other: 1 });
  assert.equal(readsAgree(s, port, id, 'a.save'), 'performed');
});

test('a verify that turns while the handler runs is asked when it comes to rest', async () => {
  const d = deferred();
  const { s, port } = app({ check: d.handler });
  const id = s.fire('a.check').transitionId;
  s.updateState({ 'draft.saved': true, 'draft.ok': true, other: 1 });
  assert.equal(readsAgree(s, port, id, 'a.check'), undefined);
  s.updateState({ 'draft.ok': false });
  d.ok();
  await tick();
  assert.equal(readsAgree(s, port, id, 'a.check'), 'refused');
  assert.match(s.groundTruth().text, /verify contract did not hold/);
});

test('quiet by default: refusals and handler failures print nothing without onWarn, and reach onWarn', () => {
  const printed = [];
  const original = console.warn;
  console.warn = (m) => printed.push(String(m));
  try {
    const { s } = app({ save: () => { throw new Error('boom'); }, pay: () => {} }, { requireHumanApproval: true });
    assert.equal(s.fire('a.pay').reason, 'APPROVAL_REQUIRED');
    s.fire('a.save');
    assert.match(s.groundTruth().text, /did NOT happen — agent fired a\.save/);
    assert.deepEqual(printed, [], 'nothing printed for what the record already says');

    const heard = [];
    const { s: loud } = app({ save: () => { throw new Error('boom'); }, pay: () => {} }, { requireHumanApproval: true, onWarn: (m) => heard.push(m) });
    loud.fire('a.pay');
    loud.fire('a.save');
    assert.ok(heard.some((m) => m.includes('APPROVAL_REQUIRED')), heard.join('\n'));
    assert.ok(heard.some((m) => m.includes('boom')), heard.join('\n'));
    assert.deepEqual(printed, []);

    // A dead end is not in the record's words: it still prints by default.
    const dead = gf.buildNavigationGraph('dead', { pages: { a: { actions: { go: { does: 'Go on', goTo: 'b' } } }, b: {} } });
    const ds = gf.createSession(dead, () => {}, { node: 'a' });
    ds.registerActions('a', { handlers: { go: () => {} } });
    ds.fire('a.go');
    ds.sync('b');
    assert.ok(printed.some((m) => m.startsWith('groundfacts: ')), printed.join('\n'));
  } finally {
    console.warn = original;
  }
});

test('a handler that throws after its own report settles performed, as the block grades it, with the error kept', () => {
  let s;
  const made = app({
    save: () => {
      s.updateState({ 'draft.saved': true });
      throw new Error('late');
    },
  }, { onWarn: () => {} });
  s = made.s;
  const id = s.fire('a.save').transitionId;
  assert.equal(readsAgree(s, made.port, id, 'a.save'), 'performed');
  assert.match(s.settlementIfKnown(id).error.message, /late/);
});
