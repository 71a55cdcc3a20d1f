// The tree API and route planning against the built package (docs/graph.md §2.2,
// docs/session.md §4.1 and §6.1): containers authored on a page, show / hide / observeFocus with typed
// refusals, the facts block's `Focus:` line and the port's `lookingAt`, the bounded focus ledger, a snapshot through JSON
// text, subscribe listeners, and howToReach's hops, marks and null.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const gf = require('./helpers/load.cjs');

const def = () => ({
  pages: {
    home: { does: 'the start', actions: {
      'open-review': { does: 'Open the review', goTo: 'review', input: 'none' },
      'open-admin': { does: 'Open admin', goTo: 'admin', input: 'none', when: { 'user.admin': { eq: true } } },
    } },
    review: { does: 'the review page', containers: {
      files: { kind: 'tab', does: 'the uploaded files', containers: {
        upload: { kind: 'modal', does: 'the upload dialog' },
      } },
      notes: { kind: 'tab', does: "the reviewer's notes" },
      side: { kind: 'area', does: 'the side panel' },
    }, actions: {
      submit: { does: 'Submit the review', goTo: 'done', input: 'none', enabledWhen: { 'upload.done': { eq: true } } },
    } },
    done: { does: 'the end' },
    admin: { does: 'admin' },
    island: { does: 'nothing links here' },
  },
});

function make(options = {}) {
  const graph = gf.buildNavigationGraph('tree', def());
  return gf.createSession(graph, undefined, { state: { 'upload.done': false, 'user.admin': false }, ...options });
}

test('bad containers throw GraphValidationError with a code naming the value', () => {
  const bad = (containers) => () => gf.buildNavigationGraph('g', { pages: { p: { containers } } });
  assert.throws(bad({ x: { kind: 'drawer', does: 'd' } }), (e) =>
    e instanceof gf.GraphValidationError && e.code === 'BAD_CONTAINER_KIND' && /'drawer'/.test(e.message));
  assert.throws(bad({ x: { kind: 'tab' } }), (e) => e.code === 'MISSING_DOES' && /'p\.x'/.test(e.message));
  assert.throws(bad({ 'a.b': { kind: 'tab', does: 'd' } }), (e) => e.code === 'BAD_NAME');
  assert.throws(bad([1]), (e) => e.code === 'BAD_VALUE' || e.code === 'BAD_CONTAINER_KIND');
});

test('focus: a Focus line and lookingAt only while a focus below page level is known', () => {
  const session = make();
  session.sync('review');
  const port = gf.serveToAgent(session);
  const plain = session.groundTruth().text;
  assert.doesNotMatch(plain, /Focus:/);
  assert.equal(port.call('tree.whats_here', {}).lookingAt, undefined);
  const version = session.version;
  session.observeFocus('review.files.upload');
  assert.equal(session.version, version, 'focus is not a navigation');
  assert.match(session.groundTruth().text, /\nYou are on: review\.\nFocus: review\.files\.upload\.\n/);
  const here = port.call('tree.whats_here', {});
  assert.equal(here.lookingAt, 'review.files.upload');
  assert.equal(here.youAreOn, 'review');
  assert.deepEqual(session.whereInPage(), {
    page: 'review', focus: 'review.files.upload', visible: ['review.files', 'review.files.upload', 'review.side'],
  });
  // Selecting the other tab hides `files`: the focus moves up to page level, the line goes.
  session.show('review.notes');
  assert.equal(session.whereInPage().focus, null);
  assert.equal(session.groundTruth().text, plain);
  // Leaving the page forgets focus.
  session.observeFocus('review.notes', { principal: 'agent' });
  session.sync('home');
  assert.doesNotMatch(session.groundTruth().text, /Focus:/);
  const rows = session.focusHistory().rows;
  assert.deepEqual(rows.map((r) => r.change), ['focus', 'show', 'focus']);
  assert.equal(rows[2].principal, 'agent');
  assert.equal(rows[0].principal, 'user');
});

test('unknown paths and other pages are refused with typed errors; the session stays usable', () => {
  const session = make();
  assert.throws(() => session.show('review.files'), (e) =>
    e instanceof gf.SessionError && e.code === 'NOT_ON_THIS_PAGE' && /sync\('review'\)/.test(e.message));
  session.sync('review');
  assert.throws(() => session.observeFocus('review.nope'), (e) => e.code === 'UNKNOWN_CONTAINER');
  assert.throws(() => session.hide(42), (e) => e instanceof gf.SessionError);
  assert.throws(() => session.observeFocus('review.files', { principal: 'robot' }), (e) => e.code === 'BAD_ARGUMENT');
  assert.equal(session.focusHistory().rows.length, 0);
  session.show('review.files');
  assert.equal(session.focusHistory().rows.length, 1);
  // A component inside a container registers on the container's page.
  let ran = 0;
  const group = session.registerActions('review.files.upload', { handlers: { submit: () => { ran += 1; } } });
  assert.match(group.id, /^mount:review#/);
  session.updateState({ 'upload.done': true });
  assert.equal(session.fire('review.submit', { source: 'user' }).ok, true);
  assert.equal(ran, 1);
});

test('the focus ledger is bounded by retain; a snapshot carries focus, visibility and the ledger', () => {
  const session = make({ retain: 2 });
  session.sync('review');
  for (const tab of ['files', 'notes', 'files']) session.show(`review.${tab}`);
  session.observeFocus('review.files.upload');
  const history = session.focusHistory();
  assert.equal(history.rows.length, 2);
  assert.equal(history.folded, 2);
  const graph = gf.buildNavigationGraph('tree', def());
  const restored = gf.createSession(graph, undefined, { restore: JSON.parse(JSON.stringify(session.snapshot())) });
  assert.deepEqual(restored.whereInPage(), session.whereInPage());
  assert.deepEqual(restored.focusHistory(), history);
  assert.equal(restored.groundTruth().text, session.groundTruth().text);
});

test('subscribe listeners hear focus changes, not repeats', () => {
  const session = make();
  session.sync('review');
  let heard = 0;
  session.subscribe(() => { heard += 1; });
  session.observeFocus('review.files');
  session.observeFocus('review.files');
  assert.equal(heard, 1);
  session.hide('review.files');
  assert.equal(heard, 2);
});

test('howToReach: shortest declared hops, marked when not available now; [] here; null with no route', () => {
  const session = make();
  assert.deepEqual(session.howToReach('home'), []);
  assert.deepEqual(session.howToReach('done'), [
    { action: 'home.open-review', to: 'review' },
    { action: 'review.submit', to: 'done', notAvailableNow: 'greyed' },
  ]);
  assert.deepEqual(session.howToReach('admin'), [{ action: 'home.open-admin', to: 'admin', notAvailableNow: 'hidden' }]);
  assert.equal(session.howToReach('island'), null);
  assert.throws(() => session.howToReach('nowhere'), (e) => e instanceof gf.SessionError && e.code === 'UNKNOWN_NODE');
  session.updateState({ 'upload.done': true });
  assert.deepEqual(session.howToReach('done')[1], { action: 'review.submit', to: 'done' });
});

test('the README example of "Where inside the page" runs and prints what its comments say', () => {
  const path = require('path');
  const { codeBlocks, runExample } = require('./helpers/readme.cjs');
  const readme = path.join(__dirname, '..', '..', 'pkg-template', 'README.md');
  const example = codeBlocks(readme, 'js').find((b) => b.heading === 'Where inside the page, and how to get there');
  assert.ok(example, 'a js example under "## Where inside the page, and how to get there"');
  const printed = runExample(example.code, gf);
  assert.deepEqual(printed, ['You are on: review.\nFocus: review.files.upload.']);
});

test('groundfacts/svelte: the whereInPage store follows focus and visibility, and is empty without a session', async (t) => {
  const fs = require('fs');
  const os = require('os');
  const path = require('path');
  const { pathToFileURL } = require('url');
  const ROOT = path.join(__dirname, '..', '..');
  const PKG = path.join(ROOT, 'pkg');
  const SVELTE = path.join(ROOT, 'scripts', 'node_modules', 'svelte');
  if (!fs.existsSync(path.join(PKG, 'svelte', 'index.js')) || !fs.existsSync(SVELTE)) {
    t.skip('needs pkg/svelte and scripts/node_modules/svelte (scripts/build.sh)');
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'groundfacts-tree-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.mkdirSync(path.join(dir, 'node_modules'));
  fs.cpSync(PKG, path.join(dir, 'node_modules', 'groundfacts'), { recursive: true });
  fs.symlinkSync(SVELTE, path.join(dir, 'node_modules', 'svelte'), 'dir');
  fs.writeFileSync(path.join(dir, 'package.json'), '{ "name": "consumer", "private": true, "type": "module" }');
  fs.writeFileSync(path.join(dir, 'entry.js'),
    "export * as gf from 'groundfacts';\nexport * as sv from 'groundfacts/svelte';\nexport * as store from 'svelte/store';\n");
  const { gf: pkg, sv, store } = await import(pathToFileURL(path.join(dir, 'entry.js')).href);
  assert.equal(store.get(sv.whereInPage(undefined)), undefined);
  const session = pkg.createSession(pkg.buildNavigationGraph('tree', def()), undefined, { node: 'review' });
  const seen = [];
  const stop = sv.whereInPage(session).subscribe((v) => seen.push(v));
  session.observeFocus('review.files');
  session.updateState({ other: 1 }); // a change elsewhere is not news to this store
  session.show('review.notes');
  stop();
  assert.deepEqual(seen.map((v) => v.focus), [null, 'review.files', null]);
  assert.deepEqual(seen[2].visible, ['review.notes', 'review.side']);
});
