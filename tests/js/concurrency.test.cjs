// Once, single-flight and the checks before an ask, against the built package (rulings 35–37,
// docs/session.md §26–27, docs/graph.md §11): every refusal is data carrying the prior fire's id, the
// port never asks a person about a call that cannot run, an approval is not spent on a refused second
// fire, a failed 'once' fire does not count, both policies survive a snapshot kept as JSON text, and an
// unchecked schema keyword is refused at authoring.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const gf = require('./helpers/load.cjs');

const DEF = {
  pages: {
    book: {
      actions: {
        reserve: {
          does: 'Reserve the room',
          confirm: true,
          concurrency: 'single-flight',
          writes: ['bookings.count'],
          input: { type: 'object', properties: { nights: { type: 'integer', minimum: 1, maximum: 14 } }, required: ['nights'] },
        },
        pay: { does: 'Pay the deposit', input: 'none', writes: ['deposit.paid'], concurrency: 'once' },
      },
    },
  },
};

/** A booking app; `app.next` says how the next handler call ends: 'open', 'report' or 'throw'. */
function booking(options = {}) {
  const graph = gf.buildNavigationGraph('hotel', DEF);
  const warnings = [];
  const session = gf.createSession(graph, undefined, {
    state: { 'bookings.count': 0, 'deposit.paid': false },
    onWarn: (w) => warnings.push(w),
    ...options,
  });
  const app = { graph, session, warnings, next: 'open' };
  const handler = (key) => () => {
    if (app.next === 'throw') throw new Error('card declined');
    if (app.next === 'report') session.updateState({ [key]: true });
  };
  session.registerActions('book', { handlers: { reserve: handler('bookings.count'), pay: handler('deposit.paid') } });
  return app;
}

test('an invalid call to a confirm-gated action is refused PAYLOAD_INVALID with no ask, in both modes', () => {
  for (const requireHumanApproval of [false, true]) {
    const { session } = booking({ requireHumanApproval });
    const port = gf.serveToAgent(session);
    const out = port.call('hotel.do_action', { action: 'reserve', input: { nights: 99 } });
    assert.equal(out.reason, 'PAYLOAD_INVALID', JSON.stringify(out));
    assert.equal(out.askId, undefined);
    assert.ok(out.issues.includes("'nights' must be ≤ 14 (maximum 14)"), out.issues.join('; '));
    assert.ok(!out.issues.join(' ').includes('99'), 'the value sent is never quoted');
    assert.deepEqual(session.asks(), []);
    assert.equal(session.gaps().at(-1).rejectionReason, 'PAYLOAD_INVALID', 'a recorded attempt');
    assert.equal(port.call('hotel.do_action', { action: 'reserve', input: { nights: 2 } }).judgment, 'needs-confirm');
  }
});

test('single-flight: a retry while the first is open is refused PRIOR_FIRE_PENDING naming it, on fire and on the port', () => {
  const { session } = booking();
  const port = gf.serveToAgent(session, { confirmHighEffect: false });
  const first = session.fire('book.reserve', { payload: { nights: 2 } });
  assert.equal(first.ok, true);
  const refused = session.fire('book.reserve', { payload: { nights: 2 } });
  assert.equal(refused.reason, 'PRIOR_FIRE_PENDING');
  assert.equal(refused.priorTransitionId, first.transitionId);
  const onPort = port.call('hotel.do_action', { action: 'reserve', input: { nights: 2 } });
  assert.equal(onPort.reason, 'PRIOR_FIRE_PENDING');
  assert.equal(onPort.priorTransitionId, first.transitionId);
  assert.match(onPort.why, /did_it_work/);
  assert.match(session.groundTruth().text, /agent's fire of book\.reserve was refused: PRIOR_FIRE_PENDING/);
  session.updateState({ 'bookings.count': 1 }, { transitionId: first.transitionId });
  assert.equal(session.fire('book.reserve', { payload: { nights: 2 } }).ok, true);
});

test('once: a failed first fire does not count; after a performed one every fire is DUPLICATE_EXECUTION', () => {
  const app = booking();
  const { session } = app;
  const port = gf.serveToAgent(session);
  app.next = 'throw';
  assert.equal(session.fire('book.pay').effectStatus, 'refused');
  app.next = 'report';
  const paid = port.call('hotel.do_action', { action: 'pay' });
  assert.equal(paid.effectStatus, 'performed', JSON.stringify(paid));
  const again = port.call('hotel.do_action', { action: 'pay' });
  assert.equal(again.reason, 'DUPLICATE_EXECUTION');
  assert.equal(again.priorTransitionId, paid.transitionId);
  assert.equal(again.retriable, undefined);
  assert.equal(session.fire('book.pay', { source: 'user' }).reason, 'DUPLICATE_EXECUTION', 'whoever fires');
  assert.match(session.groundTruth().text, /agent's fire of book\.pay was refused: DUPLICATE_EXECUTION/);
});

test('an approval for a fire refused PRIOR_FIRE_PENDING is not spent; the fire that can run spends it', () => {
  const { session } = booking({ requireHumanApproval: true });
  const open = session.fire('book.reserve', { source: 'user', payload: { nights: 3 } });
  const { askId } = session.confirmAsk('book.reserve', { input: { nights: 3 } });
  assert.equal(session.approve(askId, { by: 'dana' }).ok, true);
  const port = gf.serveToAgent(session);
  const refused = port.call('hotel.do_action', { action: 'reserve', input: { nights: 3 }, confirm: true });
  assert.equal(refused.reason, 'PRIOR_FIRE_PENDING', JSON.stringify(refused));
  assert.equal(refused.priorTransitionId, open.transitionId);
  assert.notEqual(session.asks()[0].spent, true, 'the approval waits for a fire that can run');
  session.updateState({ 'bookings.count': 1 }, { transitionId: open.transitionId });
  const fired = port.call('hotel.do_action', { action: 'reserve', input: { nights: 3 }, confirm: true });
  assert.equal(fired.ok, true, JSON.stringify(fired));
  assert.equal(session.transitions().find((t) => t.id === fired.transitionId).askId, askId);
  assert.equal(session.asks()[0].spent, true);
});

test('a snapshot kept as JSON text keeps both policies: the performed once and the open single-flight', () => {
  const app = booking();
  app.next = 'report';
  const paid = app.session.fire('book.pay');
  app.next = 'open';
  const open = app.session.fire('book.reserve', { payload: { nights: 2 } });
  const text = JSON.stringify(app.session.snapshot());
  assert.deepEqual(JSON.parse(text).once, [['book.pay', paid.transitionId]]);
  const again = booking({ restore: JSON.parse(text) });
  const duplicate = again.session.fire('book.pay');
  assert.equal(duplicate.reason, 'DUPLICATE_EXECUTION');
  assert.equal(duplicate.priorTransitionId, paid.transitionId);
  const pending = again.session.fire('book.reserve', { payload: { nights: 2 } });
  assert.equal(pending.reason, 'PRIOR_FIRE_PENDING');
  assert.equal(pending.priorTransitionId, open.transitionId);
});

test('authoring: an unchecked schema keyword is UNSUPPORTED_KEY naming it; a bad concurrency word is BAD_VALUE', () => {
  const withInput = (input) => ({ pages: { p: { actions: { a: { does: 'Do it', input } } } } });
  assert.throws(
    () => gf.buildNavigationGraph('g', withInput({ type: 'object', properties: { email: { type: 'string', format: 'email' } } })),
    (e) => e instanceof gf.GraphValidationError && e.code === 'UNSUPPORTED_KEY' && e.message.includes('`format`'),
  );
  assert.throws(
    () => gf.buildNavigationGraph('g', withInput({ type: 'object', properties: { code: { type: 'string', pattern: '(' } } })),
    (e) => e instanceof gf.GraphValidationError && e.code === 'BAD_INPUT',
  );
  assert.throws(
    () => gf.buildNavigationGraph('g', { pages: { p: { actions: { a: { does: 'Do it', concurrency: 'twice' } } } } }),
    (e) => e instanceof gf.GraphValidationError && e.code === 'BAD_VALUE',
  );
});
