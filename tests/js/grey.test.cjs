// Pins why a control is grey, busy marks and already-true fires against the built package
// (docs/session.md §21–§23, docs/facts-and-serving.md §7): `blockedBecause` / `unblockedBy` on greyed
// rows of `available()` and the port's `whats_here`, `session.whatUnblocks`, the brief's greyed line,
// `group.setBusy` and its `BUSY` refusal, and a fire whose filter verify already held. A distinctive
// state value never reaches any of those.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const gf = require('./helpers/load.cjs');

const SECRET = 'ZQX-7731-uploading';

function uploadGraph() {
  return gf.buildNavigationGraph('up', {
    pages: {
      upload: {
        route: '/upload',
        does: 'the upload step',
        actions: {
          start: { does: 'Upload the file', input: 'none', writes: ['upload.status'] },
          submit: {
            does: 'Submit the wizard',
            input: 'none',
            writes: ['wizard.sent'],
            enabledWhen: { 'upload.status': { eq: 'done' } },
          },
          mark: { does: 'Mark it seen', input: 'none', writes: ['seen.flag'], verify: { 'seen.flag': { eq: true } } },
        },
      },
    },
  });
}

function setup(state = {}) {
  const warnings = [];
  const session = gf.createSession(uploadGraph(), undefined, {
    node: 'upload',
    state: { 'upload.status': SECRET, 'seen.flag': false, 'wizard.sent': false, ...state },
    onWarn: (m) => warnings.push(m),
  });
  let finishUpload;
  const group = session.registerActions('upload', {
    handlers: {
      start: () => new Promise((resolve) => { finishUpload = resolve; }),
      submit: () => {},
      mark: () => {},
    },
  });
  return { session, group, warnings, finish: () => finishUpload() };
}

const edge = (session, id) => session.available().edges.find((e) => e.affordanceId === id);

test('a greyed edge says what it waits on, from the graph, and which action writes it', () => {
  const { session } = setup();
  const submit = edge(session, 'upload.submit');
  assert.equal(submit.enabled, false);
  assert.deepEqual(submit.blockedBecause, [{ key: 'upload.status', op: 'eq', expected: 'done' }]);
  assert.deepEqual(submit.unblockedBy, [{ action: 'upload.start', viaKeys: ['upload.status'] }]);
  assert.deepEqual(session.whatUnblocks('upload.submit'), submit.unblockedBy);
  assert.equal(edge(session, 'upload.start').blockedBecause, undefined);
  assert.ok(!JSON.stringify(session.available()).includes(SECRET));
});

test('whatUnblocks marks a running writer and throws a typed error for an unknown id', async () => {
  const { session, finish } = setup();
  session.fire('upload.start');
  assert.deepEqual(session.whatUnblocks('upload.submit'), [
    { action: 'upload.start', viaKeys: ['upload.status'], running: true },
  ]);
  const brief = session.contextBrief().text;
  assert.ok(
    brief.includes('Greyed: upload.submit \u2014 waits on upload.status == "done"; upload.start (running) writes it.'),
    brief,
  );
  assert.ok(!brief.includes(SECRET) && !session.groundTruth().text.includes(SECRET));
  assert.throws(
    () => session.whatUnblocks('upload.nope'),
    (e) => e instanceof Error && e.code === 'UNKNOWN_ACTION' && e.message.startsWith('groundfacts: '),
  );
  assert.throws(() => session.whatUnblocks(42), (e) => e.code === 'BAD_ARGUMENT');
  finish();
  await new Promise((r) => setTimeout(r, 0));
  session.updateState({ 'upload.status': 'done' });
  assert.equal(edge(session, 'upload.submit').enabled, undefined, 'clickable again');
  assert.deepEqual(session.whatUnblocks('upload.submit'), []);
});

test('the port serves blockedBecause and unblockedBy on rows and on the TOOL_DISABLED refusal', () => {
  const { session } = setup();
  const port = gf.serveToAgent(session);
  const here = port.call('up.whats_here', {});
  const row = here.actions.find((r) => r.action === 'upload.submit');
  assert.deepEqual(row.blockedBecause, [{ key: 'upload.status', op: 'eq', expected: 'done' }]);
  assert.deepEqual(row.unblockedBy, [{ action: 'upload.start', viaKeys: ['upload.status'] }]);
  const refused = port.call('up.do_action', { action: 'submit' });
  assert.equal(refused.reason, 'TOOL_DISABLED');
  assert.deepEqual(refused.blockedBecause, row.blockedBecause);
  assert.deepEqual(refused.unblockedBy, row.unblockedBy);
  assert.ok(!JSON.stringify(here).includes(SECRET));
});

test('setBusy: the row carries the app words, a fire is a refused BUSY attempt, null clears it', () => {
  const { session, group } = setup();
  let heard = 0;
  session.subscribe(() => { heard += 1; });
  const version = session.version;
  group.setBusy('mark', 'Saving your notes');
  assert.equal(heard, 1, 'listeners hear a busy change');
  assert.equal(session.version, version, 'no version bump');
  assert.equal(edge(session, 'upload.mark').busy, 'Saving your notes');
  const r = session.fire('upload.mark');
  assert.equal(r.ok, false);
  assert.equal(r.reason, 'BUSY');
  assert.equal(r.busy, 'Saving your notes');
  const facts = session.groundTruth().text;
  assert.ok(facts.endsWith("did NOT happen \u2014 agent's fire of upload.mark was refused: BUSY"), facts);
  assert.ok(!facts.includes('Saving') && !session.contextBrief().text.includes('Saving'));
  const port = gf.serveToAgent(session);
  const refused = port.call('up.do_action', { action: 'mark' });
  assert.equal(refused.reason, 'BUSY');
  assert.equal(refused.busy, 'Saving your notes');
  assert.equal(refused.retriable, true);
  group.setBusy('mark', null);
  assert.equal(edge(session, 'upload.mark').busy, undefined);
});

test('setBusy refuses a bad label or an unknown name with a typed error; unregister clears marks', () => {
  const { session, group } = setup();
  for (const bad of ['', 'two\nlines', 'lone \ud800 surrogate', 'x'.repeat(201), 42, {}]) {
    assert.throws(() => group.setBusy('mark', bad), (e) => e.code === 'BAD_LABEL', String(bad));
  }
  assert.throws(() => group.setBusy('nothing', 'Busy'), (e) => e.code === 'UNKNOWN_ACTION');
  group.setBusy('mark', 'Saving');
  group.unregister();
  assert.equal(edge(session, 'upload.mark').busy, undefined);
  group.setBusy('mark', 'Saving');
  assert.equal(edge(session, 'upload.mark').busy, undefined, 'a group already gone sets nothing');
});

test('a fire whose verify already holds settles on return with alreadyTrue and an honest line', () => {
  const { session } = setup({ 'seen.flag': true });
  const r = session.fire('upload.mark');
  assert.equal(r.ok, true);
  assert.equal(r.settlement, 'settled');
  assert.deepEqual(r.alreadyTrue, [{ key: 'seen.flag', op: 'eq', expected: true }]);
  assert.deepEqual(session.pending(), []);
  const facts = session.groundTruth().text;
  assert.ok(
    facts.endsWith(
      "ran, but its effect already held before it was fired \u2014 agent fired upload.mark (committed; the app's own verify contract already held when it was fired, so this fire is not shown to have caused it)",
    ),
    facts,
  );
  assert.ok(!facts.includes('DID happen'));
  const rec = session.transitions().find((t) => t.id === r.transitionId);
  assert.deepEqual(rec.alreadyTrue, r.alreadyTrue);
  // Restored from a snapshot, the line reads the same.
  const again = gf.createSession(uploadGraph(), undefined, { restore: JSON.parse(JSON.stringify(session.snapshot())) });
  assert.equal(again.groundTruth().text, facts);
  const port = gf.serveToAgent(session);
  const done = port.call('up.do_action', { action: 'mark' });
  assert.deepEqual(done.alreadyTrue, r.alreadyTrue);
  assert.match(done.why, /already held/);
  const poll = port.call('up.did_it_work', { transitionId: done.transitionId });
  assert.deepEqual(poll.alreadyTrue, r.alreadyTrue);
});

test('without the verify holding, a fire still waits for its report', () => {
  const { session } = setup();
  const r = session.fire('upload.mark');
  assert.equal(r.settlement, 'awaiting-state');
  assert.equal(r.alreadyTrue, undefined);
});

test('the package README example runs and prints what its comments say', () => {
  const path = require('path');
  const { codeBlocks, runExample } = require('./helpers/readme.cjs');
  const readme = path.join(__dirname, '..', '..', 'pkg-template', 'README.md');
  const example = codeBlocks(readme, 'js').find((e) => e.heading === 'Why a control is grey, busy, or already done');
  assert.ok(example, 'a js example under the grey/busy heading');
  assert.deepEqual(runExample(example.code, gf), []);
});
