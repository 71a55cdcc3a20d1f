// Pins docs/api.md call by call through the built package: wrong arguments are typed errors, the result shapes
// carry exactly the keys docs/api.md names, the human doors, journeys (refusals, demotion, leaving), inference
// end to end, report rows in the brief and in `why`, and the default-mode warning about unasked fires.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const gf = require('./helpers/load.cjs');
const { createShop, flush } = require('./helpers/shop.cjs');

const subset = (obj, allowed, what) => {
  const extra = Object.keys(obj).filter((k) => !allowed.includes(k));
  assert.deepEqual(extra, [], `${what} carries keys docs/api.md does not name: ${extra.join(', ')}`);
};
const typed = (Class, code) => (err) => {
  assert.ok(err instanceof Class, `${err && err.name}: ${err && err.message}`);
  assert.equal(err.name, Class.name);
  if (code) assert.equal(err.code, code);
  assert.ok(!/expected instance of|null pointer passed to rust|unreachable/.test(err.message), err.message);
  return true;
};

test('a wrong graph or session argument is a SessionError with a code, never wasm-bindgen’s untyped Error', () => {
  const graph = gf.buildNavigationGraph('g', { pages: { a: { route: '/a', actions: { x: { does: 'X' } } } } });
  const session = gf.createSession(graph);
  const freed = gf.buildNavigationGraph('h', { pages: { a: {} } });
  freed.free();
  const lookalike = { id: 'g', pages: () => ['a'], __groundfactsBrand() {} };
  for (const notAGraph of [undefined, null, 42, 'g', {}, [], lookalike, session, freed, () => graph]) {
    assert.throws(() => gf.createSession(notAGraph), typed(gf.SessionError, 'NOT_A_GRAPH'));
    assert.throws(() => gf.matchRoute(notAGraph, '/a'), typed(gf.SessionError, 'NOT_A_GRAPH'));
  }
  const freedSession = gf.createSession(graph);
  freedSession.free();
  for (const notASession of [undefined, null, 'session', {}, graph, freedSession]) {
    assert.throws(() => gf.serveToAgent(notASession), typed(gf.SessionError, 'NOT_A_SESSION'));
  }
  // The real instances still work, and one graph serves many sessions.
  assert.equal(gf.matchRoute(graph, '/a'), 'a');
  assert.equal(gf.matchRoute(graph, '/nowhere'), undefined);
  assert.equal(gf.createSession(graph).node, 'a');
  assert.equal(gf.serveToAgent(session).tools().length, 4);
});

test('default mode: an agent firing a high-effect action with no ask on record warns once, naming confirmAsk', async () => {
  const shop = createShop(gf, { options: {} });
  await flush();
  shop.session.fire('cart.add-item', { payload: { sku: 'a' } });
  shop.session.fire('cart.to-checkout');
  assert.equal(shop.session.node, 'checkout');
  assert.equal(shop.session.fire('checkout.place-order').effectStatus, 'performed');
  shop.session.fire('checkout.place-order');
  const unasked = shop.warnings.filter((w) => w.includes('no ask on record'));
  assert.equal(unasked.length, 1, shop.warnings.join('\n'));
  assert.match(unasked[0], /confirmAsk\('checkout\.place-order'\)/);

  // Not when a card was opened first, not for a person's own fire, not when the option was passed at all.
  const asked = createShop(gf);
  await flush();
  asked.session.sync('checkout');
  asked.session.confirmAsk('checkout.place-order');
  asked.session.fire('checkout.place-order');
  asked.session.fire('checkout.place-order', { source: 'user' });
  const optedOut = createShop(gf, { options: { requireHumanApproval: false } });
  await flush();
  optedOut.session.sync('checkout');
  optedOut.session.fire('checkout.place-order');
  for (const quiet of [asked, optedOut]) {
    assert.deepEqual(quiet.warnings.filter((w) => w.includes('no ask on record')), []);
  }
});

test('a state report nobody fired keeps its changed key names: the brief lists them and why {key} traces them', async () => {
  const { session } = createShop(gf);
  await flush();
  session.fire('cart.add-item', { payload: { sku: 'a' } });
  session.updateState({ 'cart.count': 7, 'user.vip': false, 'weird\u0007key': 1 }, { principal: 'user' });
  session.updateState({ 'cart.count': 7 }, { principal: 'user' }); // same value: nothing changed
  const brief = session.contextBrief().text;
  // docs/decisions.md decision 23: a control character in a key is escaped, not dropped.
  assert.match(brief, /\n {2}• user reported a change to: cart\.count, weird\\u0007key\n/);
  assert.match(brief, /\n {2}• user reported the app's state, and no key changed/);
  assert.ok(!brief.replace('\\u0007', '').includes('7'), 'values never print');

  const port = gf.serveToAgent(session);
  const why = port.call('shop.why', { key: 'cart.count' });
  assert.equal(why.value, 7);
  assert.deepEqual(why.chain.map((l) => l.did ?? (l.reported && 'report')), ['cart.add-item', 'report']);
  assert.equal(why.chain[1].principal, 'user');
  assert.deepEqual(port.call('shop.why', { key: 'user.vip' }).chain, [], 'a same-value key changed nothing');
});

test('inference: a report with nothing pending that matches one registered action becomes an inferred fired row', async () => {
  const { session } = createShop(gf);
  await flush();
  const v = session.version;
  const inferred = session.updateState({ 'cart.note': 'gift wrap' });
  assert.equal(inferred.ok, true);
  assert.equal(inferred.attributed, false);
  assert.deepEqual(inferred.transition.cause, {
    kind: 'fired', principal: 'unknown', affordanceId: 'cart.set-note', does: 'Write a note on the order', inferred: true,
  });
  assert.equal(inferred.transition.outcome, 'committed');
  assert.equal(inferred.transition.effectVerified, true);
  assert.equal(inferred.transition.toNode, 'cart');
  assert.equal(session.version, v + 1);
  const settled = session.settlementIfKnown(inferred.transition.id);
  assert.equal(settled.effectStatus, 'unobservable');
  assert.equal(
    session.groundTruth().text.split('\n').at(-1),
    '  • DID happen — unknown fired cart.set-note (committed; declared effect observed; attributed by inference, not observed)',
  );
  assert.match(session.contextBrief().text, /unknown fired cart\.set-note — Write a note on the order \[inferred, not observed\]/);

  // Never inferred: two candidates, a guard-hidden action, or a report while a fire is pending.
  const both = session.updateState({ 'cart.note': 'x', 'cart.count': 3 });
  assert.equal(both.transition.cause.kind, 'stimulus');
  const hidden = session.updateState({ 'vip.used': true });
  assert.equal(hidden.transition.cause.kind, 'stimulus', 'vip-only is hidden by its when');
  const quiet = createShop(gf, { handlers: { 'set-note': () => undefined } });
  await flush();
  const open = quiet.session.fire('cart.set-note', { payload: { note: 'n' } });
  assert.equal(open.settlement, 'awaiting-state');
  const taken = quiet.session.updateState({ 'cart.count': 1 });
  assert.equal(taken.transition.id, open.transitionId, 'the pending fire takes the report (queue order), nothing is inferred');
  assert.equal(taken.transition.attribution.basis, 'queue-order');
  assert.ok(!quiet.session.transitions().some((t) => t.cause.inferred));
});

test('commitJourney refuses UNKNOWN_JOURNEY, PRECONDITION_FAILED, FRAME_ALREADY_OPEN and ENTRY_NOT_MATERIALIZED as data', async () => {
  const { session } = createShop(gf);
  await flush();
  const v = session.version;
  assert.deepEqual(session.commitJourney('nope'), { ok: false, version: v, reason: 'UNKNOWN_JOURNEY', known: ['buy'] });
  const pre = session.commitJourney('buy');
  assert.equal(pre.reason, 'PRECONDITION_FAILED');
  assert.deepEqual(pre.evidence.map((e) => [e.key, e.op, e.result]), [['cart.count', 'gt', false]]);
  assert.equal(session.version, v, 'a refused commit never bumps');
  assert.equal(session.journeyFrame(), null);

  session.fire('cart.add-item', { payload: { sku: 'a' } });
  const opened = session.commitJourney('buy');
  assert.equal(opened.ok, true);
  assert.equal(opened.version, session.version);
  assert.deepEqual(opened.plan.steps.map((s) => [s.step, s.status]), [['cart.to-checkout', 'ready'], ['checkout.place-order', 'off-node']]);
  assert.deepEqual(session.journeyFrame(), opened.frame);
  const again = session.commitJourney('buy');
  assert.deepEqual({ ok: again.ok, reason: again.reason, journeyId: again.journeyId }, { ok: false, reason: 'FRAME_ALREADY_OPEN', journeyId: 'buy' });
  assert.equal(session.gaps().filter((g) => g.journeyId).length, 0, 'none of these is an attempt');

  const unwired = createShop(gf, { navigate: false });
  await flush();
  unwired.session.fire('cart.add-item', { payload: { sku: 'a' } });
  const entry = unwired.session.commitJourney('buy');
  assert.deepEqual({ ok: entry.ok, reason: entry.reason, affordanceId: entry.affordanceId }, { ok: false, reason: 'ENTRY_NOT_MATERIALIZED', affordanceId: 'cart.to-checkout' });
  const gap = unwired.session.gaps().at(-1);
  assert.deepEqual([gap.kind, gap.journeyId, gap.rejectionReason], ['fire-rejected', 'buy', 'ENTRY_NOT_MATERIALIZED']);
  assert.equal(
    unwired.session.groundTruth().text.split('\n').at(-1),
    "  • did NOT happen — agent's attempt to start buy was refused: ENTRY_NOT_MATERIALIZED (its first step is cart.to-checkout)",
  );
});

test('a journey whose when stops holding closes demoted, bumps the version and is noted in the brief', async () => {
  const { session } = createShop(gf);
  await flush();
  session.fire('cart.add-item', { payload: { sku: 'a' } });
  assert.equal(session.commitJourney('buy').ok, true);
  const v = session.version;
  const emptied = session.updateState({ 'cart.count': 0 }, { principal: 'user' });
  assert.equal(emptied.version, v + 2, 'the report row, then the frame closing');
  assert.equal(session.journeyFrame(), null);
  assert.match(session.contextBrief().text, /\nJourney buy was demoted: its precondition no longer holds\.\n/);
  assert.doesNotMatch(session.contextBrief({ sinceVersion: v + 3 }).text, /demoted/, 'a cursor after it hides the note');
  // A fresh frame can open once the precondition holds again.
  session.fire('cart.add-item', { payload: { sku: 'b' } });
  assert.equal(session.commitJourney('buy').ok, true);
});

test('leaveJourney closes cancelled, or completed once every step was performed', async () => {
  const { session } = createShop(gf);
  await flush();
  session.fire('cart.add-item', { payload: { sku: 'a' } });
  session.commitJourney('buy');
  const v = session.version;
  const left = session.leaveJourney();
  assert.equal(left.status, 'cancelled');
  assert.equal(left.closedAtVersion, v + 1);
  assert.equal(session.journeyFrame(), null);
  assert.equal(session.leaveJourney(), null, 'nothing open: nothing to close, no bump');
  assert.equal(session.version, v + 1);

  session.commitJourney('buy');
  session.fire('cart.to-checkout');
  session.confirmAsk('checkout.place-order');
  session.fire('checkout.place-order');
  assert.deepEqual(session.journeyFrame().firedSteps, ['cart.to-checkout', 'checkout.place-order']);
  assert.equal(session.leaveJourney().status, 'completed');
});

test('the human doors: the three ask shapes under enforcement, a decider required, NOT_ENFORCED in default mode', async () => {
  const shop = createShop(gf, { options: { requireHumanApproval: true } });
  await flush();
  const { session } = shop;
  session.sync('checkout');
  const refused = session.fire('checkout.place-order');
  assert.deepEqual([refused.ok, refused.reason, refused.affordanceId], [false, 'APPROVAL_REQUIRED', 'checkout.place-order']);
  const a1 = session.confirmAsk('checkout.place-order').askId;
  const a2 = session.confirmAsk('checkout.place-order', { input: { rush: true } }).askId;
  const a3 = session.confirmAsk('checkout.place-order', { input: { rush: false } }).askId;
  assert.deepEqual([a1, a2, a3], ['ask#1', 'ask#2', 'ask#3']);
  assert.equal(session.approve(a2).reason, 'NEEDS_DECIDER');
  assert.equal(session.approve(a2, { by: 'Ana', note: 'fine' }).ok, true);
  assert.equal(session.decline(a3, { by: 'Ana' }).ok, true);
  assert.equal(session.approve(a3, { by: 'Ana' }).reason, 'ASK_ALREADY_ANSWERED');
  assert.equal(session.approve('ask#99', { by: 'Ana' }).reason, 'UNKNOWN_ASK');
  assert.deepEqual(session.asks(), [
    { askId: 'ask#1', affordanceId: 'checkout.place-order', does: 'Place the order' },
    { askId: 'ask#2', affordanceId: 'checkout.place-order', does: 'Place the order', answer: 'approved' },
    { askId: 'ask#3', affordanceId: 'checkout.place-order', does: 'Place the order', answer: 'declined' },
  ]);
  const text = session.groundTruth().text;
  assert.ok(text.endsWith(
    "\nAwaiting the human's decision: checkout.place-order (ask#1).\nApproved by the human, not yet done: checkout.place-order (ask#2).\nThe human declined: checkout.place-order (ask#3).",
  ), text);
  assert.ok(!/Ana|fine/.test(text), 'by and note are never rendered');

  const plain = createShop(gf);
  await flush();
  plain.session.sync('checkout');
  const ask = plain.session.confirmAsk('checkout.place-order').askId;
  assert.equal(plain.session.approve(ask, { by: 'Ana' }).reason, 'NOT_ENFORCED');
  assert.equal(plain.session.decline(ask, { by: 'Ana' }).ok, true);
  assert.deepEqual(plain.session.asks(), [], 'in default mode a no closes the card');
});

test('reportGap, beginWork and pending() have the shapes docs/api.md names', async () => {
  const held = {};
  const shop = createShop(gf, {
    handlers: {
      'set-note': () => {
        held.work = shop.session.beginWork();
      },
    },
  });
  await flush();
  const { session } = shop;
  const fired = session.fire('cart.set-note', { payload: { note: 'n' } });
  assert.equal(fired.settlement, 'awaiting-state');
  const [pending] = session.pending();
  assert.deepEqual(Object.keys(pending).sort(), ['affordanceId', 'does', 'firedAt', 'id']);
  assert.deepEqual([pending.id, pending.affordanceId, pending.does], [fired.transitionId, 'cart.set-note', 'Write a note on the order']);
  assert.equal(typeof pending.firedAt, 'number');
  assert.equal(session.openWork()[0].transitionId, fired.transitionId, 'work begun inside a handler binds to its fire');
  assert.match(session.groundTruth().text, /\nAwaiting the app's report: cart\.set-note\.\nThe app is still working on: cart\.set-note\.$/);
  assert.equal(held.work.end(), true);
  assert.equal(held.work.end(), false, 'first close wins');
  const tied = session.beginWork('cart.add-item');
  assert.equal(session.openWork()[0].affordanceId, 'cart.add-item');
  tied.end();

  const v = session.version;
  session.reportGap('the user wanted to pay with points', { actionsMayBeStale: true });
  session.reportGap('another wish');
  assert.equal(session.version, v, 'reportGap never bumps');
  const [stale, plain] = session.gaps().slice(-2);
  assert.deepEqual([stale.kind, stale.request, stale.actionsMayBeStale], ['reported', 'the user wanted to pay with points', true]);
  assert.equal(plain.actionsMayBeStale, undefined);
  const facts = session.groundTruth().text;
  assert.ok(!facts.includes('points') && !facts.includes('wish'), 'request text never prints');
  assert.match(facts, /could not re-read its own list of actions/);
});

test('groundTruth and contextBrief honour sinceVersion and maxAttempts; free() releases the session', async () => {
  const { session } = createShop(gf);
  await flush();
  for (const sku of ['a', 'b', 'c']) session.fire('cart.add-item', { payload: { sku } });
  session.fire('cart.nope');
  const all = session.groundTruth();
  assert.deepEqual(Object.keys(all).sort(), ['node', 'text', 'version']);
  assert.match(all.text, /\nAttempts so far \(version 7\):\n/);
  const capped = session.groundTruth({ maxAttempts: 2 }).text;
  assert.match(capped, /\n {2}… 2 earlier attempt\(s\) omitted\.\n/);
  assert.equal(capped.split('\n').filter((l) => l.startsWith('  • ')).length, 2);
  const since = session.groundTruth({ sinceVersion: 5 }).text;
  assert.match(since, /\nAttempts since version 5 \(now 7\):\n/);
  assert.equal(since.split('\n').filter((l) => l.startsWith('  • ')).length, 2);
  const brief = session.contextBrief({ sinceVersion: 5 });
  assert.deepEqual([brief.node, brief.version], ['cart', 7]);
  assert.match(brief.text, /\nSince version 5 \(now 7\):\n/);
  assert.throws(() => session.groundTruth({ sinceVersion: 'x' }), typed(gf.SessionError));

  const port = gf.serveToAgent(session);
  session.free();
  assert.throws(() => session.version);
  assert.equal(port.call('shop.whats_here', {}).ok, true, 'a port keeps serving what it was given');
});
