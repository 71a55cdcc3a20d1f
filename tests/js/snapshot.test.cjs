// Surviving a reload against the built package (docs/session.md §20): the seed wizard's snapshot goes
// through JSON text (as sessionStorage keeps it) into a new session that re-registers the same handlers —
// same version, facts block and brief; refused snapshots throw typed SessionErrors and leave the package
// usable; open fires come back open; mount-declared captions survive before and after the re-mount.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const gf = require('./helpers/load.cjs');
const { createWizardApp, flush } = require('./examples/guarded-wizard/app.cjs');

/** The seed run through the created project (version 12). */
function seedRun(app) {
  const { session } = app;
  session.commitJourney('new-project');
  session.fire('wizard.next-to-review', { source: 'agent' });
  session.fire('wizard.name-it', { source: 'agent', payload: { name: 'Ion channel screen' } });
  session.fire('wizard.pick-recipe', { source: 'agent', payload: { recipe: 'not-a-recipe' } });
  session.fire('wizard.pick-recipe', { source: 'agent', payload: { recipe: 'dose-response' } });
  session.fire('wizard.next-to-review', { source: 'agent' });
  session.confirmAsk('review.create-project');
  session.fire('review.create-project', { source: 'agent' });
  return session;
}

const stored = (session) => JSON.stringify(session.snapshot());

test('the seed wizard survives a reload: same version, facts block and brief, counters continue', async () => {
  const first = createWizardApp(gf);
  await flush();
  const before = seedRun(first);
  assert.equal(before.version, 12);
  const text = stored(before);
  const factsAtSnapshot = before.groundTruth().text;
  const snapshot = JSON.parse(text);
  assert.equal(snapshot.format, 'groundfacts-session');
  assert.equal(snapshot.formatVersion, 1);
  assert.match(snapshot.graph, /^fnv1a64:[0-9a-f]{16}$/);
  assert.deepEqual(JSON.parse(JSON.stringify(before.snapshot())), before.snapshot(), 'plain JSON: nothing lost in text');

  const second = createWizardApp(gf, { restore: snapshot }); // same graph definition, handlers re-registered
  await flush();
  const after = second.session;
  assert.equal(after.version, 12, 're-registering the same handlers bumps nothing');
  assert.equal(after.node, 'review');
  assert.equal(after.groundTruth().text, before.groundTruth().text);
  assert.equal(after.contextBrief().text, before.contextBrief().text);
  assert.deepEqual(after.transitions(), before.transitions());
  assert.deepEqual(after.gaps(), before.gaps());
  assert.deepEqual(after.asks(), before.asks());
  assert.deepEqual(after.journeyFrame(), before.journeyFrame());
  assert.deepEqual(second.warnings, [], 'nothing was open, nothing to warn about');
  assert.equal(after.snapshot().graph, snapshot.graph, 'the fingerprint is stable across loads of the same graph');

  // Counters continue: the same next fire gets the same id and version as on the original session.
  const next = after.fire('go-to-projects', { source: 'agent' });
  const original = before.fire('go-to-projects', { source: 'agent' });
  assert.equal(next.transitionId, original.transitionId);
  assert.equal(next.version, original.version);
  assert.equal(after.confirmAsk('review.create-project').askId, 'ask#2');

  // The JSON text itself is accepted too.
  const fromText = gf.createSession(first.graph, null, { restore: text });
  assert.equal(fromText.version, 12);
  assert.equal(fromText.groundTruth().text, factsAtSnapshot);
});

test('restore: null or undefined starts a fresh session', () => {
  const graph = gf.buildNavigationGraph('g', { pages: { a: { route: '/a' } } });
  assert.equal(gf.createSession(graph, null, { restore: null }).version, 0);
  assert.equal(gf.createSession(graph, null, { restore: undefined }).version, 0);
});

test('refused snapshots throw typed SessionErrors naming why, and the package stays usable', () => {
  const app = createWizardApp(gf);
  const good = JSON.parse(stored(seedRun(app)));
  const refuse = (graph, restore) => {
    try {
      gf.createSession(graph, null, { restore });
    } catch (err) {
      assert.ok(err instanceof gf.SessionError, String(err));
      assert.match(err.message, /^groundfacts: createSession: options\.restore/);
      return err.code;
    }
    assert.fail('restored');
  };
  const other = gf.buildNavigationGraph('wizard', { pages: { wizard: { route: '/projects/new' } } });
  assert.equal(refuse(other, good), 'RESTORE_OTHER_GRAPH');
  assert.equal(refuse(app.graph, { ...good, formatVersion: 2 }), 'RESTORE_NEWER_FORMAT');
  const { transitions, ...missing } = good;
  void transitions;
  for (const [what, damaged] of [
    ['a missing field', missing],
    ['a wrong type', { ...good, clock: { ...good.clock, version: '12' } }],
    ['not JSON text', '{"format":'],
    ['a number', 42],
    ['a function inside', { ...good, state: { f: () => 1 } }],
    ['an index that points nowhere', { ...good, pending: [9999] }],
    ['rows past retain', { ...good, retain: 1 }],
    ['folded counts that do not add up', { ...good, folded: { ...good.folded, total: 3 } }],
  ]) {
    assert.equal(refuse(app.graph, damaged), 'RESTORE_DAMAGED', what);
  }
  // Nothing trapped: the module still works.
  const fresh = gf.createSession(app.graph, null, { restore: good });
  assert.equal(fresh.version, 12);
});

test('a fire open at snapshot time comes back open with a stated reason, never performed', async () => {
  const graph = gf.buildNavigationGraph('shop', {
    pages: { home: { route: '/', actions: {
      save: { does: 'Save the basket', input: 'none', writes: ['basket.saved'] },
      slow: { does: 'Sync slowly', input: 'none' },
    } } },
  });
  const state = { 'basket.saved': false };
  const wire = (session) => session.registerActions('home', {
    handlers: { save: () => undefined, slow: () => new Promise(() => {}) },
  });
  const before = gf.createSession(graph, null, { state, onWarn: () => {} });
  wire(before);
  const waiting = before.fire('home.save');
  const running = before.fire('home.slow');
  assert.equal(running.effectStatus, 'pending');
  const warnings = [];
  const after = gf.createSession(graph, null, { restore: JSON.parse(stored(before)), onWarn: (m) => warnings.push(m) });
  wire(after);
  assert.equal(after.groundTruth().text, before.groundTruth().text);
  assert.match(after.groundTruth().text, /not yet known/);
  assert.doesNotMatch(after.groundTruth().text, /DID happen/);
  assert.equal(warnings.length, 1);
  assert.ok(warnings[0].includes(waiting.transitionId) && warnings[0].includes(running.transitionId), warnings[0]);
  assert.equal(after.settlementIfKnown(running.transitionId), undefined);
  assert.deepEqual(after.pending().map((p) => p.id), [waiting.transitionId]);
  after.updateState({ 'basket.saved': true });
  assert.equal(after.settlementIfKnown(waiting.transitionId).effectStatus, 'performed');
  await flush();
});

test('mount-declared captions survive the reload, before and after the component re-mounts', () => {
  const graph = gf.buildNavigationGraph('notes', { pages: { list: { route: '/notes' } } });
  const mount = (session) => session.registerActions('list', {
    actions: { share: { does: 'Share the list', input: 'none', handler: () => undefined } },
  });
  const before = gf.createSession(graph, null, { onWarn: () => {} });
  mount(before);
  before.fire('list.share');
  const snapshot = JSON.parse(stored(before));
  const after = gf.createSession(graph, null, { restore: snapshot });
  const row = () => after.transitions().find((t) => t.id.startsWith('list.share#'));
  assert.equal(row().cause.does, 'Share the list');
  assert.deepEqual(after.available(), before.available(), 'served again before any re-mount');
  assert.equal(after.contextBrief().text, before.contextBrief().text);
  const group = mount(after);
  assert.equal(after.version, before.version, 'the re-mount is not a change');
  assert.equal(row().cause.does, 'Share the list');
  group.unregister();
  const remounted = mount(after);
  assert.equal(after.version, before.version, "StrictMode's unmount and re-mount while nothing moved is not either");
  assert.equal(after.fire('list.share').ok, true);
  const moved = after.version;
  remounted.unregister();
  assert.equal(after.version, moved + 1, 'an unmount once the version has moved is a change');
});
