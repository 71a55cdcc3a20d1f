// The React demo's persistence scenarios, run by react.test.mjs once per Vite mode: a reload
// mid-wizard keeps the facts block (the provider's `persist`), a stored record the session refuses is
// a warning and a fresh session, a storage that refuses the write is one warning and the stored record
// is removed, and after a real trap of the wasm module the provider rebuilds graph and session from the
// persisted record (docs/session.md §25). Uses harness.mjs and react-app.mjs.

import assert from 'node:assert/strict';
import {
  assertNoErrors,
  openPage,
  screenshot,
  settledText,
  textOf,
  TIMEOUT,
  trapTheModule,
  waitForText,
  waitUntil,
} from './harness.mjs';
import { agentCall, attemptLines, FRESH, open, SEED, versionIn, withoutVersions } from './react-app.mjs';

/**
 * `persist="wizard"` (main.tsx) keeps the session in sessionStorage and the demo's store keeps itself
 * (store.ts): mid-wizard — a refused greyed Next, the name, a recipe the verify contract catches —
 * the facts block and the brief after a reload say what they said before; handlers are re-registered
 * by the remounted page and the wizard goes on, the next attempt appended to the record. Returns the
 * facts block before and right after the reload, which the caller compares version included.
 */
export async function reload(context, base, mode) {
  const { page, errors, problems } = await open(context, base, '/projects/new');
  await waitForText(page, 'tools', 'wizard.journey.new-project', problems);
  await agentCall(page, 'wizard.do_action', { action: 'next-to-review' });
  await waitForText(page, 'facts', SEED.greyed, problems);
  await page.getByTestId('name-input').fill('Before the reload');
  await page.getByTestId('name-it').click();
  await waitForText(page, 'facts', 'DID happen — user fired wizard.name-it (committed; declared effect observed)', problems);
  await agentCall(page, 'wizard.do_action', { action: 'pick-recipe', input: { recipe: 'dose-respose' } });
  await waitForText(page, 'facts', SEED.badRecipe, problems);
  const facts = await settledText(page, 'facts');
  const brief = await textOf(page, 'brief');
  const version = versionIn(facts);
  assert.equal(attemptLines(facts).length, 3, facts);

  await page.reload();
  await page.getByTestId('page-wizard').waitFor({ timeout: TIMEOUT });
  await waitForText(page, 'facts', SEED.badRecipe, problems);
  const reloaded = await settledText(page, 'facts');
  const briefReloaded = await textOf(page, 'brief');
  // Every line the block says survives; the exact texts (version, the brief) are the caller's to compare.
  assert.equal(withoutVersions(reloaded), withoutVersions(facts), 'the facts block after the reload differs from the one before');
  // The app's own store came back with it: the draft is there.
  assert.equal(await page.getByTestId('name-input').inputValue(), 'Before the reload');
  const refused = problems.filter((line) => line.includes('persist'));
  assert.deepEqual(refused, [], 'the stored record was restored without a warning');

  // The wizard goes on from where it was: the good recipe, then Next, appended after the old attempts.
  await page.getByTestId('recipe-select').selectOption('dose-response');
  await page.getByTestId('pick-recipe').click();
  await waitForText(page, 'facts', 'DID happen — user fired wizard.pick-recipe (committed; declared effect observed)', problems);
  await page.getByTestId('next').click();
  await page.waitForURL((url) => url.pathname === '/projects/new/review', { timeout: TIMEOUT });
  await waitForText(page, 'facts', 'user fired wizard.next-to-review', problems);
  await waitForText(page, 'facts', 'You are on: review.', problems);
  // The review page registers its actions in a mount effect after the route change, which moves the
  // version; read the block once that has landed, so it is the one the stored record holds.
  const after = await settledText(page, 'facts');
  const lines = attemptLines(after);
  assert.deepEqual(lines.slice(0, 3), attemptLines(facts), `the record before the reload is not kept in order:\n${after}`);
  assert.equal(lines.length, 5, after);
  assert.ok(versionIn(after) > versionIn(reloaded), `the version did not move on after the reload:\n${after}`);
  assert.ok(version > 0);

  // A second reload, on the review page, keeps that too (the new attempts were written as they happened).
  await page.reload();
  await page.getByTestId('page-review').waitFor({ timeout: TIMEOUT });
  await waitForText(page, 'facts', 'user fired wizard.next-to-review', problems);
  assert.equal(await settledText(page, 'facts'), after);
  await screenshot(page, `www-react-${mode}-reloaded`);
  assertNoErrors(errors, 'reload');
  await page.close();
  return { before: facts, reloaded, briefBefore: brief, briefReloaded };
}

/**
 * A stored record the session refuses — a snapshot from a newer version of the package, then one
 * damaged (cut off mid-JSON) — is a warning through the app's onWarn naming the core's typed code,
 * and a fresh session: the app runs, and the fresh record replaces the refused one at once.
 */
export async function refusedRestore(context, base) {
  const { page, errors, problems } = await openPage(context);
  await page.goto(`${base}/projects/new`);
  await waitForText(page, 'facts', FRESH, problems);
  await page.getByTestId('name-input').fill('Kept in the store');
  await page.getByTestId('name-it').click();
  await waitForText(page, 'facts', 'user fired wizard.name-it', problems);
  const KEY = 'groundfacts:session:wizard';
  const edits = [
    ['RESTORE_NEWER_FORMAT', (text) => JSON.stringify({ ...JSON.parse(text), formatVersion: 999 })],
    ['RESTORE_DAMAGED', (text) => text.slice(0, Math.floor(text.length / 2))],
  ];
  for (const [code, edit] of edits) {
    const stored = await page.evaluate((key) => sessionStorage.getItem(key), KEY);
    assert.ok(stored, 'the session was stored');
    await page.evaluate(([key, text]) => sessionStorage.setItem(key, text), [KEY, edit(stored)]);
    const warnedBefore = problems.length;
    await page.reload();
    await page.getByTestId('page-wizard').waitFor({ timeout: TIMEOUT });
    await waitUntil(
      async () =>
        problems
          .slice(warnedBefore)
          .some((line) => line.includes(`did not restore the session stored under "${KEY}" (${code}:`)),
      `no ${code} warning about the refused record:\n${problems.join('\n')}`,
    );
    // A fresh session: no attempts (the demo's store did survive: it is the new session's starting state).
    const facts = await waitForText(page, 'facts', FRESH, problems);
    assert.equal(attemptLines(facts).length, 0, facts);
    assert.equal(await page.getByTestId('name-input').inputValue(), 'Kept in the store');
    // The fresh session's record replaced the refused one at once: it restores without a word.
    const replaced = await page.evaluate((key) => JSON.parse(sessionStorage.getItem(key)), KEY);
    assert.equal(replaced.formatVersion, 1);
    assert.deepEqual(replaced.attempts, [], 'the stored record is the fresh session, with no attempts');
  }
  assertNoErrors(errors, 'refused restore');
  await page.close();
}

/**
 * A storage that refuses the write (here: this tab's sessionStorage filled to its quota) is one
 * warning; the stored record is removed rather than left to restore an older record later, and the
 * app goes on — a reload then starts fresh.
 */
export async function fullStorage(context, base) {
  const { page, errors, problems } = await openPage(context);
  await page.goto(`${base}/projects/new`);
  await waitForText(page, 'facts', FRESH, problems);
  await page.getByTestId('name-input').fill('Before the storage filled up');
  await page.getByTestId('name-it').click();
  await waitForText(page, 'facts', 'user fired wizard.name-it', problems);
  const KEY = 'groundfacts:session:wizard';
  // Fill the origin's quota: halve the chunk each time a filler is refused, down to a few characters.
  const filled = await page.evaluate(() => {
    let n = 0;
    for (let size = 1 << 22; size >= 16; ) {
      try {
        sessionStorage.setItem(`filler-${n}`, 'x'.repeat(size));
        n += 1;
      } catch {
        size >>= 1;
      }
    }
    return n;
  });
  assert.ok(filled > 0);
  const warnedBefore = problems.length;
  await page.getByTestId('name-input').fill('After the storage filled up, a longer name than before');
  await page.getByTestId('name-it').click();
  await waitForText(page, 'facts', 'Attempts so far (version', problems);
  await waitUntil(
    async () => problems.slice(warnedBefore).some((line) => line.includes(`the session goes on but is no longer kept under "${KEY}"`)),
    `no warning about the refused write:\n${problems.join('\n')}`,
  );
  assert.equal(await page.evaluate((key) => sessionStorage.getItem(key), KEY), null, 'the stale record was removed');
  const live = attemptLines(await textOf(page, 'facts'));
  assert.equal(live.length, 2, 'the session goes on');
  // Free the space again: a reload starts a fresh session (the removed record cannot restore old news).
  await page.evaluate(() => {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith('filler-')) sessionStorage.removeItem(key);
  });
  await page.reload();
  await waitForText(page, 'facts', FRESH, problems);
  assertNoErrors(errors, 'full storage');
  await page.close();
}

/**
 * docs/session.md §25 in the demo: the wasm memory runs out for real (a browser whose wasm memory ceiling
 * is lowered); the provider builds the graph and a session again from the persisted record, marked
 * historyLost — the facts panel keeps the attempts written before and says history was lost — and the
 * mounted wizard, its handlers re-registered, the agent port over the new session and the router go on.
 */
export async function moduleRestart(context, base) {
  const { page, errors, problems } = await open(context, base, '/projects/new');
  await waitForText(page, 'tools', 'wizard.journey.new-project', problems);
  await page.getByTestId('name-input').fill('Before the trap');
  await page.getByTestId('name-it').click();
  await waitForText(page, 'facts', 'DID happen — user fired wizard.name-it (committed; declared effect observed)', problems);
  const before = await textOf(page, 'facts');
  const oldHost = await page.evaluate(() => (window.__oldHost = window.groundfactsDemo.host, true));
  assert.ok(oldHost);

  const trapped = await trapTheModule(page);
  assert.deepEqual(trapped, { name: 'SessionError', code: 'MODULE_RESET' });
  const lost = "Part of this record was lost: the app's groundfacts module failed and was started again at version ";
  await waitForText(page, 'facts', lost, problems);
  const after = await textOf(page, 'facts');
  assert.deepEqual(attemptLines(after), attemptLines(before), `the persisted attempts are still listed:\n${after}`);
  assert.match(after, /Whatever was attempted before that restart and is not listed here was lost with it; this record can neither confirm nor rule out any of it\./);
  assert.equal(
    await page.evaluate(() => window.groundfactsDemo.host !== window.__oldHost && window.groundfactsDemo.host.session.node),
    'wizard',
    'a new host over a new session on the router page',
  );

  // The mounted wizard goes on in the new session: its handlers were registered again.
  await page.getByTestId('recipe-select').selectOption('dose-response');
  await page.getByTestId('pick-recipe').click();
  await waitForText(page, 'facts', 'DID happen — user fired wizard.pick-recipe (committed; declared effect observed)', problems);
  await agentCall(page, 'wizard.do_action', { action: 'next-to-review' });
  await page.waitForURL((url) => url.pathname === '/projects/new/review', { timeout: TIMEOUT });
  await waitForText(page, 'facts', 'You are on: review.', problems);
  const last = await textOf(page, 'facts');
  assert.ok(last.includes(lost), 'the line stays');
  assert.equal(attemptLines(last).length, attemptLines(before).length + 2, last);
  assertNoErrors(errors, 'module restart');
  await page.close();
}
