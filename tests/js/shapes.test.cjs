// The core results carry exactly the fields docs/api.md names. (Their TypeScript declarations are
// derived by tsify from the Rust types that serialise them — docs/decisions.md decision 30 — so no
// test here shadows the .d.ts key by key; tests/js/consumer.ts type-checks them from a user's side.)
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const gf = require('./helpers/load.cjs');
const { createWizardApp, flush } = require('./examples/guarded-wizard/app.cjs');

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
