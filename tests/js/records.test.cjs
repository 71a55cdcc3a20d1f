// Pins one declaration per record (docs/records.md): what JS receives for a snapshot and for the
// ledgers has exactly the members the published .d.ts declares for it, key for key, every required
// member present and no member undeclared, because both come from the one Rust declaration
// (serde writes the value, tsify the type, `record!` the snapshot reader's keys from the same fields).
// A field added to a record's declaration appears in all three; a hand-written copy could not.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');
const gf = require('./helpers/load.cjs');
const { createWizardApp, flush } = require('./examples/guarded-wizard/app.cjs');
const { wizardDefinition } = require('./helpers/wizard.cjs');

const DTS = fs.readFileSync(path.join(__dirname, '..', '..', 'pkg', 'groundfacts.d.ts'), 'utf8');

/**
 * Every `export interface Name [extends Base] { … }` of the .d.ts: member name → { optional, type },
 * a base's members included (a flattened record: its fields sit in the same object).
 */
function interfaces(dts) {
  const found = new Map();
  const bases = [];
  const block = /^export interface (\w+)(?: extends (\w+))? \{\n([\s\S]*?)^\}/gm;
  for (const [, name, base, body] of dts.matchAll(block)) {
    if (base) bases.push([name, base]);
    const members = new Map();
    const withoutDocs = body.replace(/\/\*\*[\s\S]*?\*\//g, '');
    for (const [, key, optional, type] of withoutDocs.matchAll(/^ {4}(\w+)(\??): (.+);$/gm)) {
      members.set(key, { optional: optional === '?', type });
    }
    found.set(name, members);
  }
  for (const [name, base] of bases) {
    for (const [key, member] of found.get(base) || []) found.get(name).set(key, member);
  }
  return found;
}

const DECLARED = interfaces(DTS);

/**
 * Check `value` against interface `name`, recursing into members typed by another interface (or a
 * list of one, or one `| null`). Returns the places that disagree (`transitions[0].newField: …`).
 */
function disagreements(value, name, at, seen) {
  const members = DECLARED.get(name);
  if (!members) return [];
  seen.add(name);
  const out = [];
  for (const key of Object.keys(value)) {
    if (!members.has(key)) out.push(`${at}.${key}: written but not declared in ${name}`);
  }
  for (const [key, { optional, type }] of members) {
    if (!(key in value)) {
      if (!optional) out.push(`${at}.${key}: declared required in ${name} but not written`);
      continue;
    }
    const inner = /^(\w+)(\[\])?( \| null)?$/.exec(type);
    const member = value[key];
    if (!inner || member === null || !DECLARED.has(inner[1])) continue;
    const items = inner[2] ? member : [member];
    items.forEach((item, i) => {
      if (item && typeof item === 'object') {
        out.push(...disagreements(item, inner[1], inner[2] ? `${at}.${key}[${i}]` : `${at}.${key}`, seen));
      }
    });
  }
  return out;
}

/**
 * The seed run, plus a report row, a refusal, a reported gap, a closed and an open journey frame and an
 * ask left in the book, so every ledger and every snapshot item has rows.
 */
async function busySession() {
  const app = createWizardApp(gf);
  await flush();
  const { session } = app;
  session.commitJourney('new-project');
  session.fire('wizard.next-to-review', { source: 'agent' });
  session.fire('wizard.name-it', { source: 'agent', payload: { name: 'Ion channel screen' } });
  session.fire('wizard.pick-recipe', { source: 'agent', payload: { recipe: 'not-a-recipe' } });
  session.fire('wizard.pick-recipe', { source: 'agent', payload: { recipe: 'dose-response' } });
  session.fire('wizard.next-to-review', { source: 'agent' });
  session.fire('no-such-action', { source: 'agent' });
  session.confirmAsk('review.create-project');
  session.fire('review.create-project', { source: 'agent' });
  session.reportGap('export the screen as CSV', { actionsMayBeStale: true });
  session.leaveJourney();
  session.commitJourney('new-project');
  session.confirmAsk('review.create-project', { input: { note: 'again' } });
  return session;
}

/** A session keeping 4 rows per ledger after 22 attempts, so its snapshot carries folded fires. */
function foldingSession() {
  const app = { path: '/projects/new' };
  const graph = gf.buildNavigationGraph('wizard', wizardDefinition(gf, app));
  const state = { 'project.name': '', 'project.recipe': '', 'projects.count': 0 };
  const session = gf.createSession(graph, (href) => { app.path = href; }, { node: 'wizard', state, retain: 4 });
  session.registerActions('wizard', { handlers: { 'name-it': (input) => { session.updateState({ 'project.name': input.name }); } } });
  session.fire('wizard.pick-recipe', { source: 'agent', payload: { recipe: 'x' } });
  for (let i = 0; i < 10; i += 1) {
    session.fire('wizard.name-it', { payload: { name: `n${i}` } });
    session.fire('wizard.not-an-action');
  }
  session.fire('wizard.next-to-review', { source: 'agent' }); // refused with its guard's evidence
  return session;
}

test('the .d.ts declares the snapshot records it is checked against', () => {
  for (const name of ['SessionSnapshot', 'SnapTransition', 'SnapGap', 'SnapAffordance', 'SnapAsk', 'JourneyFrame', 'SnapFoldedFire', 'Work', 'TransitionRecord', 'GapRecord']) {
    assert.ok(DECLARED.has(name), `${name} is an interface of pkg/groundfacts.d.ts`);
  }
});

test('a snapshot has exactly the members its TypeScript type declares, item by item', async () => {
  const session = await busySession();
  const snapshot = JSON.parse(JSON.stringify(session.snapshot()));
  assert.ok(snapshot.transitions.length > 0 && snapshot.gaps.length > 0 && snapshot.affordances.length > 0);
  assert.ok(snapshot.asks.length > 0 && snapshot.frame && snapshot.closedFrames.length > 0);
  assert.ok(snapshot.gaps.some((g) => g.request !== null), 'a gap with its rare fields');
  const folded = JSON.parse(JSON.stringify(foldingSession().snapshot()));
  assert.ok(folded.folded.fires.length > 0 && folded.gaps.some((g) => g.evidence !== null));
  const seen = new Set();
  assert.deepEqual([
    ...disagreements(snapshot, 'SessionSnapshot', 'snapshot', seen),
    ...disagreements(folded, 'SessionSnapshot', 'folded', seen),
  ], []);
  for (const name of ['SnapTransition', 'SnapGap', 'SnapEvidence', 'SnapAffordance', 'SnapAttempt', 'SnapSettled', 'SnapFailure', 'SnapClock', 'SnapCursor', 'SnapAsk', 'JourneyFrame', 'SnapFolded', 'SnapFoldedFire']) {
    assert.ok(seen.has(name), `${name} was checked`);
  }
});

test('ledger rows as JS reads them have exactly the members their TypeScript types declare', async () => {
  const session = await busySession();
  const seen = new Set();
  const problems = [
    ...session.transitions().flatMap((row, i) => disagreements(row, 'TransitionRecord', `transitions[${i}]`, seen)),
    ...session.gaps().flatMap((row, i) => disagreements(row, 'GapRecord', `gaps[${i}]`, seen)),
  ];
  assert.deepEqual(problems, []);
  assert.ok(seen.has('TransitionRecord') && seen.has('GapRecord') && seen.has('Cause'));
});

test('a transition row\'s kept fields are declared once and flattened into its snapshot item', () => {
  const row = DECLARED.get('TransitionRow');
  assert.ok(row && row.has('unverifiedEdge') && row.has('stage'));
  for (const key of row.keys()) assert.ok(DECLARED.get('SnapTransition').has(key), key);
  assert.match(DTS, /^export interface SnapTransition extends TransitionRow \{/m);
});

test('a gap row and a folded fire are declared once and flattened into their snapshot items', () => {
  const detail = DECLARED.get('GapDetail');
  assert.deepEqual([...detail.keys()], ['evidence', 'journeyId', 'request', 'reason']);
  for (const key of detail.keys()) assert.ok(DECLARED.get('SnapGap').has(key), key);
  assert.match(DTS, /^export interface SnapGap extends GapDetail \{/m);
  const fire = DECLARED.get('FoldedFire');
  assert.ok(fire && fire.has('alreadyTrue') && fire.get('alreadyTrue').optional);
  for (const key of fire.keys()) assert.ok(DECLARED.get('SnapFoldedFire').has(key), key);
  assert.match(DTS, /^export interface SnapFoldedFire extends FoldedFire \{/m);
});

test('asks and journey frames are their own snapshot items: a snapshot writes the frames journeyFrame() returns', async () => {
  const session = await busySession();
  const snapshot = JSON.parse(JSON.stringify(session.snapshot()));
  assert.deepEqual(snapshot.frame, session.journeyFrame());
  const closed = session.leaveJourney();
  assert.deepEqual(JSON.parse(JSON.stringify(session.snapshot())).closedFrames.at(-1), closed);
  const book = session.asks();
  assert.deepEqual(snapshot.asks.map((a) => `ask#${a.n}`), book.map((a) => a.askId));
  assert.deepEqual(snapshot.asks.map((a) => a.affordanceId), book.map((a) => a.affordanceId));
  assert.ok(snapshot.asks.every((a) => !('removed' in a)), 'the walker\'s own latch is not written');
});

test('the checker sees an undeclared member and a missing required one', () => {
  const row = { stage: 'x', n: 1 };
  const problems = disagreements({ ...row, newField: true }, 'SnapTransition', 't', new Set());
  assert.ok(problems.includes('t.newField: written but not declared in SnapTransition'));
  assert.ok(problems.includes('t.kind: declared required in SnapTransition but not written'));
});
