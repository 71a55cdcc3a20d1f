// One door per principal (docs/session.md §33, decision 38), against the built package: `fire(id,
// { source: 'user', invoke: false })` records without running the handler and the agent may not use it;
// `whyGrey` and an action's `control` reach JS; groundfacts/sensor's `watchPage` under jsdom records a
// person's clicks and submits once (by `data-groundfacts-action`, by role + accessible name), stands
// down for a one-door helper's controls, fires for the list row its `data-groundfacts-instance` names
// (docs/session.md §34), and reports coverage; React's `useAction` (rendered into jsdom, and on the
// server) and Svelte's `actionState` / `use:groundfactsAction` fire as the person, run the
// handler once, and show enabled / busy / the greyed reason. jsdom is a pinned tool (scripts/package.json).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');

const ROOT = path.join(__dirname, '..', '..');
const PKG = path.join(ROOT, 'pkg');
const TOOLS = path.join(ROOT, 'scripts', 'node_modules');
const ready =
  fs.existsSync(path.join(PKG, 'sensor', 'index.js')) &&
  ['react', 'react-dom', 'scheduler', 'svelte', 'jsdom'].every((name) => fs.existsSync(path.join(TOOLS, name)));
const skip = !ready && 'needs pkg/ (scripts/build.sh) and the pinned tools (scripts/setup.sh)';

let loaded;
/** The package as a consumer app resolves it (./helpers/reset-app.cjs), and a jsdom window. */
async function load() {
  if (loaded) return loaded;
  const { JSDOM } = require(path.join(TOOLS, 'jsdom'));
  loaded = { ...(await require('./helpers/reset-app.cjs').load()), dom: new JSDOM('<!doctype html><body></body>') };
  return loaded;
}

/** A notes page: a counter the app's own store keeps, the session told of it by the store tap. */
function notes(gf) {
  return gf.buildNavigationGraph('notes', {
    pages: {
      note: {
        actions: {
          save: { does: 'Save the note', input: 'none', writes: ['notes.saved'] },
          close: { does: 'Close the note', input: 'none', control: { role: 'button', name: 'Close note' } },
          rename: { does: 'Rename the note', input: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] } },
          archive: { does: 'Archive it', input: 'none', control: { role: 'button', name: 'Put away' } },
          shelve: { does: 'Shelve it', input: 'none', control: { role: 'button', name: 'Put away' } },
          publish: { does: 'Publish it', input: 'none', enabledWhen: { 'notes.saved': { gte: 1 } } },
          submit: { does: 'Send the form', input: 'none' },
        },
      },
    },
  });
}

/** A session over `notes` whose handlers count their runs. */
function wired(gf) {
  const session = gf.createSession(notes(gf), null, { state: { 'notes.saved': 0 } });
  const runs = {};
  const count = (name) => () => {
    runs[name] = (runs[name] ?? 0) + 1;
  };
  const names = ['save', 'close', 'rename', 'archive', 'shelve', 'publish', 'submit'];
  session.registerActions('note', { handlers: Object.fromEntries(names.map((n) => [n, count(n)])) });
  return { session, runs };
}

const factsText = (session) => session.groundTruth().text;

test('invoke: false records the person’s act without running the handler; the agent may not use it', { skip }, async () => {
  const { gf } = await load();
  const { session, runs } = wired(gf);
  const r = session.fire('note.close', { source: 'user', invoke: false });
  assert.equal(r.ok, true);
  assert.equal(runs.close, undefined, 'no handler ran');
  assert.match(factsText(session), /user fired note\.close/);
  session.fire('note.close', { source: 'user' });
  assert.equal(runs.close, 1, 'the person’s door with invoke runs the handler once');
  const version = session.version;
  for (const options of [{ invoke: false }, { source: 'agent', invoke: false }]) {
    assert.throws(() => session.fire('note.close', options), (e) => e.code === 'AGENT_INVOKE_FALSE' && /^groundfacts: /.test(e.message));
  }
  assert.throws(() => session.fire('note.close', { source: 'user', invoke: 'no' }), (e) => e.code === 'BAD_ARGUMENT' && /invoke/.test(e.message));
  assert.equal(session.version, version, 'nothing recorded');
  const refused = session.fire('note.publish', { source: 'user', invoke: false });
  assert.equal(refused.reason, 'TOOL_DISABLED');
  assert.match(factsText(session), /user's fire of note\.publish was refused: TOOL_DISABLED/);
});

test('whyGrey gives the brief’s greyed line; an edge carries its declared control', { skip }, async () => {
  const { gf } = await load();
  const { session } = wired(gf);
  assert.equal(session.whyGrey('note.publish'), 'Greyed: note.publish — waits on notes.saved >= 1; note.save writes it.');
  assert.equal(session.whyGrey('note.save'), null);
  assert.equal(session.whyGrey('nowhere'), null);
  const edge = session.available().edges.find((e) => e.affordanceId === 'note.close');
  assert.deepEqual(edge.control, { role: 'button', name: 'Close note' });
});

test('watchPage records a person’s click once, by attribute or by role and name, and stands down for helpers', { skip }, async () => {
  const { gf, sensor, dom } = await load();
  const { document } = dom.window;
  const { session, runs } = wired(gf);
  document.body.innerHTML = `
    <main>
      <button data-groundfacts-action="note.save"><span id="s">Save</span></button>
      <button aria-label="Close note">×</button>
      <button id="away">Put away</button>
      <button id="rename" data-groundfacts-action="note.rename">Rename</button>
      <button id="helper" data-groundfacts-action="note.close" data-groundfacts-door="helper">Close (helper)</button>
      <form data-groundfacts-action="note.submit"><button id="send" type="button">Send</button></form>
    </main>`;
  // The app's own onClick: its store changes and the store tap reports it (the row it settles is the sensor's).
  let saved = 0;
  document.querySelector('[data-groundfacts-action="note.save"]').addEventListener('click', () => {
    saved += 1;
    session.updateState({ 'notes.saved': saved });
  });
  const reports = [];
  const watch = sensor.watchPage(session, {
    root: document,
    trust: () => true,
    onReport: (r) => reports.push(r),
    inputFor: (action, element) => (element.id === 'rename' ? { title: 'Renamed' } : undefined),
  });
  const click = (el) => el.dispatchEvent(new dom.window.MouseEvent('click', { bubbles: true }));
  click(document.getElementById('s'));
  assert.match(factsText(session), /DID happen — user fired note\.save/, 'recorded before the app’s handler, settled by its report');
  assert.equal(runs.save, undefined, 'the registered handler never runs again');
  click(document.querySelector('[aria-label="Close note"]'));
  assert.match(factsText(session), /user fired note\.close/);
  click(document.getElementById('away'));
  assert.deepEqual(reports.at(-1), { kind: 'ambiguous', candidates: ['note.archive', 'note.shelve'] });
  click(document.getElementById('rename'));
  assert.equal(reports.at(-1).kind, 'recorded');
  assert.deepEqual(session.transitions().at(-1).payload, { title: 'Renamed' }, 'the input inputFor gave');
  let before = session.version;
  click(document.getElementById('helper'));
  assert.equal(session.version, before, 'the helper records its own control');
  assert.deepEqual(reports.at(-1), { kind: 'helper', action: 'note.close' });
  const release = sensor.claimDoor(session, 'note.save');
  click(document.getElementById('s'));
  assert.deepEqual(reports.at(-1), { kind: 'helper', action: 'note.save' }, 'a mounted helper’s action is stood down for by id');
  release();
  before = session.version;
  click(document.getElementById('send'));
  assert.equal(session.version, before, 'a click inside a form is not the form’s act');
  document.querySelector('form').dispatchEvent(new dom.window.Event('submit', { bubbles: true, cancelable: true }));
  assert.match(factsText(session), /user fired note\.submit/);
  // An untrusted event (code, not a person) is ignored by default; a stopped watch hears nothing.
  watch.stop();
  const strict = sensor.watchPage(session, { root: document });
  const v = session.version;
  click(document.querySelector('[aria-label="Close note"]'));
  assert.equal(session.version, v, 'an untrusted click is not a person’s act');
  strict.stop();
  const again = sensor.watchPage(session, { root: document, trust: () => true });
  again.stop();
  click(document.querySelector('[aria-label="Close note"]'));
  assert.equal(session.version, v, 'stop() removes the listeners');
  assert.equal(saved, 2, 'the app’s own handler ran on each of its two clicks');
});

test('watchPage without input stands down for an action that takes one; coverage lists what it never saw', { skip }, async () => {
  const { gf, sensor, dom } = await load();
  const { document } = dom.window;
  const { session } = wired(gf);
  document.body.innerHTML = '<div id="root"><button data-groundfacts-action="note.rename">Rename</button></div>';
  const root = document.getElementById('root');
  const reports = [];
  const watch = sensor.watchPage(session, { root, trust: () => true, onReport: (r) => reports.push(r) });
  const v = session.version;
  root.querySelector('button').dispatchEvent(new dom.window.MouseEvent('click', { bubbles: true }));
  assert.deepEqual(reports.at(-1), { kind: 'needs-input', action: 'note.rename' });
  assert.equal(session.version, v);
  let cover = watch.coverage();
  assert.equal(cover.page, 'note');
  assert.deepEqual(cover.seen, ['note.rename']);
  assert.ok(cover.unseen.includes('note.close') && cover.unseen.includes('note.save'));
  const close = document.createElement('button');
  close.textContent = 'Close   note';
  root.appendChild(close);
  await new Promise((resolve) => setTimeout(resolve, 0)); // the MutationObserver's turn
  root.removeChild(close);
  cover = watch.coverage();
  assert.ok(cover.seen.includes('note.close'), 'seen once on screen stays seen');
  assert.ok(!cover.unseen.includes('note.close'));
  watch.stop();
});

test('watchPage in a list: a click in a row records that row; a list action outside any row is refused as the session refuses it', { skip }, async () => {
  const { gf, sensor, dom } = await load();
  const { document } = dom.window;
  const graph = gf.buildNavigationGraph('lists', {
    pages: {
      projects: {
        containers: { rows: { kind: 'area', does: 'One row per project', repeats: ['open', 'archive'] } },
        actions: {
          open: { does: 'Open the project', input: 'none', control: { role: 'button', name: 'Open project' } },
          archive: { does: 'Archive the project', input: 'none' },
        },
      },
    },
  });
  const session = gf.createSession(graph);
  const ran = [];
  for (const [id, label] of [['p1', 'Alpha'], ['p2', 'Beta']]) {
    session.registerActions('projects', { instance: { id, label }, handlers: { open: () => ran.push(`open ${id}`), archive: () => ran.push(`archive ${id}`) } });
  }
  document.body.innerHTML = `
    <ul>
      <li data-groundfacts-instance="p1"><span>Alpha</span><button data-groundfacts-action="projects.archive"><b id="a1">Archive</b></button></li>
      <li><button id="o2" aria-label="Open project" data-groundfacts-instance="p2">Open</button></li>
    </ul>
    <button id="stray" data-groundfacts-action="projects.archive">Archive (no row)</button>`;
  const reports = [];
  const watch = sensor.watchPage(session, { root: document, trust: () => true, onReport: (r) => reports.push(r) });
  const click = (el) => el.dispatchEvent(new dom.window.MouseEvent('click', { bubbles: true }));
  click(document.getElementById('a1'));
  assert.equal(reports.at(-1).instance, 'p1', 'the row from the nearest ancestor');
  assert.match(factsText(session), /user fired projects\.archive on “Alpha” \(/);
  assert.deepEqual(session.transitions().at(-1).instance, { id: 'p1', label: 'Alpha' });
  click(document.getElementById('o2'));
  assert.match(factsText(session), /user fired projects\.open on “Beta” \(/, 'the row from the control itself, matched by role and name');
  assert.deepEqual(ran, [], 'the app’s own handler performs the act; the session runs nothing');
  const version = session.version;
  click(document.getElementById('stray'));
  const refused = reports.at(-1);
  assert.equal(refused.kind, 'recorded');
  assert.equal(refused.instance, undefined, 'no row invented');
  assert.equal(refused.result.reason, 'INSTANCE_REQUIRED');
  assert.deepEqual(refused.result.instances, [{ id: 'p1', label: 'Alpha' }, { id: 'p2', label: 'Beta' }]);
  assert.equal(session.version, version, 'a refusal bumps no version');
  assert.match(factsText(session), /user's fire of projects\.archive was refused: INSTANCE_REQUIRED/);
  watch.stop();
});

test('React useAction: a person’s run fires as the person (handler once), the agent’s port call as the agent', { skip }, async () => {
  const { gf, gr, sensor, React, createRoot, renderToString, dom } = await load();
  const graph = notes(gf);
  let control;
  const runs = [];
  function Saver() {
    gr.useActions('note', { handlers: { save: () => runs.push('save'), publish: () => runs.push('publish') } });
    control = gr.useAction('note.publish');
    const save = gr.useAction('note.save');
    return React.createElement('button', { ...save.props, id: 'save', onClick: () => save.run() }, 'Save');
  }
  const app = React.createElement(gr.GroundfactsProvider, { graph, options: { state: { 'notes.saved': 0 } } }, React.createElement(Saver));
  // On the server there is no session: loading, nothing enabled, run records nothing.
  const html = renderToString(app);
  assert.match(html, /data-groundfacts-action="note.save"/);
  assert.match(html, /data-groundfacts-door="helper"/);
  assert.equal(control.loading, true);
  assert.equal(control.enabled, false);
  assert.equal(control.busy, false);
  assert.equal(control.run(), null);

  globalThis.window = dom.window;
  globalThis.document = dom.window.document;
  const container = dom.window.document.createElement('div');
  dom.window.document.body.replaceChildren(container);
  const root = createRoot(container);
  await React.act(async () => root.render(app));
  assert.equal(control.loading, false);
  assert.equal(control.enabled, false);
  assert.equal(control.greyedReason, 'Greyed: note.publish — waits on notes.saved >= 1; note.save writes it.');
  assert.equal(control.props.title, control.greyedReason);
  // A sensor on the same page must not record the helper's control a second time.
  let session;
  function Grab() {
    session = gr.useSession();
    return null;
  }
  await React.act(async () => root.render(React.createElement(gr.GroundfactsProvider, { graph, options: { state: { 'notes.saved': 0 } } }, React.createElement(Saver), React.createElement(Grab))));
  const watch = sensor.watchPage(session, { root: dom.window.document, trust: () => true });
  const button = container.querySelector('#save');
  const rows = () => session.transitions().filter((t) => t.cause.affordanceId === 'note.save').length;
  await React.act(async () => button.dispatchEvent(new dom.window.MouseEvent('click', { bubbles: true })));
  assert.deepEqual(runs, ['save'], 'the handler ran once');
  assert.equal(rows(), 1, 'one row: the helper’s, not also the sensor’s');
  assert.match(factsText(session), /user fired note\.save/);
  const port = gf.serveToAgent(session);
  let done;
  await React.act(async () => {
    done = port.call('notes.do_action', { action: 'note.save' });
  });
  assert.equal(done.ok, true);
  assert.deepEqual(runs, ['save', 'save'], 'the agent’s door runs the same handler once');
  assert.match(factsText(session), /agent fired note\.save/);
  await React.act(async () => session.updateState({ 'notes.saved': 1 }));
  assert.equal(control.enabled, true);
  assert.equal(control.greyedReason, null);
  watch.stop();
  await React.act(async () => root.unmount());
});

test('Svelte actionState and use:groundfactsAction: the person’s door, with what the control shows', { skip }, async () => {
  const { gf, sv, store, dom } = await load();
  const { session, runs } = wired(gf);
  const loadingState = sv.actionState(undefined, 'note.save');
  assert.deepEqual({ ...store.get(loadingState) }, { enabled: false, busy: false, busyLabel: null, greyedReason: null, offered: false, loading: true });
  assert.equal(loadingState.run(), null);
  const publish = sv.actionState(session, 'note.publish');
  assert.equal(store.get(publish).enabled, false);
  assert.match(store.get(publish).greyedReason, /^Greyed: note\.publish/);
  const button = dom.window.document.createElement('button');
  const results = [];
  const action = sv.groundfactsAction(button, { session, id: 'note.save', onResult: (r) => results.push(r) });
  assert.equal(button.getAttribute('data-groundfacts-action'), 'note.save');
  assert.equal(button.getAttribute('data-groundfacts-door'), 'helper');
  assert.equal(button.getAttribute('aria-disabled'), 'false');
  button.dispatchEvent(new dom.window.MouseEvent('click', { bubbles: true }));
  assert.equal(runs.save, 1);
  assert.equal(results[0].ok, true);
  assert.match(factsText(session), /user fired note\.save/);
  session.updateState({ 'notes.saved': 1 });
  assert.equal(store.get(publish).enabled, true);
  assert.equal(publish.run().ok, true);
  assert.equal(runs.publish, 1);
  action.destroy();
  button.dispatchEvent(new dom.window.MouseEvent('click', { bubbles: true }));
  assert.equal(runs.save, 1, 'destroyed: no more fires');
});
