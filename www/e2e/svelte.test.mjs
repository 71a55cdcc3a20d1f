// Drives the SvelteKit demo (www/svelte: SSR on, adapter-static, the groundfacts/svelte binding)
// in Debian's Chromium, once under `vite dev` and once under `vite build` + `vite preview`, against
// the package installed from the tarball (scripts/install-tarball.sh www/svelte). Each mode covers:
// a deep link rendered on the server, the human path (clicks, a link click as the person's move),
// the agent path through the port, the compose pane that declares its own action and unmounts,
// the facts panel re-rendering through session.subscribe with no polling, reloads that keep the
// record (createPersistedSession: sessionStorage) and the app's store, the review page's tabs and
// upload (review.mjs: the greyed Submit's row, BUSY, the focus line), and the live mode against an
// Anthropic-shaped stand-in model. Any console error, page error or 5xx answer fails
// the mode. Uses harness.mjs (serving, Chromium, waiting) and model-stub.mjs (the stand-in model);
// GROUNDFACTS_E2E_MODES=preview (or dev) runs one mode.

import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  appWithTarball, assertNoErrors, launch, MODES, openPage, outDir, screenshot, serve, SMALL_WASM_MEMORY, textOf, TIMEOUT,
  trapTheModule, waitForText, waitUntil,
} from './harness.mjs';
import { listRows } from './lists.mjs';
import { relayThroughAModel } from './model-stub.mjs';
import { agentAtTheSameControl } from './one-door.mjs';
import { reviewTabsAndUpload, uploadCutByReload } from './review.mjs';

const FRESH = 'No actions have been performed in this app this session.';

// The seed's graded lines (guarded-journeys.md, "The facts block, at the end").
const SEED = {
  greyed: "did NOT happen — agent's fire of wizard.next-to-review was refused: TOOL_DISABLED",
  named: 'DID happen — agent fired wizard.name-it (committed; declared effect observed)',
  badRecipe: "did NOT happen — agent fired wizard.pick-recipe (the app's own verify contract did not hold afterwards)",
  goodRecipe: 'DID happen — agent fired wizard.pick-recipe (committed; declared effect observed)',
  created: 'DID happen — agent fired review.create-project (committed; declared effect observed)',
};

/** Counts every timer and animation-frame callback the page runs, so idle polling shows up. */
function countCallbacks() {
  const counts = { timers: 0, frames: 0, where: [] };
  const wrap = (name, key) => {
    const original = window[name];
    window[name] = function (callback, ...rest) {
      if (typeof callback !== 'function') return original.call(this, callback, ...rest);
      const scheduledBy = new Error(`${name}(${rest[0] ?? ''})`).stack;
      return original.call(this, function (...args) {
        counts[key] += 1;
        counts.where.push(scheduledBy);
        return callback.apply(this, args);
      }, ...rest);
    };
  };
  wrap('setTimeout', 'timers');
  wrap('setInterval', 'timers');
  wrap('requestAnimationFrame', 'frames');
  window.__callbackCounts = counts;
}

/** One click on the widget's Next turn; waits for the new turn to render; returns its text. */
async function playTurn(page) {
  const turns = page.getByTestId('turn');
  const before = await turns.count();
  await page.getByTestId('next-turn').click();
  await waitUntil(async () => (await turns.count()) > before, `turn ${before + 1} never appeared`);
  return turns.first().textContent(); // newest first
}

/** The "Available now:" line of the brief. */
async function availableNow(page) {
  return (await textOf(page, 'brief')).split('\n').find((line) => line.startsWith('Available now:')) ?? '';
}

/** The facts block once it has held still: the same text on two reads 100 ms apart. */
async function settledFacts(page) {
  let last = await textOf(page, 'facts');
  for (;;) {
    await page.waitForTimeout(100);
    const now = await textOf(page, 'facts');
    if (now === last) return now;
    last = now;
  }
}

/** The `N` of the block's `Attempts so far (version N):` line; fails when the line is missing. */
function attemptsVersion(facts) {
  const match = facts.match(/Attempts so far \(version (\d+)\):/);
  assert.ok(match, `no "Attempts so far (version N):" line in:\n${facts}`);
  return Number(match[1]);
}

/** Reloads the page and waits until its facts block is up again; returns the settled text. */
async function reloadAndRead(page, problems) {
  await page.reload();
  await waitForText(page, 'facts', 'FACTS FROM THE APP', problems);
  return settledFacts(page);
}

/** A fresh record for the next step: this tab's sessionStorage emptied, as a new tab has it. */
async function forgetTheRecord(page) {
  await page.evaluate(() => sessionStorage.clear());
}

/** Opens a URL and waits until the browser's session is up (the facts block replaced the SSR text). */
async function open(page, url, problems) {
  await page.goto(url);
  await waitForText(page, 'facts', 'FACTS FROM THE APP', problems);
}

/**
 * docs/session.md §25 in the demo: on the review page, with the Data tab shown, the wasm memory runs out
 * for real (a browser whose wasm memory ceiling is lowered). `liveSession` (src/lib/session.ts) builds the
 * graph and a session again from the stored record, marked historyLost: the facts panel keeps the
 * attempts written before and says history was lost, the shown tab is shown again, the review page's
 * attachment re-registers its handlers (it reads `$session`), the store tap and the agent port follow.
 */
async function moduleRestart(base) {
  const small = await launch(SMALL_WASM_MEMORY);
  try {
    const { page, errors, problems } = await openPage(small.context);
    await open(page, `${base}/projects/new`, problems);
    await page.getByTestId('name-input').fill('Before the trap');
    await page.getByTestId('name-it').click();
    await waitForText(page, 'facts', 'DID happen — user fired wizard.name-it', problems);
    await page.getByTestId('recipe-select').selectOption('dose-response');
    await page.getByTestId('pick-recipe').click();
    await waitForText(page, 'facts', 'DID happen — user fired wizard.pick-recipe', problems);
    await page.getByTestId('next').click();
    await page.waitForURL((url) => url.pathname === '/projects/new/review', { timeout: TIMEOUT });
    await waitForText(page, 'facts', 'user fired wizard.next-to-review', problems);
    await page.getByTestId('tab-data').click();
    await waitUntil(
      () => page.evaluate(() => window.groundfactsDemo.host.session.whereInPage().visible.includes('review.data')),
      'the Data tab was not reported shown',
    );
    const before = await settledFacts(page);

    const trapped = await trapTheModule(page);
    assert.deepEqual(trapped, { name: 'SessionError', code: 'MODULE_RESET' });
    const lost = "Part of this record was lost: the app's groundfacts module failed and was started again at version ";
    await waitForText(page, 'facts', lost, problems);
    const after = await settledFacts(page);
    const attempts = (text) => text.split('\n').filter((line) => line.startsWith('  • '));
    assert.deepEqual(attempts(after), attempts(before), `the stored attempts are still listed:\n${after}`);
    assert.ok(after.includes('You are on: review.'), after);
    const where = await page.evaluate(() => window.groundfactsDemo.host.session.whereInPage());
    assert.ok(where.visible.includes('review.data'), `the shown tab was shown again: ${JSON.stringify(where)}`);
    assert.equal(
      await page.evaluate(() => window.groundfactsDemo.host.port.call('wizard.whats_here', {}).youAreOn ?? null),
      'review',
      'the agent port answers from the new session',
    );

    // The review page's handlers are in the new session: Create goes through and is recorded.
    await page.getByTestId('tab-summary').click();
    await page.getByTestId('create').click();
    await waitForText(page, 'facts', 'user fired review.create-project', problems);
    const last = await textOf(page, 'facts');
    assert.ok(last.includes(lost), 'the line stays');
    assert.ok(!last.includes('did NOT happen — user fired review.create-project (nothing ran)'), `the handler ran:\n${last}`);
    assertNoErrors(errors, 'module restart');
  } finally {
    await small.close();
  }
}

for (const mode of MODES) {
  test(`svelte app on SvelteKit (${mode === 'dev' ? 'vite dev' : 'vite build + vite preview'})`, async (t) => {
    const appDir = appWithTarball('svelte');
    const server = await serve(appDir, mode);
    t.after(server.stop);
    const browser = await launch();
    t.after(browser.close);

    const { page, errors, problems } = await openPage(browser.context);
    page.on('response', (response) => {
      if (response.status() >= 500) errors.push(`HTTP ${response.status()} ${response.url()}`);
    });
    await page.addInitScript(countCallbacks);
    const base = server.base;
    const noProblems = () => assertNoErrors(errors, `svelte (${mode}); server log:\n${server.log()}`);

    await t.test('a deep link is rendered on the server (SSR on) and then hydrates with its actions', async () => {
      const html = await (await fetch(`${base}/projects/new/review`)).text();
      assert.match(html, /data-testid="page-review"/, 'SSR rendered the review page');
      assert.match(html, /<h2>Review<\/h2>/);
      assert.ok(html.includes('The session starts when the page runs in the browser.'), 'no session on the server');
      const param = await fetch(`${base}/projects/prj-7`);
      assert.equal(param.status, 200, 'a param route renders on the server');
      assert.match(await param.text(), /data-testid="page-project"/, 'matchRoute maps /projects/prj-7 to the [id] page');
      if (mode === 'preview') {
        const built = path.join(appDir, 'build');
        for (const file of ['projects/new.html', 'projects/new/review.html', 'projects.html', '200.html']) {
          assert.ok(existsSync(path.join(built, file)), `adapter-static wrote ${file}`);
        }
      }
      await open(page, `${base}/projects/new/review`, problems);
      assert.equal(await textOf(page, 'app-path'), '/projects/new/review');
      await waitForText(page, 'facts', FRESH, problems);
      await waitForText(page, 'brief', 'review.create-project', problems);
      noProblems();
    });

    await t.test('the human path: clicks fire as the person; the facts re-render within microtasks', async () => {
      await open(page, `${base}/projects/new/review`, problems);
      await page.getByRole('link', { name: 'New project', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/projects/new', { timeout: TIMEOUT });
      await page.getByTestId('name-input').fill('Bench notes');
      // No timer may run between the click and the new facts: only session.subscribe can update them.
      const update = await page.evaluate(async () => {
        const facts = document.querySelector('[data-testid="facts"]');
        const before = facts.textContent;
        const counts = window.__callbackCounts;
        const timersBefore = counts.timers + counts.frames;
        document.querySelector('[data-testid="name-it"]').click();
        for (let i = 0; i < 20 && facts.textContent === before; i += 1) await Promise.resolve();
        return { changed: facts.textContent !== before, text: facts.textContent, timers: counts.timers + counts.frames - timersBefore };
      });
      assert.ok(update.changed, `the facts block did not change within microtasks of the click:\n${update.text}`);
      assert.equal(update.timers, 0, 'no timer ran between the click and the re-render');
      assert.match(update.text, /DID happen — user fired wizard\.name-it/);
      await page.getByTestId('recipe-select').selectOption('dose-response');
      await page.getByTestId('pick-recipe').click();
      await waitForText(page, 'facts', 'DID happen — user fired wizard.pick-recipe', problems);
      await page.getByTestId('next').click();
      await page.waitForURL((url) => url.pathname === '/projects/new/review', { timeout: TIMEOUT });
      await page.getByTestId('page-review').waitFor({ timeout: TIMEOUT });
      await waitForText(page, 'facts', 'user fired wizard.next-to-review', problems);
      // A person's link click is the person's navigation, recorded as theirs (not "system").
      await page.getByRole('link', { name: 'Projects', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/projects', { timeout: TIMEOUT });
      await page.getByTestId('page-projects').waitFor({ timeout: TIMEOUT });
      const brief = await waitForText(page, 'brief', 'user navigation: cursor moved review → projects', problems);
      assert.ok(!/system navigat/i.test(brief), `a link click is not system navigation:\n${brief}`);
      noProblems();
    });

    await t.test('the facts panel is idle when nothing changes: no polling', async () => {
      await page.waitForTimeout(500); // let one-shot timers from the last navigation run out
      await page.evaluate(() => Object.assign(window.__callbackCounts, { timers: 0, frames: 0, where: [] }));
      await page.waitForTimeout(1500);
      const { timers, frames, where } = await page.evaluate(() => window.__callbackCounts);
      assert.deepEqual({ timers, frames }, { timers: 0, frames: 0 }, `callbacks ran on an idle page, scheduled at:\n${where.join('\n\n')}`);
    });

    await t.test('the agent path through the port: the seed journey, the human approves, goto moves the URL', async () => {
      await forgetTheRecord(page);
      await open(page, `${base}/projects/new`, problems); // a full load of a tab with nothing kept: a fresh record
      await waitForText(page, 'facts', FRESH, problems);
      await waitForText(page, 'tools', 'wizard.journey.new-project', problems);
      for (let turn = 1; turn <= 6; turn += 1) await playTurn(page);
      assert.equal(new URL(page.url()).pathname, '/projects/new', 'no move before next-to-review');
      await waitForText(page, 'facts', SEED.greyed, problems);
      await waitForText(page, 'facts', SEED.badRecipe, problems);
      await playTurn(page); // next-to-review: the claimed hop goes through SvelteKit's goto
      await page.waitForURL((url) => url.pathname === '/projects/new/review', { timeout: TIMEOUT });
      await page.getByTestId('page-review').waitFor({ timeout: TIMEOUT });
      await waitForText(page, 'facts', 'agent fired wizard.next-to-review', problems);
      const brief = await waitForText(page, 'brief', 'You are on: review.', problems);
      assert.ok(!brief.includes('user navigation'), `the agent's hop is confirmed by the sync, not a person's move:\n${brief}`);
      const asked = await playTurn(page);
      assert.match(asked, /needs-confirm/);
      await page.getByTestId('ask-card').first().waitFor({ timeout: TIMEOUT });
      const receipts = await textOf(page, 'receipts');
      assert.ok(receipts.includes('"does":"Create the project"'), `receipts: ${receipts}`);
      const atGate = await waitForText(page, 'facts', "Awaiting the human's decision", problems);
      for (const line of [SEED.greyed, SEED.named, SEED.badRecipe, SEED.goodRecipe]) {
        assert.ok(atGate.includes(line), `facts at the gate lack:\n  ${line}\n---\n${atGate}`);
      }
      assert.ok(!atGate.includes(SEED.created), 'nothing is created before the human says yes');
      await page.getByTestId('approve').click();
      await waitForText(page, 'facts', 'Approved by the human, not yet done', problems);
      await playTurn(page);
      await waitForText(page, 'facts', SEED.created, problems);
      await waitForText(page, 'created', 'prj-1', problems);
      const closing = await playTurn(page); // every step is done: the journey tool closes the frame
      assert.match(closing, /"done"|completed/, closing);
      await screenshot(page, `www-svelte-${mode}`, { fullPage: true });
      noProblems();
    });

    await t.test('a pane that declares its own action at mount and unmounts: its caption stays in history', async () => {
      await page.getByTestId('compose-toggle').click();
      await page.getByTestId('compose-pane').waitFor({ timeout: TIMEOUT });
      await waitForText(page, 'brief', 'review.send', problems); // offered while mounted
      await page.getByTestId('compose-text').fill('Dose range checked with the bench team.');
      await page.getByTestId('compose-send').click();
      await waitForText(page, 'facts', 'user fired review.send', problems);
      assert.equal(await textOf(page, 'notes-sent'), '1');
      await page.getByTestId('compose-toggle').click();
      await page.getByTestId('compose-pane').waitFor({ state: 'detached', timeout: TIMEOUT });
      await waitUntil(async () => !(await availableNow(page)).includes('review.send'), 'review.send still offered after unmount');
      const facts = await textOf(page, 'facts');
      assert.ok(facts.includes('user fired review.send'), `facts after unmount:\n${facts}`);
      assert.ok(!facts.includes('(an action this app does not have)'), facts);
      assert.ok((await textOf(page, 'brief')).includes('review.send — Send the message'), 'the brief keeps the caption');
      mkdirSync(outDir, { recursive: true });
      writeFileSync(path.join(outDir, `www-svelte-${mode}-facts.txt`), `${facts}\n\n${await textOf(page, 'brief')}\n`);
      noProblems();
    });

    await t.test("a reload keeps the record and the app's store; a missing project's fallback page still works", async () => {
      await page.getByRole('link', { name: 'prj-1' }).click();
      await page.waitForURL((url) => url.pathname === '/projects/prj-1', { timeout: TIMEOUT });
      await waitForText(page, 'project', 'Ion channel screen', problems);
      const before = await settledFacts(page);
      assert.ok(before.includes(SEED.created), before);
      const after = await reloadAndRead(page, problems);
      assert.equal(after, before, 'the facts block after the reload is the one before it, version included');
      await waitForText(page, 'project', 'Ion channel screen', problems); // the app's store came back too
      await open(page, `${base}/projects/prj-9`, problems);
      await page.getByTestId('project-missing').waitFor({ timeout: TIMEOUT });
      assert.ok((await textOf(page, 'facts')).includes(SEED.created), 'a full navigation keeps the record as well');
      await open(page, `${base}/projects/new/review`, problems);
      await waitForText(page, 'brief', 'review.create-project', problems);
      await page.getByRole('link', { name: 'New project', exact: true }).click();
      await page.getByTestId('name-input').fill('After the reload');
      await page.getByTestId('name-it').click();
      // The draft already had a name (name-it's verify held before the fire), but the handler's report
      // changed it: the fire is credited as usual, not graded `alreadyTrue` (docs/session.md §23).
      await waitForText(page, 'facts', 'DID happen — user fired wizard.name-it', problems);
      assert.equal(await page.evaluate(() => window.groundfactsDemo.host.session.state()['project.name']), 'After the reload');
      noProblems();
    });

    await t.test('a reload mid-wizard: the facts block is the same, version included, and the wizard goes on', async () => {
      await forgetTheRecord(page);
      await open(page, `${base}/projects/new`, problems);
      await waitForText(page, 'facts', FRESH, problems);
      await page.getByTestId('name-input').fill('Kept across reloads');
      await page.getByTestId('name-it').click();
      await waitForText(page, 'facts', 'DID happen — user fired wizard.name-it', problems);
      await page.getByTestId('recipe-select').selectOption('time-course');
      await page.getByTestId('pick-recipe').click();
      await waitForText(page, 'facts', 'DID happen — user fired wizard.pick-recipe', problems);
      const before = await settledFacts(page);
      const version = attemptsVersion(before);
      const after = await reloadAndRead(page, problems);
      assert.equal(after, before, 'the facts block after the reload is the one before it');
      assert.equal(attemptsVersion(after), version);
      // The app agrees with the session: the guards that read the kept draft let the person go on.
      await page.getByTestId('next').click();
      await page.waitForURL((url) => url.pathname === '/projects/new/review', { timeout: TIMEOUT });
      const next = await waitForText(page, 'facts', 'user fired wizard.next-to-review', problems);
      assert.ok(!before.includes('wizard.next-to-review'), before);
      assert.ok(attemptsVersion(next) > version, `the version moved on from ${version}:\n${next}`);
      const attempts = (text) => text.split('\n').filter((line) => line.startsWith('  • '));
      for (const line of attempts(before)) assert.ok(next.includes(line), `kept after the reload:\n  ${line}\n---\n${next}`);
      assert.ok(attempts(next).length > attempts(before).length, `a new attempt was appended:\n${next}`);
      noProblems();
    });

    await t.test("the review page's tabs and upload: the greyed Submit's row says what frees it; BUSY; focus", () =>
      reviewTabsAndUpload(browser.context, base, 'svelte', mode),
    );
    await t.test('an upload cut off by a reload is settled as not happened; a new one goes through', () =>
      uploadCutByReload(browser.context, base),
    );
    await t.test('the Projects list: the agent stars one row by its label, the person archives another', () =>
      listRows(browser.context, base, 'svelte'),
    );

    await t.test('a live model is relayed through the port (Anthropic-shaped stand-in)', () =>
      relayThroughAModel(browser.context, base, 'anthropic'),
    );

    await t.test('after a real trap liveSession rebuilds graph and session; the block says history was lost; the page goes on', () =>
      moduleRestart(base),
    );

    await t.test("one door: a person's Create and the agent's do_action each run the handler once, each row its principal's", async () => {
      const fresh = await openPage(browser.context); // a new tab: its own sessionStorage, a fresh record
      await open(fresh.page, `${base}/projects/new`, fresh.problems);
      await fresh.page.getByTestId('name-input').fill('One door');
      await fresh.page.getByTestId('name-it').click();
      await waitForText(fresh.page, 'facts', 'DID happen — user fired wizard.name-it', fresh.problems);
      await fresh.page.getByTestId('pick-recipe').click();
      await waitForText(fresh.page, 'facts', 'DID happen — user fired wizard.pick-recipe', fresh.problems);
      await fresh.page.getByTestId('next').click();
      await fresh.page.getByTestId('page-review').waitFor({ timeout: TIMEOUT });
      const before = await fresh.page.evaluate(() => window.groundfactsDemo.host.session.state()['projects.count']);
      await fresh.page.getByTestId('create').click();
      await waitForText(fresh.page, 'facts', 'DID happen — user fired review.create-project', fresh.problems);
      const after = await fresh.page.evaluate(() => window.groundfactsDemo.host.session.state()['projects.count']);
      assert.equal(after, before + 1, 'the click ran createProject once');
      await agentAtTheSameControl(fresh.page, fresh.problems);
      assertNoErrors(fresh.errors, 'one door');
      await fresh.page.close();
    });
  });
}
