// The bindings' router wiring for routers without a router object, as built (pkg/react, pkg/svelte),
// loaded as an app loads them (tests/js/helpers/reset-app.cjs). Pins (docs/graph.md §12,
// docs/session.md §32):
// - <GroundfactsProvider navigate location>: the session starts on the location's page (a deep link
//   records no hop); an agent moved by a push that returns nothing (Next's router.push) and acting at
//   once is answered PAGE_MOUNTING, retriable, until the new page's component registers; the location
//   catching up records nothing; a person's move is synced as theirs.
// - hashPath, connectHashRouter (push + hashchange), and the runes tap reportingHandlers: a fire
//   settles on its handler's own report (observed), where a report after the handler returned is
//   credited by queue order (inferred).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');

const ROOT = path.join(__dirname, '..', '..');
const PKG = path.join(ROOT, 'pkg');
const REACT_MODULES = path.join(ROOT, 'scripts', 'node_modules');
const ready =
  fs.existsSync(path.join(PKG, 'react', 'index.js')) &&
  ['react', 'react-dom', 'scheduler', 'svelte'].every((name) => fs.existsSync(path.join(REACT_MODULES, name)));
const skip = !ready && 'needs pkg/ (scripts/build.sh) and React + Svelte in scripts/node_modules (scripts/setup.sh)';
const { load, mount } = require('./helpers/reset-app.cjs');

const DEF = {
  pages: {
    home: { route: '/', does: 'the start', actions: { 'open-notes': { does: 'Open the notes', goTo: 'notes', input: 'none' } } },
    notes: { route: '/notes', does: 'the notes', actions: { add: { does: 'Add a note', input: 'none' } } },
  },
};

test('provider with navigate + location: deep link, move-then-act answered PAGE_MOUNTING, then performed; a person\'s move is theirs', { skip }, async () => {
  const { gf, gr, React, createRoot } = await load();
  const graph = gf.buildNavigationGraph('routers', DEF);
  let session;
  const pushed = [];
  const push = (href) => {
    pushed.push(href); // Next's router.push: returns nothing, the route changes later
  };
  let added = 0;
  function Notes() {
    gr.useActions('notes', { handlers: { add: () => { added += 1; } } });
    return null;
  }
  function Probe() {
    session = gr.useSession();
    return null;
  }
  const app = (location, page) =>
    React.createElement(gr.GroundfactsProvider, { graph, navigate: push, location }, React.createElement(Probe), page);

  // A deep link: the session starts on the page, nothing is recorded.
  const deep = mount(React, createRoot, app('/notes', React.createElement(Notes)));
  await deep.first;
  assert.equal(session.node, 'notes');
  assert.deepEqual(session.transitions().filter((t) => t.id.startsWith('sync:')), [], 'no hop for the page the session starts on');
  await deep.unmount();

  const view = mount(React, createRoot, app('/', null));
  await view.first;
  assert.equal(session.node, 'home');
  const port = gf.serveToAgent(session);
  const moved = port.call('routers.do_action', { action: 'open-notes' });
  assert.equal(moved.ok, true, JSON.stringify(moved));
  assert.deepEqual(pushed, ['/notes']);
  assert.equal(session.node, 'notes', 'the claimed hop');
  const early = port.call('routers.do_action', { action: 'add' });
  assert.equal(early.ok, false);
  assert.equal(early.reason, 'PAGE_MOUNTING', JSON.stringify(early));
  assert.equal(early.retriable, true);
  assert.match(session.groundTruth().text, /notes\.add was refused: PAGE_MOUNTING \(the page was still loading/);
  // The router catches up: the new page mounts, then the location changes.
  const syncs = () => session.transitions().filter((t) => t.id.startsWith('sync:')).length;
  const before = syncs();
  await view.render(app('/notes', React.createElement(Notes)));
  assert.equal(syncs(), before, 'the location catching up with the agent\'s hop records no move');
  const retried = port.call('routers.do_action', { action: 'add' });
  assert.equal(retried.ok, true, JSON.stringify(retried));
  assert.equal(added, 1);
  // A person's move (the back button): synced as theirs.
  await view.render(app('/', null));
  assert.equal(session.node, 'home');
  const last = session.transitions().at(-1);
  assert.equal(last.attribution.principal, 'user', JSON.stringify(last));
  await view.unmount();
});

test('hashPath reads the path after the #, without its query', { skip }, async () => {
  const { sv } = await load();
  assert.equal(sv.hashPath('#/notes/3?tab=a'), '/notes/3');
  assert.equal(sv.hashPath('https://x.test/app#/notes'), '/notes');
  assert.equal(sv.hashPath(''), '/');
  assert.equal(sv.hashPath('#'), '/');
  assert.equal(sv.hashPath('#notes'), '/notes');
});

test('connectHashRouter: the agent pushes the hash, a hashchange is the person\'s move, disconnect stops both', { skip }, async () => {
  const { gf, sv } = await load();
  const graph = gf.buildNavigationGraph('hash', DEF);
  const listeners = new Set();
  const target = {
    location: { hash: '#/' },
    addEventListener: (_, fn) => listeners.add(fn),
    removeEventListener: (_, fn) => listeners.delete(fn),
  };
  const change = (hash) => {
    target.location.hash = hash;
    for (const fn of listeners) fn();
  };
  const session = gf.createSession(graph, undefined, { node: 'home' });
  const stop = sv.connectHashRouter(session, graph, { target });
  const syncs = () => session.transitions().filter((t) => t.id.startsWith('sync:')).length;
  assert.equal(syncs(), 0, 'already on the hash shown');
  assert.equal(session.fire('home.open-notes').ok, true);
  assert.equal(target.location.hash, '#/notes', 'the default push sets the hash');
  change('#/notes');
  assert.equal(syncs(), 0, 'arriving where the agent was sent records no move');
  change('#/');
  assert.equal(session.node, 'home');
  assert.equal(session.transitions().at(-1).attribution.principal, 'user');
  stop();
  assert.equal(listeners.size, 0);
  assert.equal(session.fire('home.open-notes').reason, 'NOT_MATERIALIZED', 'navigate unset');
  session.free();
});

test('reportingHandlers: the fire settles on its own report (observed), not by queue order', { skip }, async () => {
  const { gf, sv } = await load();
  const def = { pages: { notes: { actions: { add: { does: 'Add a note', input: 'none', writes: ['notes.count'] } } } } };
  const graph = gf.buildNavigationGraph('runes', def);
  const basisOf = (tapped) => {
    const session = gf.createSession(graph, undefined, { state: { 'notes.count': 0 } });
    const notes = []; // stands for a $state array
    const handlers = { add: () => { notes.push('x'); } };
    session.registerActions('notes', { handlers: tapped ? sv.reportingHandlers(session, () => ({ 'notes.count': notes.length }), handlers) : handlers });
    const fired = session.fire('notes.add');
    assert.equal(fired.ok, true);
    if (!tapped) session.updateState({ 'notes.count': notes.length }); // a report after the handler returned
    const row = session.transitions().find((t) => t.id.startsWith('notes.add#'));
    const text = session.groundTruth().text;
    session.free();
    return { certainty: row.attribution.certainty, inferred: text.includes('attributed by inference') };
  };
  assert.deepEqual(basisOf(true), { certainty: 'observed', inferred: false });
  assert.deepEqual(basisOf(false), { certainty: 'inferred', inferred: true }, 'the untapped report is credited by inference');

  // An async handler reports once its promise resolves.
  const session = gf.createSession(graph, undefined, { state: { 'notes.count': 0 } });
  let count = 0;
  session.registerActions('notes', {
    handlers: sv.reportingHandlers(session, () => ({ 'notes.count': count }), { add: async () => { count += 1; } }),
  });
  const fired = session.fire('notes.add');
  assert.equal(fired.ok, true);
  await new Promise((r) => setTimeout(r, 0));
  assert.equal(session.state()['notes.count'], 1);
  session.free();
});
