// Pins the session as JS drives it: the seed wizard sequence (docs/session.md §17) with real JS callbacks that
// re-enter the session (store tap → updateState inside the handler, router tap → sync inside navigate),
// its version numbers, and that throwing handlers, throwing or mutating predicates and hostile arguments
// leave the session usable — never a "recursive use of an object", never a RuntimeError.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const gf = require('./helpers/load.cjs');
const { wizardDefinition } = require('./helpers/wizard.cjs');
const { createWizardApp, flush } = require('./examples/guarded-wizard/app.cjs');

const notRecursive = (warnings) =>
  assert.ok(!warnings.some((w) => /recursive use|unreachable|already borrowed/i.test(w)), warnings.join('\n'));

test('the seed wizard sequence re-enters the session from JS and counts versions as docs/session.md §17 says', async () => {
  const { session, warnings, router } = createWizardApp(gf);
  await flush();
  assert.equal(session.version, 1, 'the two registrations are one structure change');
  assert.equal(session.transitions()[0].id, 'stimulus:structure-swap#0');

  const commit = session.commitJourney('new-project');
  assert.equal(commit.ok, true);
  assert.equal(commit.frame.status, 'open');
  assert.equal(session.version, 2);

  const greyed = session.fire('wizard.next-to-review', { source: 'agent' });
  assert.equal(greyed.ok, false);
  assert.equal(greyed.reason, 'TOOL_DISABLED');
  assert.equal(greyed.evidence[0].key, 'project.recipe');
  assert.equal(greyed.evidence[0].result, false);
  const refusal = session.gaps().at(-1);
  assert.equal(refusal.kind, 'fire-rejected');
  assert.equal(refusal.version, 2);
  assert.equal(refusal.does, 'Go on to the review step');
  assert.equal(session.version, 2, 'a refusal never bumps');

  const named = session.fire('wizard.name-it', { source: 'agent', payload: { name: 'Ion channel screen' } });
  assert.deepEqual(
    { ok: named.ok, settlement: named.settlement, effectStatus: named.effectStatus, version: named.version },
    { ok: true, settlement: 'settled', effectStatus: 'performed', version: 4 },
  );
  const nameRecord = session.transitions().find((t) => t.id === named.transitionId);
  assert.equal(named.transitionId, 'wizard.name-it#1');
  assert.equal(nameRecord.cursorVersion, 2);
  assert.equal(nameRecord.attribution.basis, 'handler-window');
  assert.equal(nameRecord.effectVerified, true);
  assert.equal(session.settlementIfKnown(named.transitionId).verifyHeld, true);

  const bad = session.fire('wizard.pick-recipe', { source: 'agent', payload: { recipe: 'not-a-recipe' } });
  assert.equal(bad.version, 6);
  const badSettled = await session.settlementOf(bad.transitionId);
  assert.equal(badSettled.effectStatus, 'refused');
  assert.equal(badSettled.outcome, 'committed');
  assert.equal(badSettled.verifyHeld, false);
  assert.equal(badSettled.transition.effectVerified, true);
  assert.equal(badSettled.error.reason, 'VERIFY_FAILED');
  assert.equal(session.state()['project.recipe'], '');

  const good = session.fire('wizard.pick-recipe', { source: 'agent', payload: { recipe: 'dose-response' } });
  assert.equal(good.effectStatus, 'performed');
  assert.equal(good.version, 8);
  const next = session.available().edges.find((e) => e.affordanceId === 'wizard.next-to-review');
  assert.equal(next.enabled, undefined, 'next-to-review is no longer greyed');

  const hop = session.fire('wizard.next-to-review', { source: 'agent' });
  const hopSettled = session.settlementIfKnown(hop.transitionId);
  assert.equal(hopSettled.effectStatus, 'performed');
  assert.equal(hopSettled.verifyHeld, true);
  assert.equal(hopSettled.transition.toNode, 'review');
  assert.equal(hopSettled.transition.cursorVersion, 8);
  assert.equal(hopSettled.transition.effectVerified, 'unobservable');
  assert.equal(session.node, 'review');
  assert.equal(router.path, '/projects/new/review');
  assert.equal(session.version, 10, 'the router confirming the claimed hop bumps nothing');

  const ask = session.confirmAsk('review.create-project');
  assert.equal(ask.askId, 'ask#1');
  assert.deepEqual(ask.receipts.willDo, { does: 'Create the project', writes: ['projects.count'] });
  assert.equal(session.version, 10);

  const created = session.fire('review.create-project', { source: 'agent' });
  const createdSettled = session.settlementIfKnown(created.transitionId);
  assert.equal(createdSettled.effectStatus, 'performed');
  assert.equal(createdSettled.verifyHeld, true);
  assert.deepEqual(createdSettled.data, { projectId: 'prj-1' });
  assert.equal(createdSettled.transition.askId, 'ask#1');
  assert.equal(session.version, 12);
  notRecursive(warnings);
});

test('a navigate that drops the push settles refused and walks the claimed move back', async () => {
  const { session, warnings } = createWizardApp(gf, { dropsPushes: true });
  await flush();
  session.fire('wizard.name-it', { payload: { name: 'n' } });
  session.fire('wizard.pick-recipe', { payload: { recipe: 'dose-response' } });
  const hop = session.fire('wizard.next-to-review');
  const settled = session.settlementIfKnown(hop.transitionId);
  assert.equal(settled.effectStatus, 'refused');
  assert.equal(settled.outcome, 'rolled-back');
  assert.equal(settled.verifyHeld, false);
  assert.equal(settled.error.reason, 'VERIFY_FAILED');
  assert.equal(session.node, 'wizard');
  notRecursive(warnings);
});

test('the control without cross-links records one dead end and warns with the seed text', async () => {
  const { session, router, warnings } = createWizardApp(gf, { crossLinks: false });
  await flush();
  router.push('/projects');
  const deadEnds = session.gaps().filter((g) => g.kind === 'dead-end');
  assert.equal(deadEnds.length, 1);
  assert.deepEqual(deadEnds[0].availableActions, []);
  assert.ok(warnings.some((w) => w.includes("page 'projects' has NO actions authored on it at all")));
  router.push('/projects/new');
  router.push('/projects');
  assert.equal(session.gaps().filter((g) => g.kind === 'dead-end').length, 1, 'a second visit at the same wiring adds nothing');
});

function bareSession({ app = { path: '/projects/new' }, handlers = {} } = {}) {
  const warnings = [];
  const graph = gf.buildNavigationGraph('wizard', wizardDefinition(gf, app));
  const session = gf.createSession(graph, undefined, {
    node: 'wizard',
    state: { 'project.name': '', 'project.recipe': '', 'projects.count': 0 },
    onWarn: (m) => warnings.push(m),
  });
  const group = session.registerActions('wizard', { handlers });
  return { session, warnings, group };
}

test('a throwing handler becomes a refused settlement and a warning; the session stays usable', () => {
  const { session, warnings } = bareSession({
    handlers: {
      'name-it': () => {
        throw new Error('boom in the handler');
      },
    },
  });
  const fired = session.fire('wizard.name-it', { payload: { name: 'x' } });
  assert.equal(fired.ok, true);
  assert.equal(fired.effectStatus, 'refused');
  assert.ok(warnings.some((w) => w.includes('boom in the handler')), warnings.join('\n'));
  // Still alive: a second registration (last wins) and a good fire.
  session.registerActions('wizard', { handlers: { 'name-it': (input) => session.updateState({ 'project.name': input.name }) } });
  const again = session.fire('wizard.name-it', { payload: { name: 'y' } });
  assert.equal(again.effectStatus, 'performed');
  assert.equal(session.state()['project.name'], 'y');
  notRecursive(warnings);
});

test('a throwing verify predicate is unevaluable with a warning, never a crash', () => {
  const app = {
    get path() {
      throw new Error('the router is gone');
    },
  };
  const { session, warnings } = bareSession({
    app,
    handlers: {
      'name-it': (i) => session.updateState({ 'project.name': i.name }),
      'pick-recipe': (i) => session.updateState({ 'project.recipe': i.recipe }),
    },
  });
  session.fire('wizard.name-it', { payload: { name: 'n' } });
  session.fire('wizard.pick-recipe', { payload: { recipe: 'r' } });
  // No navigate here: bind a handler so the hop materialises.
  session.registerActions('wizard', { handlers: { 'next-to-review': () => undefined } });
  const hop = session.fire('wizard.next-to-review');
  const settled = session.settlementIfKnown(hop.transitionId);
  assert.equal(settled.verifyHeld, 'unevaluable');
  assert.equal(settled.effectStatus, 'performed');
  assert.ok(warnings.some((w) => w.includes('the router is gone')), warnings.join('\n'));
  assert.equal(session.available().node, session.node, 'still serving reads');
  notRecursive(warnings);
});

test('a verify predicate that mutates the session gets a ReentrancyError and nothing is recorded', () => {
  const holder = {};
  const caught = [];
  const app = {
    get path() {
      for (const mutate of [() => holder.session.updateState({ x: 1 }), () => holder.session.sync('projects'), () => holder.session.fire('go-to-projects')]) {
        try {
          mutate();
        } catch (err) {
          caught.push(err);
        }
      }
      return '/projects/new/review';
    },
  };
  const { session, warnings } = bareSession({
    app,
    handlers: {
      'name-it': (i) => session.updateState({ 'project.name': i.name }),
      'pick-recipe': (i) => session.updateState({ 'project.recipe': i.recipe }),
      'next-to-review': () => undefined,
    },
  });
  holder.session = session;
  session.fire('wizard.name-it', { payload: { name: 'n' } });
  session.fire('wizard.pick-recipe', { payload: { recipe: 'r' } });
  const refusals = () => session.gaps().filter((g) => g.kind === 'fire-rejected').length;
  const before = { transitions: session.transitions().length, refusals: refusals() };
  const hop = session.fire('wizard.next-to-review');
  assert.equal(caught.length, 3);
  for (const err of caught) {
    assert.ok(err instanceof gf.ReentrancyError, `${err && err.name}: ${err && err.message}`);
    assert.equal(err.name, 'ReentrancyError');
    assert.equal(err.code, 'REENTRANCY');
    assert.match(err.message, /next-to-review/);
  }
  assert.equal(session.settlementIfKnown(hop.transitionId).verifyHeld, true);
  assert.equal(session.transitions().length, before.transitions + 1, 'only the hop itself was recorded');
  assert.equal(refusals(), before.refusals, 'the refused mutations wrote no rows');
  assert.equal(session.state().x, undefined);
  notRecursive(warnings);
});

test('a handler returning a promise leaves the fire open until the app reports, then settlementOf resolves', async () => {
  const { session } = bareSession({
    handlers: {
      'name-it': (input) => new Promise((resolve) => setTimeout(() => resolve(session.updateState({ 'project.name': input.name })), 1)),
    },
  });
  const fired = session.fire('wizard.name-it', { payload: { name: 'later' } });
  assert.equal(fired.settlement, 'awaiting-state');
  assert.equal(session.settlementIfKnown(fired.transitionId), undefined);
  const settled = await session.settlementOf(fired.transitionId);
  assert.equal(settled.effectStatus, 'performed');
  assert.equal(session.state()['project.name'], 'later');
});

test('hostile session arguments throw typed errors (or refuse as data), never RuntimeError', () => {
  const { session } = bareSession();
  const graph = gf.buildNavigationGraph('g', { pages: { a: { actions: { x: { does: 'X' } } } } });
  const typed = (err) => err instanceof Error && !(err instanceof WebAssembly.RuntimeError) && !/unreachable|recursive use/.test(err.message);
  assert.throws(() => gf.createSession(null), typed);
  assert.throws(() => gf.createSession({}), typed);
  assert.throws(() => gf.createSession(graph, 42), (e) => e instanceof gf.SessionError);
  assert.throws(() => gf.createSession(graph, undefined, { node: 'nowhere' }), (e) => e instanceof gf.SessionError && e.code === 'UNKNOWN_NODE');
  assert.throws(() => gf.createSession(graph, undefined, { onWarn: 'no' }), (e) => e instanceof gf.SessionError);
  assert.throws(() => session.fire(42), (e) => e instanceof gf.SessionError);
  assert.throws(() => session.fire('wizard.name-it', { source: 'robot' }), (e) => e instanceof gf.SessionError);
  assert.throws(() => session.registerActions('nowhere', {}), (e) => e instanceof gf.SessionError);
  assert.throws(() => session.registerActions('wizard', { handlers: { 'name-it': 'not a function' } }), (e) => e instanceof gf.SessionError);
  assert.throws(() => session.settlementIfKnown('no-such#9'), (e) => e instanceof gf.SessionError);
  const cyclic = {};
  cyclic.self = cyclic;
  for (const delta of [{ f: () => 1 }, cyclic]) {
    const result = session.updateState(delta);
    assert.equal(result.ok, false);
    assert.equal(result.reason, 'UNCLONEABLE_DELTA');
  }
  assert.equal(session.fire('nope').reason, 'UNKNOWN_AFFORDANCE', 'refusals stay data');
});
