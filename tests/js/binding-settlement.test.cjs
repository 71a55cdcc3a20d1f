// Pins docs/session.md §29 (a settlement, once given, is true for good; decision 41) through the
// bindings, as built (groundfacts/react, groundfacts/svelte) and loaded as an app loads them (the
// consumer folder of tests/js/helpers/reset-app.cjs). What the bindings expose of a fire's settlement
// is what they re-read on every session change: React's useGroundTruth (with the session from
// useSession, whose settlementIfKnown a component reads as it renders) and Svelte's groundTruth store
// and fromSession(session, s => s.settlementIfKnown(id)). Each path of tests/js/settlement.test.cjs —
// a late rejection after an unrelated whole-store report, a late report, a verify that turns while the
// handler runs — is driven, and at each step the hook's (store's) value is compared with
// settlementIfKnown() and the facts block read straight from the session.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');

const ROOT = path.join(__dirname, '..', '..');
const TOOLS = path.join(ROOT, 'scripts', 'node_modules');
const ready =
  fs.existsSync(path.join(ROOT, 'pkg', 'react', 'index.js')) &&
  fs.existsSync(path.join(ROOT, 'pkg', 'svelte', 'index.js')) &&
  ['react', 'react-dom', 'scheduler', 'svelte'].every((name) => fs.existsSync(path.join(TOOLS, name)));
const skip = !ready && 'needs pkg/react, pkg/svelte (scripts/build.sh) and React + Svelte in scripts/node_modules (scripts/setup.sh)';

const { load, mount } = require('./helpers/reset-app.cjs');

const DEF = {
  pages: {
    a: {
      route: '/a',
      actions: {
        save: { does: 'Save the draft', writes: ['draft.saved'] },
        check: { does: 'Check the draft', writes: ['draft.ok'], verify: { 'draft.ok': { eq: true } } },
      },
    },
  },
};
const STATE = { 'draft.saved': false, 'draft.ok': false, other: 0 };

/** A handler whose promise the test ends. */
function deferred() {
  const d = {};
  d.handler = () => new Promise((ok, fail) => Object.assign(d, { ok, fail }));
  return d;
}

const tick = () => new Promise((r) => setTimeout(r, 5));

/**
 * What the binding shows (`shown`: the block's text and the settlement it read) against the session
 * now: the same block, the same settlement, and the block's line for `action` agreeing with it.
 * Returns the effect status (undefined: not settled).
 */
function agree(session, shown, id, action, step) {
  const block = session.groundTruth().text;
  assert.equal(shown.text, block, `${step}: the binding shows the block as it is now`);
  const settled = session.settlementIfKnown(id);
  assert.deepEqual(shown.settlement, settled, `${step}: the binding's settlement is settlementIfKnown()`);
  const line = block.split('\n').find((l) => l.includes(`fired ${action} `));
  assert.ok(line, `${step}: a line for ${action}`);
  if (settled === undefined) return undefined;
  assert.equal(line.includes('did NOT happen'), settled.effectStatus === 'refused', `${step}: ${settled.effectStatus} vs ${line}`);
  return settled.effectStatus;
}

/** A React app: the provider, a component registering `handlers` and reading what the binding offers. */
async function reactApp(handlers) {
  const { gf, gr, React, createRoot } = await load();
  const graph = gf.buildNavigationGraph('ab-react', DEF);
  const probe = { session: null, id: undefined, shown: null, renders: 0 };
  function Probe() {
    const session = gr.useSession();
    gr.useActions('a', { handlers });
    const block = gr.useGroundTruth();
    probe.session = session;
    probe.renders++;
    probe.shown = {
      text: block ? block.text : null,
      settlement: session && probe.id !== undefined ? session.settlementIfKnown(probe.id) : undefined,
    };
    return null;
  }
  const view = mount(React, createRoot, React.createElement(gr.GroundfactsProvider, { graph, options: { node: 'a', state: { ...STATE } } }, React.createElement(Probe)));
  await view.first;
  assert.ok(probe.session, 'the provider made its session');
  const act = (fn) => React.act(async () => fn());
  return { probe, act, view, check: (action, step) => agree(probe.session, probe.shown, probe.id, action, step) };
}

/** A Svelte app: a session, its groundTruth store and a fromSession store of the fire's settlement. */
async function svelteApp(handlers) {
  const { gf, sv, store } = await load();
  const session = gf.createSession(gf.buildNavigationGraph('ab-svelte', DEF), undefined, { node: 'a', state: { ...STATE } });
  session.registerActions('a', { handlers });
  const app = { session, id: undefined, block: undefined, settlement: undefined };
  const stops = [];
  const watch = (id) => {
    app.id = id;
    stops.push(sv.groundTruth(session).subscribe((b) => { app.block = b; }));
    stops.push(sv.fromSession(session, (s) => s.settlementIfKnown(id), undefined, (x, y) => JSON.stringify(x) === JSON.stringify(y)).subscribe((v) => { app.settlement = v; }));
  };
  const check = (action, step) => agree(session, { text: app.block ? app.block.text : null, settlement: app.settlement }, app.id, action, step);
  return { app, watch, check, stop: () => stops.forEach((s) => s()), store };
}

test('React: a late rejection after an unrelated whole-store report — the hook follows every step', { skip }, async () => {
  const d = deferred();
  const { probe, act, view, check } = await reactApp({ save: d.handler, check: () => {} });
  await act(() => { probe.id = probe.session.fire('a.save').transitionId; });
  assert.equal(check('a.save', 'fired'), undefined);
  await act(() => probe.session.updateState({ 'draft.saved': true, 'draft.ok': false, other: 1 }));
  assert.match(probe.shown.text, /attributed by inference/);
  assert.equal(check('a.save', 'after the unrelated report'), undefined, 'an inferred credit does not settle a running handler');
  const before = probe.renders;
  await act(async () => { d.fail(new Error('disk full')); await tick(); });
  assert.ok(probe.renders > before, 'the rejection re-rendered the hook');
  assert.equal(check('a.save', 'after the rejection'), 'refused');
  await act(() => probe.session.updateState({ 'draft.saved': true, 'draft.ok': false, other: 2 }));
  assert.equal(check('a.save', 'after a later report'), 'refused', 'the settlement stays true');
  await view.unmount();
});

test('React: a late report settles by queue order, and the hook shows it', { skip }, async () => {
  const { probe, act, view, check } = await reactApp({ save: () => {}, check: () => {} });
  await act(() => { probe.id = probe.session.fire('a.save').transitionId; });
  assert.equal(check('a.save', 'fired'), undefined);
  await act(() => probe.session.updateState({ 'draft.saved': true, 'draft.ok': false, other: 1 }));
  assert.equal(check('a.save', 'after the report'), 'performed');
  await view.unmount();
});

test('React: a verify that turns while the handler runs is asked when it comes to rest', { skip }, async () => {
  const d = deferred();
  const { probe, act, view, check } = await reactApp({ save: () => {}, check: d.handler });
  await act(() => { probe.id = probe.session.fire('a.check').transitionId; });
  await act(() => probe.session.updateState({ 'draft.saved': true, 'draft.ok': true, other: 1 }));
  assert.equal(check('a.check', 'verify holds while running'), undefined);
  await act(() => probe.session.updateState({ 'draft.ok': false }));
  assert.equal(check('a.check', 'verify turned'), undefined);
  await act(async () => { d.ok(); await tick(); });
  assert.equal(check('a.check', 'at rest'), 'refused');
  assert.match(probe.shown.text, /verify contract did not hold/);
  await view.unmount();
});

test('Svelte: the three paths through the groundTruth store and a fromSession store of the settlement', { skip }, async () => {
  // A late rejection after an unrelated report.
  {
    const d = deferred();
    const { app, watch, check, stop } = await svelteApp({ save: d.handler, check: () => {} });
    watch(app.session.fire('a.save').transitionId);
    assert.equal(check('a.save', 'fired'), undefined);
    app.session.updateState({ 'draft.saved': true, 'draft.ok': false, other: 1 });
    assert.match(app.block.text, /attributed by inference/);
    assert.equal(check('a.save', 'after the unrelated report'), undefined);
    d.fail(new Error('disk full'));
    await tick();
    assert.equal(check('a.save', 'after the rejection'), 'refused');
    app.session.updateState({ 'draft.saved': true, 'draft.ok': false, other: 2 });
    assert.equal(check('a.save', 'after a later report'), 'refused');
    stop();
  }
  // A late report.
  {
    const { app, watch, check, stop } = await svelteApp({ save: () => {}, check: () => {} });
    watch(app.session.fire('a.save').transitionId);
    assert.equal(check('a.save', 'fired'), undefined);
    app.session.updateState({ 'draft.saved': true, 'draft.ok': false, other: 1 });
    assert.equal(check('a.save', 'after the report'), 'performed');
    stop();
  }
  // A verify that turns.
  {
    const d = deferred();
    const { app, watch, check, stop } = await svelteApp({ save: () => {}, check: d.handler });
    watch(app.session.fire('a.check').transitionId);
    app.session.updateState({ 'draft.saved': true, 'draft.ok': true, other: 1 });
    assert.equal(check('a.check', 'verify holds while running'), undefined);
    app.session.updateState({ 'draft.ok': false });
    d.ok();
    await tick();
    assert.equal(check('a.check', 'at rest'), 'refused');
    assert.match(app.block.text, /verify contract did not hold/);
    stop();
  }
});
