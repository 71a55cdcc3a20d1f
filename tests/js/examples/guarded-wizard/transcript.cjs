// Drives the guarded-wizard app through the agent port exactly as docs/facts-and-serving.md §5.2 scripts it and
// returns every block the seed document shows (formatting: docs/facts-and-serving.md §5.3). Run directly (scripts/main.sh does) to
// print them under section headers; the transcript test compares them with expected-transcript.txt.
'use strict';

const path = require('path');
const { createWizardApp, flush } = require('./app.cjs');

/** JSON of only `keys`, in that order, skipping absent ones, compact. */
function pick(obj, keys) {
  const out = {};
  for (const key of keys) if (obj[key] !== undefined) out[key] = obj[key];
  return JSON.stringify(out);
}

/** A schema as `{ name: string, other?: any }`; a string `expects` as-is. */
function shape(expects) {
  if (typeof expects === 'string') return expects;
  const required = new Set(expects.required || []);
  const fields = Object.entries(expects.properties || {}).map(
    ([name, prop]) => `${name}${required.has(name) ? '' : '?'}: ${(prop && prop.type) || 'any'}`,
  );
  return `{ ${fields.join(', ')} }`;
}

function actionRow(row) {
  const marks = [];
  if (row.highEffect) marks.push('high-effect');
  if (row.expects !== undefined) marks.push(`expects ${shape(row.expects)}`);
  return `  ${row.action.padEnd(22)} ${marks.join(' · ')}`.trimEnd();
}

/** Run the seed script; returns [{ title, text }] — one entry per block of the seed, in order. */
async function runTranscript(gf) {
  const blocks = [];
  const show = (title, lines) => blocks.push({ title, text: lines.join('\n') });

  const { session, router } = createWizardApp(gf);
  await flush(); // the app has mounted: its registrations are one structure change
  const port = gf.serveToAgent(session);
  const journey = 'wizard.journey.new-project';

  // Turn 1 — what the model is shown.
  const here = port.call('wizard.whats_here', {});
  const greyed = session.available().edges.filter((e) => e.enabled === false).map((e) => e.affordanceId);
  show('turn 1 · what the model is shown', [
    ...here.facts.split('\n').slice(-2),
    'actions:',
    ...here.actions.map(actionRow),
    '(wizard.pick-recipe is absent: its guard has not opened yet)',
    `(available() marks greyed: ${greyed.join(', ')})`,
  ]);

  // Turns 2–3 — reaching for a greyed button.
  show('turn 2 · the journey opens', [pick(port.call(journey, {}), ['frame', 'judgment', 'readySteps'])]);
  show('turn 3 · the greyed step', [pick(port.call(journey, { step: 'next-to-review' }), ['judgment', 'did', 'reason'])]);

  // Turn 4 — name it (not shown in the seed).
  const named = port.call(journey, { step: 'name-it', input: { name: 'Ion channel screen' } });
  await flush();
  port.call('wizard.did_it_work', { transitionId: named.transitionId });

  // Turn 5 — the handler ran; nothing happened.
  const badPick = port.call(journey, { step: 'pick-recipe', input: { recipe: 'not-a-recipe' } });
  await flush();
  show('turn 5 · the handler ran; nothing happened', [
    pick(port.call('wizard.did_it_work', { transitionId: badPick.transitionId }), [
      'settled', 'did', 'effectStatus', 'outcome', 'writesObserved', 'verifyHeld', 'error',
    ]),
  ]);

  // Turn 6 — the right recipe (not shown).
  port.call(journey, { step: 'pick-recipe', input: { recipe: 'dose-response' } });
  await flush();
  port.call('wizard.whats_here', {});

  // Turn 7 — a step nothing is wired to.
  const next = port.call(journey, { step: 'next-to-review' });
  await flush();
  show('turn 7 · a step nothing is wired to', [
    pick(port.call('wizard.did_it_work', { transitionId: next.transitionId }), [
      'settled', 'did', 'effectStatus', 'verifyHeld', 'toNode', 'youAreOn',
    ]),
    `the app\u2019s own router is at ${router.path}`,
  ]);

  // Turn 8 — the gate that does not move.
  const ask = port.call('wizard.do_action', { action: 'create-project' });
  show('turn 8 · the gate that does not move', [
    pick(ask, ['judgment', 'action', 'does', 'askId']),
    JSON.stringify(ask.receipts && ask.receipts.willDo),
  ]);

  // Turn 9 — the human said yes (not shown).
  const created = port.call('wizard.do_action', { action: 'create-project', confirm: true });
  await flush();
  port.call('wizard.did_it_work', { transitionId: created.transitionId });

  show('the facts block, at the end', [session.groundTruth().text]);

  // The control: the same wizard without the spine.
  const control = createWizardApp(gf, { crossLinks: false });
  await flush();
  const before = control.warnings.length;
  control.router.push('/projects');
  const deadEnd = control.session.gaps().find((g) => g.kind === 'dead-end');
  show('the control: the same wizard without the spine', [
    control.warnings[before],
    deadEnd ? pick(deadEnd, ['kind', 'node', 'availableActions', 'availableJourneys']) : '(no dead-end row)',
  ]);

  return blocks;
}

module.exports = { runTranscript, actionRow, shape, pick };

if (require.main === module) {
  const gf = require(process.env.GROUNDFACTS_NODE_PKG || path.join(__dirname, '..', '..', '..', '..', 'pkg-node'));
  runTranscript(gf).then(
    (blocks) => {
      for (const { title, text } of blocks) process.stdout.write(`\u2500\u2500 ${title}\n\n${text}\n\n`);
    },
    (err) => {
      process.stderr.write(`transcript failed: ${err && err.stack ? err.stack : err}\n`);
      process.exitCode = 1;
    },
  );
}
