// The React binding as built (pkg/react/index.js, `groundfacts/react`), loaded the way an app loads it:
// from a scratch consumer whose node_modules holds a copy of pkg/ and the pinned React of the build tools
// (scripts/node_modules: react, react-dom, scheduler; scripts/setup.sh installs them, the versions the
// React demo uses). Components render nothing, so react-dom/client
// runs against a stub container and a two-field `window` (no DOM library needed); effects run as in a
// browser, inside React's `act`. Pins: useActions' declarative `busy` map marks the live group
// (the row carries the words, a fire is refused BUSY), follows changes with setBusy without
// re-registering, clears on null, and is applied afresh when a deps change re-registers;
// useWhereInPage re-renders with `{ page, focus, visible }` on show / observeFocus.
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
  ['react', 'react-dom', 'scheduler'].every((name) => fs.existsSync(path.join(REACT_MODULES, name)));
const skip = !ready && 'needs pkg/react (scripts/build.sh) and React in scripts/node_modules (scripts/setup.sh)';

// The consumer folder (a copy of pkg/, the pinned React) and the stub React root are the ones the
// reset tests use.
const { load, mount } = require('./helpers/reset-app.cjs');

function listGraph(gf) {
  return gf.buildNavigationGraph('react-binding', {
    pages: {
      list: {
        actions: {
          add: { does: 'Add a note', input: 'none' },
          clear: { does: 'Clear the list', input: 'none' },
        },
      },
    },
  });
}

const row = (session, id) => session.available().edges.find((e) => e.affordanceId === id);

test('useActions busy: a label marks the live group, a change is a setBusy (no re-register), null clears it', { skip }, async () => {
  const { gf, gr, React, createRoot } = await load();
  const graph = listGraph(gf);
  // Count registrations and unregistrations through the session the provider makes.
  const proto = gf.Session.prototype;
  const register = proto.registerActions;
  const counts = { registered: 0, unregistered: 0, setBusy: 0 };
  proto.registerActions = function (page, spec) {
    counts.registered += 1;
    assert.ok(!('busy' in spec), 'busy is the binding\'s own option, never passed to registerActions');
    const group = register.call(this, page, spec);
    const unregister = group.unregister.bind(group);
    const setBusy = group.setBusy.bind(group);
    group.unregister = () => { counts.unregistered += 1; unregister(); };
    group.setBusy = (name, label) => { counts.setBusy += 1; setBusy(name, label); };
    return group;
  };
  try {
    let session;
    const added = [];
    function List({ busy, generation }) {
      session = gr.useSession();
      gr.useActions('list', { handlers: { add: () => added.push(generation), clear: () => {} }, busy }, [generation]);
      return null;
    }
    const app = (props) => React.createElement(gr.GroundfactsProvider, { graph }, React.createElement(List, props));
    const view = mount(React, createRoot, app({ busy: { add: 'Saving your notes' }, generation: 1 }));
    await view.first;

    assert.equal(counts.registered, 1);
    assert.equal(row(session, 'list.add').busy, 'Saving your notes', 'the row carries the app words');
    assert.equal(row(session, 'list.clear').busy, undefined, 'only the named action is busy');
    const refused = session.fire('list.add', { source: 'agent' });
    assert.equal(refused.ok, false);
    assert.equal(refused.reason, 'BUSY');
    assert.equal(refused.busy, 'Saving your notes');
    assert.deepEqual(added, [], 'a busy action runs no handler');

    // Only the words change: one setBusy on the same group, no unregister/register pair.
    const version = session.version;
    const setBusyBefore = counts.setBusy;
    await view.render(app({ busy: { add: 'Saving again' }, generation: 1 }));
    assert.equal(row(session, 'list.add').busy, 'Saving again');
    assert.deepEqual([counts.registered, counts.unregistered], [1, 0], 'changing only busy never re-registers');
    assert.equal(counts.setBusy, setBusyBefore + 1);
    assert.equal(session.version, version, 'a busy change does not move the version');

    // A re-render with an equal (new) busy object does nothing.
    await view.render(app({ busy: { add: 'Saving again' }, generation: 1 }));
    assert.equal(counts.setBusy, setBusyBefore + 1, 'the same words are not set again');

    // null clears; the fire goes through.
    await view.render(app({ busy: { add: null }, generation: 1 }));
    assert.equal(row(session, 'list.add').busy, undefined, 'null clears the mark');
    assert.deepEqual([counts.registered, counts.unregistered], [1, 0]);
    assert.equal(session.fire('list.add', { source: 'agent' }).ok, true);
    assert.deepEqual(added, [1]);

    // Left out clears too (after being set again).
    await view.render(app({ busy: { clear: 'Clearing' }, generation: 1 }));
    assert.equal(row(session, 'list.clear').busy, 'Clearing');
    await view.render(app({ generation: 1 }));
    assert.equal(row(session, 'list.clear').busy, undefined, 'a busy map left out clears the mark');
    assert.deepEqual([counts.registered, counts.unregistered], [1, 0]);

    // A deps change re-registers; the new group starts with the current busy map applied.
    await view.render(app({ busy: { add: 'Saving your notes' }, generation: 2 }));
    assert.deepEqual([counts.registered, counts.unregistered], [2, 1], 'a deps change re-registers');
    assert.equal(row(session, 'list.add').busy, 'Saving your notes', 'the new group carries the busy map');
    assert.equal(session.fire('list.add', { source: 'agent' }).reason, 'BUSY');
    // A deps change with the busy map unchanged: the new group still gets the marks.
    await view.render(app({ busy: { add: 'Saving your notes' }, generation: 3 }));
    assert.deepEqual([counts.registered, counts.unregistered], [3, 2]);
    assert.equal(row(session, 'list.add').busy, 'Saving your notes', 'a re-register with the same busy map keeps the mark');
    await view.render(app({ busy: {}, generation: 2 }));
    assert.equal(row(session, 'list.add').busy, undefined, 'the new group clears like the first');
    assert.equal(session.fire('list.add', { source: 'agent' }).ok, true);
    assert.deepEqual(added, [1, 2], 'the latest handlers run');

    await view.unmount();
    assert.equal(counts.registered, counts.unregistered, 'unmount unregisters the live group');
  } finally {
    proto.registerActions = register;
  }
});

test('useWhereInPage re-renders with { page, focus, visible } on show and observeFocus', { skip }, async () => {
  const { gf, gr, React, createRoot } = await load();
  const graph = gf.buildNavigationGraph('react-where', {
    pages: {
      home: { does: 'the start', actions: { 'open-review': { does: 'Open the review', goTo: 'review', input: 'none' } } },
      review: {
        does: 'the review page',
        containers: {
          files: { kind: 'tab', does: 'the uploaded files', containers: { upload: { kind: 'modal', does: 'the upload dialog' } } },
          notes: { kind: 'tab', does: "the reviewer's notes" },
        },
      },
    },
  });
  let session;
  const seen = [];
  function Where() {
    session = gr.useSession();
    const here = gr.useWhereInPage();
    seen.push(here);
    return null;
  }
  const view = mount(React, createRoot, React.createElement(gr.GroundfactsProvider, { graph, options: { node: 'review' } }, React.createElement(Where)));
  await view.first;
  const last = () => seen[seen.length - 1];
  assert.deepEqual(last(), session.whereInPage());
  assert.equal(last().page, 'review');
  assert.equal(last().focus, null);

  let renders = seen.length;
  await view.render(React.createElement(gr.GroundfactsProvider, { graph, options: { node: 'review' } }, React.createElement(Where)));
  assert.equal(seen[seen.length - 1], seen[renders - 1], 'the same object until the session changes');

  renders = seen.length;
  await React.act(async () => session.show('review.notes'));
  assert.ok(seen.length > renders, 'show re-renders');
  assert.deepEqual(last(), { page: 'review', focus: null, visible: ['review.notes'] });

  renders = seen.length;
  await React.act(async () => session.observeFocus('review.files.upload'));
  assert.ok(seen.length > renders, 'observeFocus re-renders');
  assert.equal(last().focus, 'review.files.upload');
  assert.deepEqual(last(), session.whereInPage());
  assert.ok(last().visible.includes('review.files.upload'), `focus makes its path visible: ${last().visible}`);

  await React.act(async () => session.observeFocus('review'));
  assert.equal(last().focus, null, 'back at page level');
  await view.unmount();
});

test("useActions busy under StrictMode: the mount's unmount-and-remount leaves the remounted group busy", { skip }, async () => {
  const { gf, gr, React, createRoot } = await load();
  const graph = listGraph(gf);
  let session;
  function List({ busy }) {
    session = gr.useSession();
    gr.useActions('list', { handlers: { add: () => {} }, busy });
    return null;
  }
  const app = (busy) =>
    React.createElement(React.StrictMode, null, React.createElement(gr.GroundfactsProvider, { graph }, React.createElement(List, { busy })));
  const view = mount(React, createRoot, app({ add: 'Saving your notes' }));
  await view.first;
  assert.equal(row(session, 'list.add').busy, 'Saving your notes');
  assert.equal(session.fire('list.add', { source: 'agent' }).reason, 'BUSY');
  await view.render(app({ add: null }));
  assert.equal(row(session, 'list.add').busy, undefined);
  assert.equal(session.fire('list.add', { source: 'agent' }).ok, true);
  await view.unmount();
});
