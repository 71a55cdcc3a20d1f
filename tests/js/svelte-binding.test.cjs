// The Svelte binding as built (pkg/svelte/index.js, `groundfacts/svelte`), loaded the way an app loads
// it: from a scratch consumer whose node_modules holds a copy of pkg/ and Svelte (the pinned copy in
// scripts/node_modules). Pins: stores read on subscribe and re-read on session.subscribe, hold their
// empty value without a session, stop listening when the last subscriber goes; the action and the
// attachment register on mount, follow parameter changes and unregister on destroy; reportState taps
// a store; connectSvelteKit hands claimed hops to goto and syncs every arrival as the person's move.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { pathToFileURL } = require('url');

const ROOT = path.join(__dirname, '..', '..');
const PKG = path.join(ROOT, 'pkg');
// The Svelte the build compiles the binding against (scripts/package.json, installed by setup.sh).
const SVELTE = path.join(ROOT, 'scripts', 'node_modules', 'svelte');
const ready = fs.existsSync(path.join(PKG, 'svelte', 'index.js')) && fs.existsSync(SVELTE);
const skip = !ready && 'needs pkg/svelte and scripts/node_modules/svelte (scripts/build.sh)';

let loaded;
/** groundfacts, groundfacts/svelte and svelte/store, as a consumer app resolves them. */
async function load() {
  if (loaded) return loaded;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'groundfacts-svelte-'));
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  fs.mkdirSync(path.join(dir, 'node_modules'));
  fs.cpSync(PKG, path.join(dir, 'node_modules', 'groundfacts'), { recursive: true });
  fs.symlinkSync(SVELTE, path.join(dir, 'node_modules', 'svelte'), 'dir');
  fs.writeFileSync(path.join(dir, 'package.json'), '{ "name": "consumer", "private": true, "type": "module" }');
  fs.writeFileSync(
    path.join(dir, 'entry.js'),
    "export * as gf from 'groundfacts';\nexport * as sv from 'groundfacts/svelte';\nexport * as store from 'svelte/store';\n",
  );
  loaded = await import(pathToFileURL(path.join(dir, 'entry.js')).href);
  return loaded;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

async function notesApp() {
  const { gf, sv, store } = await load();
  const graph = gf.buildNavigationGraph('notes', {
    sources: [gf.fromSvelteKitRoutes({ list: '/notes', note: '/notes/[id]', about: '/(info)/about' }, { crossLinks: true })],
    pages: {
      list: {
        actions: {
          add: { does: 'Add a note', input: 'none', writes: ['notes.count'], verify: { 'notes.count': { gt: 0 } } },
          open: { does: 'Open the about page', input: 'none', goTo: 'about' },
        },
      },
    },
  });
  const session = gf.createSession(graph, undefined, { node: 'list', state: { 'notes.count': 0 } });
  return { gf, sv, store, graph, session };
}

const edges = (session) => session.available().edges.map((e) => `${e.affordanceId}${e.enabled === false ? ' (greyed)' : ''}`);

test('without a session the stores hold their empty values and the wiring does nothing', { skip }, async () => {
  const { sv, store } = await load();
  assert.equal(store.get(sv.groundTruth(undefined)), undefined);
  assert.equal(store.get(sv.contextBrief(null)), undefined);
  assert.equal(store.get(sv.available(undefined)), undefined);
  assert.deepEqual(store.get(sv.asks(undefined)), []);
  let called = 0;
  const stop = sv.connectSvelteKit(undefined, undefined, { goto: async () => called++, afterNavigate: () => called++ });
  stop();
  sv.reportState(undefined, store.writable(1), () => ({ n: 1 }))();
  const action = sv.registerActions({}, { session: undefined, page: 'list' });
  action.update({ session: undefined, page: 'list' });
  action.destroy();
  assert.equal(called, 0);
});

test('stores read the session on subscribe and re-read after every change it reports, never while unsubscribed', { skip }, async () => {
  const { sv, session } = await notesApp();
  let reads = 0;
  const facts = sv.fromSession(session, (s) => {
    reads += 1;
    return s.groundTruth().text;
  }, '');
  assert.equal(reads, 0, 'creating a store reads nothing');
  const seen = [];
  const stop = facts.subscribe((text) => seen.push(text));
  assert.equal(reads, 1);
  assert.equal(seen.length, 1);
  assert.match(seen[0], /No actions have been performed/);

  let count = 0;
  const group = session.registerActions('list', { handlers: { add: () => session.updateState({ 'notes.count': ++count }) } });
  session.fire('list.add', { source: 'user' });
  await tick();
  assert.match(seen.at(-1), /DID happen — user fired list\.add/);
  const seenBefore = seen.length;
  const readsBefore = reads;
  stop();
  session.fire('list.add', { source: 'user' });
  await tick();
  assert.equal(reads, readsBefore, 'no reads after the last subscriber left');
  assert.equal(seen.length, seenBefore);
  group.unregister();
});

test('groundTruth, contextBrief, available and asks are the session reads, and notify only on a difference', { skip }, async () => {
  const { sv, store, session } = await notesApp();
  assert.equal(store.get(sv.groundTruth(session)).text, session.groundTruth().text);
  assert.equal(store.get(sv.contextBrief(session)).text, session.contextBrief().text);
  assert.deepEqual(store.get(sv.available(session)), session.available());
  assert.deepEqual(store.get(sv.asks(session)), session.asks());
  const values = [];
  const stop = sv.available(session).subscribe((value) => values.push(value));
  session.updateState({ 'notes.count': 0 }); // the version moves, what is on offer does not
  await tick();
  assert.equal(values.length, 1, 'an unchanged offer is not news');
  const group = session.registerActions('list', { actions: { pin: { does: 'Pin the note', input: 'none' } }, handlers: { pin: () => {} } });
  await tick();
  assert.ok(values.length === 2 && values[1].edges.some((e) => e.affordanceId === 'list.pin'), 'a mount is news, once');
  stop();
  group.unregister();
});

test('use:registerActions registers on mount, flips enabled in place, re-registers on a new spec and unregisters on destroy', { skip }, async () => {
  const { sv, session } = await notesApp();
  const pinned = [];
  const pin = { does: 'Pin the note', input: 'none' };
  const handlers = { pin: () => pinned.push('pin') };
  const actions = { pin };
  const registrations = [];
  const register = session.registerActions.bind(session);
  session.registerActions = (page, spec) => {
    registrations.push(Object.keys(spec.actions ?? {}).join());
    return register(page, spec);
  };
  const action = sv.registerActions({}, { session, page: 'list', actions, handlers });
  assert.ok(edges(session).includes('list.pin'), edges(session).join());
  action.update({ session, page: 'list', actions, handlers, enabled: { pin: false } });
  assert.ok(edges(session).includes('list.pin (greyed)'), edges(session).join());
  action.update({ session, page: 'list', actions: { pin }, handlers: { ...handlers }, enabled: { pin: true } });
  assert.ok(edges(session).includes('list.pin'), edges(session).join());
  assert.deepEqual(registrations, ['pin'], 'enabled flips in place, even through fresh maps of the same values');
  assert.equal(session.fire('list.pin', { source: 'user' }).ok, true);
  assert.deepEqual(pinned, ['pin']);
  action.update({ session, page: 'list', actions: { star: { does: 'Star the note', input: 'none' } }, handlers: { star: () => {} } });
  await tick();
  assert.ok(!edges(session).includes('list.pin'), `re-registered without pin: ${edges(session).join()}`);
  assert.ok(edges(session).includes('list.star'), edges(session).join());
  assert.deepEqual(registrations, ['pin', 'star'], 'a new spec re-registers');
  action.destroy();
  await tick();
  assert.ok(!edges(session).some((edge) => edge.startsWith('list.star')), `unregistered on destroy: ${edges(session).join()}`);
  assert.equal(session.fire('list.star', { source: 'agent' }).ok, false, 'an unmounted action cannot be fired');
});

test('attachActions declares live actions for as long as the element is attached; history keeps the caption', { skip }, async () => {
  const { sv, session } = await notesApp();
  const sent = [];
  const attach = sv.attachActions(session, 'list', {
    actions: { send: { does: 'Send the message', input: 'none' } },
    handlers: { send: () => sent.push('sent') },
  });
  const detach = attach({});
  assert.ok(edges(session).includes('list.send'));
  assert.equal(session.fire('list.send', { source: 'user' }).ok, true);
  detach();
  await tick();
  assert.deepEqual(sent, ['sent']);
  assert.ok(!edges(session).includes('list.send'));
  assert.match(session.contextBrief().text, /list\.send — Send the message/);
});

test('reportState reports each value of a Svelte store, projected, until it is stopped', { skip }, async () => {
  const { sv, store, session } = await notesApp();
  const quiet = store.writable([]);
  const rows = session.contextBrief().text;
  sv.reportState(session, quiet, (list) => ({ 'notes.count': list.length }))();
  assert.equal(session.contextBrief().text, rows, 'the value the session was created with is not reported again');
  const notes = store.writable(['a']);
  const stop = sv.reportState(session, notes, (list) => ({ 'notes.count': list.length }));
  assert.equal(session.state()['notes.count'], 1, 'a value the session does not hold is reported at once');
  notes.set(['a', 'b']);
  assert.equal(session.state()['notes.count'], 2);
  stop();
  notes.set([]);
  assert.equal(session.state()['notes.count'], 2);
});

test("connectSvelteKit: goto is the navigate, an arrival where the agent was sent confirms its hop, any other is the person's", { skip }, async () => {
  const { sv, graph, session } = await notesApp();
  const hrefs = [];
  let arrive;
  const disconnect = sv.connectSvelteKit(session, graph, {
    goto: (href) => {
      hrefs.push(href);
      return Promise.resolve();
    },
    afterNavigate: (callback) => (arrive = callback),
  });
  const to = (pathname) => ({ to: { url: new URL(pathname, 'http://127.0.0.1') } });

  arrive(to('/notes/7')); // a person follows a link to a param page
  assert.equal(session.node, 'note');
  const moved = session.transitions().at(-1);
  assert.equal(moved.cause.principal, 'user');
  assert.equal(moved.toNode, 'note');

  arrive({ to: null }); // leaving the app: nothing to sync
  assert.equal(session.node, 'note');

  arrive(to('/notes'));
  const rows = session.transitions().length;
  const fired = session.fire('go-to-note', { source: 'agent' });
  assert.equal(fired.ok, false, 'a param route is never cross-linked');
  const hop = session.fire('list.open', { source: 'agent' });
  assert.equal(hop.ok, true);
  assert.deepEqual(hrefs, ['/about'], 'the (info) group is not part of the URL');
  arrive(to('/about')); // the router reports the arrival the agent asked for
  await tick();
  assert.equal(session.node, 'about');
  const after = session.transitions().slice(rows);
  assert.equal(after.filter((row) => row.cause.principal === 'user').length, 0, JSON.stringify(after));

  disconnect();
  arrive(to('/notes/8'));
  assert.equal(session.node, 'about', 'no sync after disconnect');
  session.sync('list');
  session.fire('list.open', { source: 'agent' });
  assert.deepEqual(hrefs, ['/about'], 'no goto after disconnect');
});

/** A fake Web Storage: a Map, with switches that make reads or writes throw as a browser's can. */
function fakeStorage() {
  const items = new Map();
  const storage = {
    items,
    failGet: false,
    failSet: false,
    getItem(key) {
      if (storage.failGet) throw new Error('SecurityError: storage is disabled');
      return items.has(key) ? items.get(key) : null;
    },
    setItem(key, value) {
      if (storage.failSet) throw new Error('QuotaExceededError: the quota has been exceeded');
      items.set(key, String(value));
    },
    removeItem(key) {
      items.delete(key);
    },
  };
  return storage;
}

/** The notes graph and a persisted session over `storage`, warnings collected. */
async function persistedNotes(storage, graph) {
  const { gf, sv } = await load();
  const warnings = [];
  const session = sv.createPersistedSession(graph, undefined, { node: 'list', state: { 'notes.count': 0 }, onWarn: (m) => warnings.push(m) }, { key: 'notes', storage });
  return { gf, sv, session, warnings };
}

/** Adds one note as the person: a handler that changes the state, then the fire. */
function addNote(session) {
  let count = session.state()['notes.count'];
  const group = session.registerActions('list', { handlers: { add: () => session.updateState({ 'notes.count': ++count }) } });
  const result = session.fire('list.add', { source: 'user' });
  group.unregister();
  group.free();
  return result;
}

test('createPersistedSession without storage is a plain session; unreadable storage or stored text that is not JSON warns and starts fresh', { skip }, async () => {
  const { graph } = await notesApp();
  const plain = await persistedNotes(null, graph);
  assert.equal(addNote(plain.session).ok, true);
  assert.deepEqual(plain.warnings, []);

  const storage = fakeStorage();
  storage.items.set('notes', '{"not json');
  const broken = await persistedNotes(storage, graph);
  assert.equal(broken.warnings.length, 1, broken.warnings.join('\n'));
  assert.match(broken.warnings[0], /^groundfacts: the session stored under sessionStorage key "notes" was not restored \(.*\); starting a fresh session\.$/);
  assert.match(broken.session.groundTruth().text, /No actions have been performed/);
  assert.notEqual(storage.items.get('notes'), '{"not json', 'the unreadable text is not kept');

  storage.failGet = true;
  const disabled = await persistedNotes(storage, graph);
  assert.match(disabled.warnings.join('\n'), /could not be read \(SecurityError: storage is disabled\); starting a fresh session\./);
  assert.equal(addNote(disabled.session).ok, true, 'the session works');
});

const hasSnapshot = async () => {
  if (!ready) return false;
  const { gf } = await load();
  return typeof gf.Session?.prototype?.snapshot === 'function';
};

test('createPersistedSession writes on every change and a second call with the same key continues the record', { skip }, async (t) => {
  if (!(await hasSnapshot())) return t.skip('needs session.snapshot() and createSession({ restore }) in the core');
  const { graph } = await notesApp();
  const storage = fakeStorage();
  const first = await persistedNotes(storage, graph);
  assert.ok(storage.items.has('notes'), 'written at once');
  const written = storage.items.get('notes');
  assert.equal(addNote(first.session).ok, true);
  assert.notEqual(storage.items.get('notes'), written, 'written again after the change');
  assert.deepEqual(JSON.parse(storage.items.get('notes')), JSON.parse(JSON.stringify(first.session.snapshot())));
  const block = first.session.groundTruth();
  assert.match(block.text, /DID happen — user fired list\.add/);

  // "The reload": a new session from the same storage.
  const second = await persistedNotes(storage, graph);
  assert.deepEqual(second.warnings, []);
  assert.equal(second.session.groundTruth().text, block.text);
  assert.equal(second.session.groundTruth().version, block.version);
  assert.equal(addNote(second.session).ok, true, 'the restored session goes on');
  assert.equal(second.session.groundTruth().text.match(/DID happen — user fired list\.add/g).length, 2);
  assert.ok(second.session.groundTruth().version > block.version);

  // A write that fails (quota) warns once and the session carries on.
  storage.failSet = true;
  assert.equal(addNote(second.session).ok, true);
  assert.equal(addNote(second.session).ok, true);
  assert.equal(second.warnings.length, 1, second.warnings.join('\n'));
  assert.match(second.warnings[0], /could not be saved under sessionStorage key "notes" \(QuotaExceededError/);

  // A reload on a page with nothing mounted; the root layout wires the router again: no change.
  const quiet = fakeStorage();
  const wired = await persistedNotes(quiet, graph);
  const hrefs = [];
  wired.sv.connectSvelteKit(wired.session, graph, { goto: async (href) => hrefs.push(href), afterNavigate: () => {} });
  addNote(wired.session);
  wired.session.sync('about', { principal: 'user' });
  const left = wired.session.groundTruth();
  const reloaded = await persistedNotes(quiet, graph);
  reloaded.sv.connectSvelteKit(reloaded.session, graph, { goto: async (href) => hrefs.push(href), afterNavigate: () => {} });
  assert.equal(reloaded.session.groundTruth().version, left.version, 'setNavigate after a restore is no change');
  assert.equal(reloaded.session.groundTruth().text, left.text);
});

test('a refused restore (another graph, a newer format, a damaged snapshot) warns with its code and starts fresh', { skip }, async (t) => {
  if (!(await hasSnapshot())) return t.skip('needs session.snapshot() and createSession({ restore }) in the core');
  const { gf, graph } = await notesApp();
  const storage = fakeStorage();
  const first = await persistedNotes(storage, graph);
  addNote(first.session);
  const snapshot = JSON.parse(storage.items.get('notes'));

  const other = gf.buildNavigationGraph('notes', {
    sources: [gf.fromSvelteKitRoutes({ list: '/notes', about: '/about' }, { crossLinks: true })],
    pages: { list: { actions: { add: { does: 'Add a note', input: 'none', writes: ['notes.count'] } } } },
  });
  const moved = await persistedNotes(storage, other);
  assert.equal(moved.warnings.length, 1, moved.warnings.join('\n'));
  assert.match(moved.warnings[0], /not restored \(RESTORE_OTHER_GRAPH: (?!groundfacts: ).+\); starting a fresh session\./);
  assert.match(moved.session.groundTruth().text, /No actions have been performed/);
  assert.deepEqual(JSON.parse(storage.items.get('notes')), JSON.parse(JSON.stringify(moved.session.snapshot())), 'the fresh session replaced it');

  const damaged = [
    { ...snapshot, formatVersion: (snapshot.formatVersion ?? 1) + 1 },
    Object.fromEntries(Object.keys(snapshot).map((key) => [key, 'garbage'])),
    [1, 2, 3],
  ];
  for (const value of damaged) {
    storage.items.set('notes', JSON.stringify(value));
    const again = await persistedNotes(storage, graph);
    assert.equal(again.warnings.length, 1, `${JSON.stringify(value).slice(0, 80)}: ${again.warnings.join('\n')}`);
    assert.match(again.warnings[0], /not restored \(RESTORE_[A-Z_]+: (?!groundfacts: )./);
    assert.match(again.session.groundTruth().text, /No actions have been performed/);
    assert.equal(addNote(again.session).ok, true, 'the fresh session works');
  }
});

test('a busy map in the registration parameter follows updates with setBusy, never re-registering', { skip }, async () => {
  const { sv, session } = await notesApp();
  const action = sv.registerActions({}, { session, page: 'list', handlers: { add: () => {} }, busy: { add: 'Saving the list' } });
  const add = () => session.available().edges.find((e) => e.affordanceId === 'list.add');
  assert.equal(add().busy, 'Saving the list');
  // A new handlers map re-registers; the new group's busy map is applied from scratch.
  const handlers = { add: () => {} };
  action.update({ session, page: 'list', handlers, busy: { add: 'Saving again' } });
  assert.equal(add().busy, 'Saving again');
  // Only busy changes: one setBusy each (one notification), no unregister/register pair.
  let heard = 0;
  const stop = session.subscribe(() => { heard += 1; });
  action.update({ session, page: 'list', handlers, busy: { add: null } });
  assert.equal(add().busy, undefined);
  assert.equal(heard, 1);
  action.update({ session, page: 'list', handlers, busy: { add: 'Once more' } });
  assert.equal(add().busy, 'Once more');
  assert.equal(heard, 2);
  action.update({ session, page: 'list', handlers, busy: { add: 'Once more' } });
  assert.equal(heard, 2, 'the same map changes nothing');
  assert.equal(session.fire('list.add').reason, 'BUSY');
  stop();
  action.destroy();
  assert.equal(add().busy, undefined, 'unregistering clears the marks');
});

test('attachActions applies the busy map of its spec when it attaches; detaching clears it', { skip }, async () => {
  const { sv, session } = await notesApp();
  const added = [];
  const add = () => session.available().edges.find((e) => e.affordanceId === 'list.add');
  const attach = sv.attachActions(session, 'list', { handlers: { add: () => added.push('added') }, busy: { add: 'Saving the list', open: null } });
  assert.equal(add().busy, undefined, 'nothing is busy before the element attaches');
  const detach = attach({});
  assert.equal(add().busy, 'Saving the list', 'the row carries the app words');
  assert.equal(session.available().edges.find((e) => e.affordanceId === 'list.open').busy, undefined, 'null is not busy');
  const refused = session.fire('list.add', { source: 'agent' });
  assert.equal(refused.reason, 'BUSY');
  assert.equal(refused.busy, 'Saving the list');
  assert.deepEqual(added, []);
  detach();
  await tick();
  assert.equal(add().busy, undefined, 'detaching clears the mark');
  // Svelte re-runs the attachment when the expression changes: the new spec's map is applied afresh.
  const again = sv.attachActions(session, 'list', { handlers: { add: () => added.push('added') } })({});
  assert.equal(add().busy, undefined, 'a spec without busy marks nothing');
  assert.equal(session.fire('list.add', { source: 'agent' }).ok, true);
  assert.deepEqual(added, ['added']);
  again();
});
