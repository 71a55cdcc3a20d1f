// Pins the hand-written .d.ts (src/js/types.rs) to what the functions really return: a scenario that
// reaches every result shape (successes, every refusal kind, every row kind) checks each runtime object,
// at every depth, against the declared type of that position — an undeclared key fails. It also checks
// the reverse for the shapes docs/api.md spells out: each named field is declared, and nothing beyond them
// rides the core results.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const gf = require('./helpers/load.cjs');
const { undeclared, declaredProperties } = require('./helpers/dts.cjs');
const { createWizardApp, flush } = require('./examples/guarded-wizard/app.cjs');
const { createShop } = require('./helpers/shop.cjs');

/** [value, type name] pairs from one run that reaches every shape. */
async function collectResults() {
  const out = [];
  const keep = (value, type) => {
    out.push([value, type]);
    return value;
  };
  keep(gf.fromRoutes({ a: '/a', b: { route: '/b', does: 'the b page' } }, { crossLinks: ['b'] }), 'RoutesSource');
  keep(gf.fromJourneys({ j: { does: 'J', steps: ['x', { step: 'y' }], when: { k: { eq: 1 } } } }), 'JourneysSource');

  // The seed wizard: greyed edges, verify failures, navigation, data, an ask.
  const { session, router } = createWizardApp(gf);
  await flush();
  keep(session.available(), 'Available');
  keep(session.commitJourney('nope'), 'CommitJourneyResult');
  keep(session.commitJourney('new-project'), 'CommitJourneyResult');
  keep(session.commitJourney('new-project'), 'CommitJourneyResult');
  keep(session.journeyFrame(), 'JourneyFrame');
  keep(session.journeyPlan('new-project'), 'JourneyPlan');
  for (const [id, options] of [
    ['wizard.next-to-review', {}], // TOOL_DISABLED with evidence
    ['nope', {}], // UNKNOWN_AFFORDANCE
    ['review.create-project', {}], // NOT_ON_NODE
    ['wizard.name-it', { payload: 7 }], // PAYLOAD_INVALID
    ['wizard.pick-recipe', { payload: { recipe: 'x' } }], // GUARD_FAILED
  ]) {
    keep(session.fire(id, options), 'FireResult');
  }
  const named = keep(session.fire('wizard.name-it', { payload: { name: 'N' } }), 'FireResult');
  keep(session.settlementIfKnown(named.transitionId), 'FireSettlement');
  const bad = keep(session.fire('wizard.pick-recipe', { payload: { recipe: 'not-a-recipe' } }), 'FireResult');
  keep(await session.settlementOf(bad.transitionId), 'FireSettlement');
  session.fire('wizard.pick-recipe', { payload: { recipe: 'dose-response' } });
  keep(session.available(), 'Available');
  const hop = session.fire('wizard.next-to-review');
  keep(session.settlementIfKnown(hop.transitionId), 'FireSettlement');
  keep(session.confirmAsk('review.create-project'), 'ConfirmAsk');
  keep(session.asks(), 'AskStatus[]');
  const created = session.fire('review.create-project');
  keep(session.settlementIfKnown(created.transitionId), 'FireSettlement');
  keep(session.leaveJourney(), 'JourneyFrame');
  keep(session.sync('/somewhere/else'), 'SyncResult');
  keep(session.sync('/projects'), 'SyncResult');
  keep(session.sync('projects'), 'SyncResult');
  keep(session.updateState({ 'project.name': 'typed' }, { principal: 'user' }), 'UpdateResult');
  keep(session.updateState({ 'project.name': 'x' }, { transitionId: 'nope#1' }), 'UpdateResult');
  keep(session.updateState({ f: () => 1 }), 'UpdateResult');
  session.reportGap('wanted something else', { actionsMayBeStale: true });
  keep(session.groundTruth({ sinceVersion: 2, maxAttempts: 3 }), 'RenderedBlock');
  keep(session.contextBrief({ sinceVersion: 2 }), 'ContextBrief');
  keep(session.transitions(), 'TransitionRecord[]');
  keep(session.gaps(), 'GapRecord[]');
  router.path = '/projects';

  // The control without cross-links: a dead end.
  const control = createWizardApp(gf, { crossLinks: false });
  await flush();
  control.router.push('/projects');
  keep(control.session.gaps(), 'GapRecord[]');

  // The shop: inference, pending fires, open work, enforced approval and its doors.
  const held = {};
  const shop = createShop(gf, {
    options: { requireHumanApproval: true },
    handlers: { 'set-note': () => (held.work = shop.session.beginWork()) },
  });
  await flush();
  keep(shop.session.updateState({ 'cart.count': 4 }), 'UpdateResult');
  keep(shop.session.fire('cart.set-note', { payload: { note: 'n' } }), 'FireResult');
  keep(shop.session.pending(), 'PendingInfo[]');
  keep(shop.session.openWork(), 'WorkRow[]');
  shop.session.beginWork('cart.add-item');
  keep(shop.session.openWork(), 'WorkRow[]');
  shop.session.fire('cart.to-checkout');
  keep(shop.session.fire('checkout.place-order'), 'FireResult'); // APPROVAL_REQUIRED
  const asks = ['ask-a', 'ask-b', 'ask-c'].map((input) => shop.session.confirmAsk('checkout.place-order', { input }).askId);
  keep(shop.session.approve(asks[1], { by: 'Ana' }), 'DoorResult');
  keep(shop.session.decline(asks[2], { by: 'Ana', note: 'no' }), 'DoorResult');
  keep(shop.session.approve(asks[2], { by: 'Ana' }), 'DoorResult');
  keep(shop.session.approve(asks[0]), 'DoorResult');
  keep(shop.session.asks(), 'AskStatus[]');
  keep(shop.session.fire('checkout.place-order', { payload: 'ask-c' }), 'FireResult'); // APPROVAL_DECLINED
  keep(shop.session.transitions(), 'TransitionRecord[]');
  keep(shop.session.gaps(), 'GapRecord[]');
  const port = gf.serveToAgent(shop.session);
  keep(port.tools(), 'ToolDescription[]');
  return out;
}

test('every runtime key of every result is declared by its .d.ts type, at every depth', async () => {
  const results = await collectResults();
  assert.ok(results.length > 45, `${results.length} results`);
  const problems = [];
  for (const [value, type] of results) {
    assert.notEqual(value, undefined, `a ${type} result was undefined`);
    for (const key of undeclared(value, type)) problems.push(`${type}: ${key}`);
  }
  assert.deepEqual([...new Set(problems)], []);
});

test('the .d.ts declares every field docs/api.md names for the session results', () => {
  const named = {
    FireSettlement: ['transitionId', 'did', 'effectStatus', 'outcome', 'writesObserved', 'verifyHeld', 'error', 'data', 'transition'],
    FireResult: ['ok', 'transitionId', 'settlement', 'effectStatus', 'version', 'reason', 'affordanceId', 'evidence', 'issues'],
    AvailableEdge: ['affordanceId', 'description', 'enabled', 'goesTo', 'expects', 'highEffect'],
    Available: ['version', 'node', 'edges', 'journeys'],
    Cause: ['kind', 'principal', 'affordanceId', 'does', 'inferred'],
    SettlementError: ['reason', 'message'],
    RenderedBlock: ['node', 'version', 'text'],
    ToolDescription: ['name', 'description', 'inputSchema'],
  };
  for (const [type, fields] of Object.entries(named)) {
    const declared = declaredProperties(type);
    assert.deepEqual(fields.filter((f) => !declared.includes(f)), [], type);
  }
});

test('the core results carry only the fields docs/api.md names', async () => {
  const { session } = createWizardApp(gf);
  await flush();
  const only = (obj, allowed, what) => assert.deepEqual(Object.keys(obj).filter((k) => !allowed.includes(k)), [], what);
  const fired = session.fire('wizard.name-it', { payload: { name: 'N' } });
  assert.deepEqual(Object.keys(fired).sort(), ['effectStatus', 'ok', 'settlement', 'transitionId', 'version']);
  const refused = session.fire('wizard.next-to-review');
  only(refused, ['ok', 'reason', 'affordanceId', 'evidence', 'issues', 'available', 'node', 'askId'], 'refused FireResult');
  const settled = session.settlementIfKnown(session.fire('wizard.pick-recipe', { payload: { recipe: 'bad' } }).transitionId);
  only(settled, ['transitionId', 'did', 'effectStatus', 'outcome', 'writesObserved', 'verifyHeld', 'error', 'data', 'transition'], 'FireSettlement');
  assert.deepEqual(Object.keys(settled.error).filter((k) => k !== 'evidence'), ['reason', 'message']);
  for (const edge of session.available().edges) {
    // blockedBecause / unblockedBy / busy: docs/api.md's second release (docs/session.md §21–§22).
    only(edge, ['affordanceId', 'description', 'enabled', 'goesTo', 'expects', 'highEffect', 'blockedBecause', 'unblockedBy', 'busy'], 'AvailableEdge');
    assert.notEqual(edge.enabled, true, 'never enabled: true');
  }
  for (const t of session.transitions()) {
    only(t.cause, ['kind', 'principal', 'affordanceId', 'does', 'inferred', 'stimulus'], 'cause');
  }
  const kinds = new Set(session.gaps().map((g) => g.kind));
  for (const kind of kinds) assert.ok(['fire-rejected', 'dead-end', 'reported'].includes(kind), kind);
  for (const j of session.available().journeys) only(j, ['journeyId', 'does'], 'AvailableJourney');
});
