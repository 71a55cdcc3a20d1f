// Pins docs/session.md §25 for `groundfacts/svelte` against a REAL trap (the wasm memory runs out through
// public calls, with V8's ceiling on a wasm memory lowered as in tests/js/trap.gc.cjs): a liveSession()
// builds the graph and a session again after the module restarts (historyLost set, on the page the old
// one was on), hands it to its subscribers before the app's catch runs, and every helper follows it —
// the stores re-read, the action re-registers its handlers, enabled map and busy marks, the store tap
// reports the app's state again, the SvelteKit wiring re-wires navigate and re-syncs the route; the
// shown containers and focus come back, and the facts block says that history was lost. With
// `persist`, the new session continues from the stored record and still says so.
// Run with `node --expose-gc --test tests/js/reset-svelte.gc.cjs` (scripts/test.sh runs every *.gc.cjs so).
'use strict';

const v8 = require('v8');

v8.setFlagsFromString('--wasm-max-mem-pages=2048'); // 128 MiB: a trap in about a second

const test = require('node:test');
const assert = require('node:assert/strict');
const { load, exhaust, memoryStorage, RESET_GRAPH } = require('./helpers/reset-app.cjs');

const escaped = [];
process.on('unhandledRejection', (reason) => escaped.push(['unhandledRejection', reason]));
process.on('uncaughtException', (error) => escaped.push(['uncaughtException', error]));

const LOST = /^Part of this record was lost: the app's groundfacts module failed and was started again at version \d+\. /m;
const row = (session, id) => session.available().edges.find((e) => e.affordanceId === id);
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** SvelteKit's `goto` / `afterNavigate`, as connectSvelteKit uses them. */
function kitStub() {
  const callbacks = [];
  const kit = {
    gone: [],
    goto(href) {
      kit.gone.push(href);
      kit.arrive(href);
      return Promise.resolve();
    },
    afterNavigate(callback) {
      callbacks.push(callback);
    },
    arrive(pathname) {
      for (const callback of callbacks) callback({ to: { url: new URL(pathname, 'http://app.test') } });
    },
  };
  return kit;
}

test('svelte: after a real trap liveSession rebuilds graph and session and every helper follows it; the block says history was lost', async () => {
  const { gf, sv, store } = await load();
  const graph = gf.buildNavigationGraph('reset-svelte', RESET_GRAPH);
  const kit = kitStub();
  const live = sv.liveSession(graph, null, { state: { draft: 'none' } });
  const disconnect = sv.connectSvelteKit(live, graph, kit);
  kit.arrive('/review');
  const before = live.current;
  assert.equal(before.node, 'review');

  // The app's store, tapped; a review section registered with the action; a facts store read.
  const draft = store.writable('none');
  const stopTap = sv.reportState(live, draft, (value) => ({ draft: value }));
  const calls = { save: 0 };
  const section = sv.registerActions(null, {
    session: live,
    page: 'review',
    handlers: { save: () => { calls.save += 1; }, submit: () => {} },
    enabled: { save: true, submit: true },
    busy: { submit: 'Uploading the files' },
  });
  const texts = [];
  const stopTruth = sv.groundTruth(live).subscribe((block) => texts.push(block && block.text));
  const sessions = [];
  const stopLive = live.subscribe((session) => sessions.push(session));

  assert.equal(before.fire('review.save', { source: 'agent' }).ok, true);
  draft.set('written');
  before.show('review.files');
  before.observeFocus('review.files.upload');
  assert.equal(before.state().draft, 'written');
  assert.match(texts.at(-1), /agent fired review\.save/);

  const trap = exhaust(gf, graph);
  assert.ok(trap instanceof gf.SessionError, `a SessionError, got ${trap && trap.stack}`);
  assert.equal(trap.code, 'MODULE_RESET');
  assert.equal(live.restarts, 1);

  const after = live.current;
  assert.notEqual(after, before, 'the store holds a new session');
  assert.equal(sessions.at(-1), after, 'subscribers got it before the error reached the app');
  assert.throws(() => before.version, (e) => e.code === 'MODULE_RESET', 'the old session is gone');
  assert.equal(after.node, 'review', 'the new session is on the page the old one was on');
  assert.equal(gf.rebuildGraph(graph), live.graph, 'the live store walks the rebuilt graph');

  const text = after.groundTruth().text;
  assert.match(text, LOST, text);
  assert.match(text, /^No actions have been performed in this app since that restart\.$/m);
  assert.equal(texts.at(-1), text, 'the groundTruth store re-reads the new session');
  assert.match(after.contextBrief().text, LOST);

  // The registration, its busy mark and the store's value are in the new session.
  assert.equal(after.state().draft, 'written', "the store tap told the new session the app's state");
  assert.equal(row(after, 'review.submit').busy, 'Uploading the files');
  assert.equal(after.fire('review.submit', { source: 'agent' }).reason, 'BUSY');
  assert.equal(after.fire('review.save', { source: 'agent' }).ok, true);
  assert.equal(calls.save, 2, 'the section re-registered its handler');
  assert.match(texts.at(-1), /agent fired review\.save/, 'the store follows the new session');
  assert.match(texts.at(-1), LOST);

  // Disabling through the action's update reaches the new group.
  section.update({
    session: live,
    page: 'review',
    handlers: undefined,
    enabled: { save: false, submit: true },
  });
  assert.equal(after.fire('review.save', { source: 'agent' }).ok, false, 'the update reached the new session');

  // Place replayed; SvelteKit wiring moved.
  const where = after.whereInPage();
  assert.equal(where.focus, 'review.files.upload');
  assert.ok(where.visible.includes('review.files'), `${where.visible}`);
  kit.arrive('/');
  assert.equal(after.node, 'home', 'an arrival after the restart is synced into the new session');
  after.fire('home.open-review', { source: 'agent' });
  await tick();
  assert.deepEqual(kit.gone, ['/review'], 'the new session navigates with goto');
  assert.equal(after.node, 'review');

  stopTruth();
  stopLive();
  stopTap();
  section.destroy();
  disconnect();
  live.destroy();
  assert.deepEqual(escaped, []);
});

test('svelte persist: after a real trap liveSession continues from the stored record and says history may be missing', async () => {
  const { gf, sv } = await load();
  const graph = gf.buildNavigationGraph('reset-svelte-persist', RESET_GRAPH);
  const storage = memoryStorage();
  const live = sv.liveSession(graph, null, { node: 'review' }, { key: 'reset', storage });
  const section = sv.registerActions(null, { session: live, page: 'review', handlers: { save: () => {} } });
  assert.equal(live.current.fire('review.save', { source: 'agent' }).ok, true);
  const kept = live.current.version;

  const trap = exhaust(gf, graph);
  assert.equal(trap.code, 'MODULE_RESET');
  const text = live.current.groundTruth().text;
  assert.match(text, /agent fired review\.save/, 'the kept fire is still listed');
  assert.match(text, new RegExp(`started again at version ${kept}\\. Whatever was attempted before that restart`), text);
  assert.equal(JSON.parse(storage.getItem('reset')).historyLost.restarts, 1, 'the stored record carries the mark');
  assert.equal(live.current.fire('review.save', { source: 'agent' }).ok, true, 're-registered');
  section.destroy();
  live.destroy();
  assert.deepEqual(escaped, []);
});
