// The review page's tabs and its upload, driven the same way in both demos (react.test.mjs and
// svelte.test.mjs call `reviewTabsAndUpload` once per Vite mode). The two apps share the page's
// declarations (www/shared/review.ts) and its upload (www/shared/upload.ts), and give their controls
// the same test ids.
//
// What it pins, through the agent port the model would use (`window.groundfactsDemo.host.port`):
// - the greyed Submit's whats_here row says what frees it — `blockedBecause` (the key, the operator,
//   the graph's expected operand; never the current state value) and `unblockedBy` (the Upload action,
//   via the key it declares it writes) — and the brief has a line for it;
// - a tab selected (`session.show`) and focus entering its panel (`session.observeFocus`) put
//   `Focus: review.data.` under the block's position line and `lookingAt` on whats_here;
// - while the upload runs (Playwright's clock holds its timers): Upload's row carries the app's busy
//   sentence, Submit's `unblockedBy` marks Upload `running`; the agent's second Upload is refused
//   `BUSY` and the block records it as not happened; the agent's Submit is refused `TOOL_DISABLED`;
// - once the upload is done: the person's Upload is `DID happen` (the app's report named that fire),
//   Submit's row is plain and the agent's Submit succeeds; an Upload fired now finds its effect
//   already true (`alreadyTrue`);
// - back on the Summary tab, the focus line and `lookingAt` follow the reader there.
// `uploadCutByReload`: a reload mid-upload settles the cut-off fire as not happened.

import assert from 'node:assert/strict';
import { openPage, screenshot, textOf, TIMEOUT, waitForText, waitUntil } from './harness.mjs';

const SUBMIT = 'review.submit';
const UPLOAD = 'review.upload';
const BUSY_LABEL = 'Uploading plate-reader-export.csv; it takes a few seconds.';
const UPLOAD_MS = 2400; // www/shared/upload.ts

/** A tool call through the demo's agent port (the agent's side of the record). */
function call(page, tool, args = {}) {
  return page.evaluate(([name, input]) => window.groundfactsDemo.host.port.call(name, input), [tool, args]);
}

/** whats_here's row for `action` (fails when it is not offered). */
async function rowOf(page, action) {
  const here = await call(page, 'wizard.whats_here');
  const row = (here.actions ?? []).find((entry) => entry.action === action);
  assert.ok(row, `whats_here offers no ${action}:\n${JSON.stringify(here.actions)}`);
  return { row, here };
}

/** Submit's greyed row: exactly the failing condition and the action that writes its key. */
function assertGreyed(row, running) {
  assert.equal(row.enabled, false, JSON.stringify(row));
  assert.deepEqual(row.blockedBecause, [{ key: 'upload.done', op: 'eq', expected: true }], JSON.stringify(row));
  assert.deepEqual(
    row.unblockedBy,
    [running ? { action: UPLOAD, viaKeys: ['upload.done'], running: true } : { action: UPLOAD, viaKeys: ['upload.done'] }],
    JSON.stringify(row),
  );
  // The current value of upload.done (false) is nowhere in the row: `enabled: false` aside, no field
  // carries a `false`, and no field names an actual or current value.
  const { enabled: _enabled, ...rest } = row;
  const text = JSON.stringify(rest);
  assert.ok(!text.includes('false'), `a state value leaked into the greyed row: ${text}`);
  assert.ok(!/actual|current|value/i.test(Object.keys(rest).join()), `a state field in the greyed row: ${text}`);
}

/** The brief's line about the greyed Submit. */
function briefLineFor(brief, action) {
  return brief.split('\n').find((line) => line.includes(action) && /grey|blocked|wait/i.test(line)) ?? '';
}

export async function reviewTabsAndUpload(context, base, app, mode) {
  const { page, errors, problems } = await openPage(context);
  // Fake timers from the first script on (time still flows until the test pauses it): the pretend
  // upload's progress runs on setInterval, which the test holds still to look at the running state.
  await page.clock.install();
  await page.goto(`${base}/projects/new/review`);
  await page.getByTestId('page-review').waitFor({ timeout: TIMEOUT });
  await waitForText(page, 'facts', 'You are on: review.', problems);
  await waitUntil(() => page.evaluate(() => window.groundfactsDemo !== undefined), 'the demo never exposed its host');

  // 1. Greyed Submit: its row says what frees it; the brief says it in one line.
  const { row: greyed } = await rowOf(page, SUBMIT);
  assertGreyed(greyed, false);
  const { row: idleUpload } = await rowOf(page, UPLOAD);
  assert.equal(idleUpload.busy, undefined, JSON.stringify(idleUpload));
  const brief = await waitForText(page, 'brief', 'upload.done', problems);
  const line = briefLineFor(brief, SUBMIT);
  assert.ok(line.includes('upload.done') && line.includes(UPLOAD), `the brief's line for the greyed Submit:\n${brief}`);
  assert.ok(!line.includes('false'), `a state value in the brief's line: ${line}`);

  // 2. The Data tab: selected (show), then focus enters its panel (observeFocus).
  await page.getByTestId('tab-data').click();
  await page.getByTestId('panel-data').waitFor({ timeout: TIMEOUT });
  await page.getByTestId('panel-data').focus();
  const focused = await waitForText(page, 'facts', 'Focus: review.data.', problems);
  const lines = focused.split('\n');
  assert.equal(lines[lines.indexOf('You are on: review.') + 1], 'Focus: review.data.', `the focus line sits under the position line:\n${focused}`);
  const { here } = await rowOf(page, SUBMIT);
  assert.equal(here.lookingAt, 'review.data', `whats_here's lookingAt: ${JSON.stringify(here.lookingAt)}`);
  assert.match(await textOf(page, 'submit-why'), /Greyed until review\.upload writes upload\.done\./);
  assert.ok(await page.getByTestId('submit').isDisabled(), "the app's own Submit button is greyed too");

  // 3. The person uploads; every timer is held, so the upload stays running while we look.
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 100);
  await page.getByTestId('upload').click();
  await waitForText(page, 'upload-status', BUSY_LABEL, problems);
  await waitForText(page, 'submit-why', '(running now)', problems);
  const { row: busy } = await rowOf(page, UPLOAD);
  assert.equal(busy.busy, BUSY_LABEL, JSON.stringify(busy));
  assertGreyed((await rowOf(page, SUBMIT)).row, true);
  await screenshot(page, `www-${app}-${mode}-uploading`);

  // A second Upload while it runs: BUSY, recorded as not happened. Submit: still TOOL_DISABLED.
  const again = await call(page, 'wizard.do_action', { action: 'upload' });
  assert.equal(again.ok, false, JSON.stringify(again));
  assert.equal(again.reason, 'BUSY', JSON.stringify(again));
  await waitForText(page, 'facts', "did NOT happen — agent's fire of review.upload was refused: BUSY", problems);
  const early = await call(page, 'wizard.do_action', { action: 'submit' });
  assert.equal(early.reason, 'TOOL_DISABLED', JSON.stringify(early));
  const facts = await waitForText(page, 'facts', "agent's fire of review.submit was refused: TOOL_DISABLED", problems);
  assert.ok(!facts.includes(BUSY_LABEL), `the app's busy sentence is data, never a line of the block:\n${facts}`);

  // 4. The upload finishes: the app's report names the person's fire.
  await page.clock.runFor(UPLOAD_MS + 100);
  await waitForText(page, 'facts', 'DID happen — user fired review.upload (committed; declared effect observed)', problems);
  await waitForText(page, 'upload-status', 'Uploaded.', problems);
  const { row: freed } = await rowOf(page, SUBMIT);
  for (const field of ['enabled', 'blockedBecause', 'unblockedBy']) {
    assert.equal(freed[field], undefined, `${field} on the freed Submit row: ${JSON.stringify(freed)}`);
  }
  assert.equal((await rowOf(page, UPLOAD)).row.busy, undefined, 'the busy sentence is cleared with the upload');
  await page.clock.resume();

  // 5. Submit now works.
  assert.equal(await page.getByTestId('submit').isDisabled(), false);
  const submitted = await call(page, 'wizard.do_action', { action: 'submit' });
  assert.equal(submitted.ok, true, JSON.stringify(submitted));
  assert.equal(submitted.effectStatus, 'performed', JSON.stringify(submitted));
  await waitForText(page, 'facts', 'DID happen — agent fired review.submit (committed; declared effect observed)', problems);
  await waitForText(page, 'submit-why', 'Submitted.', problems);

  // 6. Upload once more: its verify already holds, so the fire settles at once and says so.
  const held = await call(page, 'wizard.do_action', { action: 'upload' });
  assert.equal(held.ok, true, JSON.stringify(held));
  assert.ok(held.alreadyTrue, `alreadyTrue on an Upload whose effect already held: ${JSON.stringify(held)}`);
  assert.deepEqual(await page.evaluate(() => window.groundfactsDemo.host.session.pending?.() ?? []), []);

  // 7. Back to the Summary tab: showing it hides the Data tab, and focus entering it moves there.
  await page.getByTestId('tab-summary').click();
  await page.getByTestId('panel-summary').focus();
  const summary = await waitForText(page, 'facts', 'Focus: review.summary.', problems);
  assert.ok(!summary.includes('Focus: review.data.'), summary);
  assert.equal((await call(page, 'wizard.whats_here')).lookingAt, 'review.summary');

  assert.deepEqual(errors, [], `${app} ${mode}: the page logged errors`);
  await page.close();
}

/**
 * A reload while the upload runs: both demos keep the session across a reload, but an upload does not
 * survive its page. The app says so once the restored session exists (`upload.reportLostUploads`): the
 * open Upload fire settles as not happened, Submit's `unblockedBy` no longer calls Upload running, and
 * a new upload goes through.
 */
export async function uploadCutByReload(context, base) {
  const { page, errors, problems } = await openPage(context);
  await page.clock.install();
  await page.goto(`${base}/projects/new/review`);
  await page.getByTestId('page-review').waitFor({ timeout: TIMEOUT });
  await waitForText(page, 'facts', 'You are on: review.', problems);
  await page.getByTestId('tab-data').click();
  // Held timers: the upload cannot finish before the reload, however slow the machine.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
  await page.getByTestId('upload').click();
  await waitForText(page, 'facts', 'not yet known — user fired review.upload', problems);
  await page.reload();
  await page.clock.resume();
  await page.getByTestId('page-review').waitFor({ timeout: TIMEOUT });
  const facts = await waitForText(
    page,
    'facts',
    "did NOT happen — user fired review.upload (the app's own verify contract did not hold afterwards)",
    problems,
  );
  assert.ok(!facts.includes('Awaiting the app'), `nothing is left awaiting a report:\n${facts}`);
  await waitUntil(() => page.evaluate(() => window.groundfactsDemo !== undefined), 'the demo never exposed its host');
  assertGreyed((await rowOf(page, SUBMIT)).row, false); // no longer `running`
  await page.getByTestId('tab-data').click();
  assert.equal(await textOf(page, 'upload-status'), 'Not uploaded yet.');
  await page.getByTestId('upload').click();
  await waitForText(page, 'facts', 'DID happen — user fired review.upload (committed; declared effect observed)', problems);
  assert.equal((await rowOf(page, SUBMIT)).row.enabled, undefined);
  assert.deepEqual(errors, [], 'upload cut by a reload: the page logged errors');
  await page.close();
}
