// Pins docs/session.md §25 for `groundfacts/react` against a REAL trap (the wasm memory runs out through
// public calls, with V8's ceiling on a wasm memory lowered as in tests/js/trap.gc.cjs): after the
// module restarts, <GroundfactsProvider> builds the graph and a session again (historyLost set, at the
// router's current page), mounted components re-register their handlers and busy marks into it, the
// reading hooks follow it, the shown containers and focus come back, and the facts block says that
// history was lost instead of claiming nothing happened. With `persist`, the new session continues
// from the stored record and still says so. The package is loaded as an app loads it (a consumer folder
// holding a copy of pkg/), as in tests/js/react-binding.test.cjs.
// Run with `node --expose-gc --test tests/js/reset-react.gc.cjs` (scripts/test.sh runs every *.gc.cjs so).
'use strict';

const v8 = require('v8');

v8.setFlagsFromString('--wasm-max-mem-pages=2048'); // 128 MiB: a trap in about a second

const test = require('node:test');
const assert = require('node:assert/strict');
const { load, mount, exhaust, routerStub, memoryStorage, RESET_GRAPH } = require('./helpers/reset-app.cjs');

const escaped = [];
process.on('unhandledRejection', (reason) => escaped.push(['unhandledRejection', reason]));
process.on('uncaughtException', (error) => escaped.push(['uncaughtException', error]));

const LOST = /^Part of this record was lost: the app's groundfacts module failed and was started again at version \d+\. /m;

/** The app: a reader of the facts and a review component with handlers and a busy mark. */
function app(gf, gr, React, props) {
  const seen = { session: null, truth: null, where: null, saved: 0, submitted: 0 };
  function Reader() {
    seen.session = gr.useSession();
    seen.truth = gr.useGroundTruth();
    seen.where = gr.useWhereInPage();
    return null;
  }
  function Review() {
    gr.useActions('review', {
      handlers: { save: () => { seen.saved += 1; }, submit: () => { seen.submitted += 1; } },
      busy: { submit: 'Uploading the files' },
    });
    return null;
  }
  const tree = React.createElement(
    React.StrictMode,
    null,
    React.createElement(gr.GroundfactsProvider, props, React.createElement(Reader), React.createElement(Review)),
  );
  return { seen, tree };
}

const row = (session, id) => session.available().edges.find((e) => e.affordanceId === id);

test('react: after a real trap the provider rebuilds graph and session, components re-register, hooks follow, the block says history was lost', async () => {
  const { gf, gr, React, createRoot } = await load();
  const graph = gf.buildNavigationGraph('reset-react', RESET_GRAPH);
  const router = routerStub('/review');
  const { seen, tree } = app(gf, gr, React, { graph, router });
  const view = mount(React, createRoot, tree);
  await view.first;

  const before = seen.session;
  assert.equal(before.node, 'review', 'the deep link starts the session on its page');
  assert.equal(row(before, 'review.submit').busy, 'Uploading the files');
  await React.act(async () => {
    assert.equal(before.fire('review.save', { source: 'agent' }).ok, true);
    before.show('review.files');
    before.observeFocus('review.files.upload');
  });
  assert.equal(seen.saved, 1);
  assert.match(seen.truth.text, /agent fired review\.save/);

  let trap;
  await React.act(async () => {
    trap = exhaust(gf, graph);
  });
  assert.ok(trap instanceof gf.SessionError, `a SessionError, got ${trap && trap.stack}`);
  assert.equal(trap.code, 'MODULE_RESET');
  assert.throws(() => before.groundTruth(), (e) => e.code === 'MODULE_RESET', 'the old session is gone');

  const after = seen.session;
  assert.notEqual(after, before, 'the hooks moved to a new session');
  assert.equal(after.node, 'review', "the new session starts at the router's page");
  const text = after.groundTruth().text;
  assert.match(text, LOST, text);
  assert.match(text, /^No actions have been performed in this app since that restart\.$/m, 'never "this session" after a loss');
  assert.doesNotMatch(text, /review\.save/, 'the fire went with the lost record (only the line says so)');
  assert.equal(seen.truth.text, text, 'useGroundTruth reads the new session');
  assert.equal(after.snapshot().historyLost.restarts, 1, 'the mark is part of the record');
  assert.match(after.contextBrief().text, LOST, 'the brief says it too');

  // The components' registrations and busy marks are in the new session.
  assert.equal(row(after, 'review.submit').busy, 'Uploading the files', 'the busy mark came back');
  let busy;
  await React.act(async () => {
    busy = after.fire('review.submit', { source: 'agent' });
  });
  assert.equal(busy.reason, 'BUSY');
  let fired;
  await React.act(async () => {
    fired = after.fire('review.save', { source: 'agent' });
  });
  assert.equal(fired.ok, true, JSON.stringify(fired));
  assert.equal(seen.saved, 2, "the mounted component's handler runs");
  assert.match(seen.truth.text, /agent fired review\.save/, 'the reader re-renders on the new session');
  assert.match(seen.truth.text, LOST, 'the line stays once attempts exist');

  // The reader's place came back; the router drives the new session.
  assert.equal(seen.where.focus, 'review.files.upload', 'focus replayed');
  assert.ok(seen.where.visible.includes('review.files'), `shown containers replayed: ${seen.where.visible}`);
  await React.act(async () => router.go('/'));
  assert.equal(after.node, 'home', "a person's move after the restart is synced into the new session");
  await React.act(async () => {
    after.fire('home.open-review', { source: 'agent' });
  });
  assert.deepEqual(router.pushed, ['/review'], "the new session navigates with the router's push");

  assert.equal(gf.rebuildGraph(graph), gf.rebuildGraph(graph), 'one rebuilt graph for every caller');
  await view.unmount();
  assert.deepEqual(escaped, []);
});

test('react persist: after a real trap the new session continues from the stored record and says history may be missing', async () => {
  const { gf, gr, React, createRoot } = await load();
  const graph = gf.buildNavigationGraph('reset-react-persist', RESET_GRAPH);
  const storage = memoryStorage();
  const router = routerStub('/review');
  const { seen, tree } = app(gf, gr, React, { graph, router, persist: { key: 'reset', storage } });
  const view = mount(React, createRoot, tree);
  await view.first;
  await React.act(async () => {
    assert.equal(seen.session.fire('review.save', { source: 'agent' }).ok, true);
  });
  const kept = seen.session.version;
  const before = seen.session;

  let trap;
  await React.act(async () => {
    trap = exhaust(gf, graph);
  });
  assert.equal(trap.code, 'MODULE_RESET');
  const after = seen.session;
  assert.notEqual(after, before);
  const text = after.groundTruth().text;
  assert.match(text, /DID happen|ran, but/, 'the kept fire is still listed');
  assert.match(text, /agent fired review\.save/);
  assert.match(text, new RegExp(`started again at version ${kept}\\. Whatever was attempted before that restart and is not listed here was lost`), text);
  assert.equal(seen.truth.text, text);
  await React.act(async () => {});
  assert.equal(JSON.parse(storage.getItem('groundfacts:session:reset')).historyLost.restarts, 1, 'the stored record carries the mark');
  assert.equal(row(after, 'review.submit').busy, 'Uploading the files');
  await view.unmount();
  assert.deepEqual(escaped, []);
});
