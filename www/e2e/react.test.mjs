// The React demo (www/react: React 19, React Router 7, groundfacts/react) end to end in Chromium, with
// the package installed from the tarball, once under `vite dev` (StrictMode's double mount live) and
// once under `vite build` + `vite preview`. Each mode covers: a deep link; the human path (clicks fire
// as the person, a link click is the person's move); the agent path through the port (the scripted
// agent to the human gate and past it, the claimed hop confirmed by the router's sync without a new
// row); a component that declares its own action and unmounts (its caption stays in history); the
// review page's tabs and upload (review.mjs: the greyed Submit's row, BUSY, the focus line); the
// facts panel re-rendering through subscribe while every timer is frozen; a relayed model; a reload
// mid-wizard that keeps the facts block (the provider's `persist`), a stored record refused, a full
// storage and a real trap of the module (those four in react-persist.mjs). Any console error or
// uncaught exception fails the test.

import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import {
  appWithTarball,
  assertNoErrors,
  launch,
  MODES,
  outDir,
  pathnameOf,
  screenshot,
  serve,
  sleep,
  SMALL_WASM_MEMORY,
  textOf,
  TIMEOUT,
  waitForText,
  waitUntil,
} from './harness.mjs';
import { listRows } from './lists.mjs';
import { relayThroughAModel } from './model-stub.mjs';
import { agentAtTheSameControl } from './one-door.mjs';
import { FRESH, open, SEED } from './react-app.mjs';
import { fullStorage, moduleRestart, refusedRestore, reload } from './react-persist.mjs';
import { reviewTabsAndUpload, uploadCutByReload } from './review.mjs';

const cleanups = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** What the session holds, read from outside React through the demo's test hook. */
function sessionView(page) {
  return page.evaluate(() => {
    const { session } = window.groundfactsDemo.host;
    return {
      node: session.node,
      version: session.version,
      // Every row but the structure swaps a registration makes: the fires and the moves.
      transitions: session
        .transitions()
        .filter((t) => t.cause.stimulus !== 'structure-swap')
        .map((t) => ({ kind: t.cause.kind, principal: t.cause.principal, to: t.toNode })),
      offered: session.available().edges.map((edge) => edge.affordanceId),
    };
  });
}

/** The brief's "Available now:" line. */
function offeredNow(brief) {
  return brief.split('\n').find((line) => line.startsWith('Available now:')) ?? '';
}

async function turnCount(page) {
  return page.getByTestId('turn').count();
}

/** One click on the widget's Next turn; waits for the new turn to render; returns its text. */
async function playTurn(page) {
  const before = await turnCount(page);
  await page.getByTestId('next-turn').click();
  const deadline = Date.now() + TIMEOUT;
  while ((await turnCount(page)) <= before) {
    if (Date.now() > deadline) assert.fail(`turn ${before + 1} never appeared`);
    await sleep(50);
  }
  return page.getByTestId('turn').first().textContent(); // newest first
}

async function deepLink(context, base) {
  const { page, errors, problems } = await open(context, base, '/projects/new/review');
  await page.getByTestId('page-review').waitFor({ timeout: TIMEOUT });
  assert.equal(await textOf(page, 'app-path'), '/projects/new/review');
  await waitForText(page, 'facts', 'You are on: review', problems);
  const view = await sessionView(page);
  assert.equal(view.node, 'review');
  assert.deepEqual(view.transitions, [], 'opening a page is where the session starts, not a move');
  assert.ok(view.offered.includes('review.create-project'), view.offered.join());
  assertNoErrors(errors, 'deep link');
  await page.close();
}

async function humanPath(context, base, mode) {
  const { page, errors, problems } = await open(context, base, '/projects/new');
  await page.getByTestId('name-input').fill('Assay by hand');
  await page.getByTestId('name-it').click();
  await waitForText(page, 'facts', 'DID happen — user fired wizard.name-it (committed; declared effect observed)', problems);
  await page.getByTestId('recipe-select').selectOption('time-course');
  await page.getByTestId('pick-recipe').click();
  await waitForText(page, 'facts', 'DID happen — user fired wizard.pick-recipe', problems);
  await page.getByTestId('next').click();
  await page.waitForURL((url) => url.pathname === '/projects/new/review', { timeout: TIMEOUT });
  await page.getByTestId('page-review').waitFor({ timeout: TIMEOUT });
  await waitForText(page, 'facts', 'user fired wizard.next-to-review', problems);
  await waitForText(page, 'facts', 'You are on: review.', problems);
  await page.getByTestId('create').click();
  await waitForText(page, 'created', 'prj-1 — Assay by hand', problems);
  await waitForText(page, 'facts', 'DID happen — user fired review.create-project', problems);
  assert.equal(await page.evaluate(() => window.groundfactsDemo.host.session.state()['projects.count']), 1, 'the click ran createProject once');
  await agentAtTheSameControl(page, problems);

  // A link click is a move nobody asked the session for: the router's sync records it as the person's.
  const before = await sessionView(page);
  await page.getByRole('link', { name: 'Projects', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/projects', { timeout: TIMEOUT });
  await waitForText(page, 'project-list', 'Assay by hand', problems);
  await waitForText(page, 'facts', 'You are on: projects.', problems);
  const after = await sessionView(page);
  const moves = after.transitions.slice(before.transitions.length);
  assert.deepEqual(moves, [{ kind: 'stimulus', principal: 'user', to: 'projects' }], JSON.stringify(moves));
  // The browser's back button is the person's too.
  await page.goBack();
  await page.getByTestId('page-review').waitFor({ timeout: TIMEOUT });
  await waitForText(page, 'facts', 'You are on: review.', problems);
  const back = (await sessionView(page)).transitions.at(-1);
  assert.deepEqual(back, { kind: 'stimulus', principal: 'user', to: 'review' });
  await screenshot(page, `www-react-${mode}-human`);
  assertNoErrors(errors, 'human path');
  await page.close();
}

/** Counts registerActions / unregister calls on the live session (wrapped from outside React). */
async function countRegistrations(page) {
  await page.evaluate(() => {
    const { session } = window.groundfactsDemo.host;
    const counts = { registered: 0, unregistered: 0 };
    const original = session.registerActions;
    session.registerActions = function registerActions(...args) {
      const group = original.apply(this, args);
      counts.registered += 1;
      const unregister = group.unregister;
      group.unregister = function () {
        counts.unregistered += 1;
        return unregister.call(this);
      };
      return group;
    };
    window.registrationCounts = counts;
  });
  return () => page.evaluate(() => ({ ...window.registrationCounts }));
}

async function agentPath(context, base, mode) {
  const { page, errors, problems } = await open(context, base, '/projects/new');
  await waitForText(page, 'tools', 'wizard.journey.new-project', problems);

  // T1–T6: whats_here, open the journey, the greyed Next, name it, the bad recipe, the good recipe.
  for (let turn = 1; turn <= 6; turn += 1) await playTurn(page);
  assert.equal(pathnameOf(page), '/projects/new', 'the router must not move before next-to-review');
  await waitForText(page, 'facts', SEED.greyed, problems);
  await waitForText(page, 'facts', SEED.badRecipe, problems);

  // T7: next-to-review goes through router.navigate; the router's sync confirms the claimed hop.
  await playTurn(page);
  await page.waitForURL((url) => url.pathname === '/projects/new/review', { timeout: TIMEOUT });
  await page.getByTestId('page-review').waitFor({ timeout: TIMEOUT });
  await waitForText(page, 'facts', SEED.navigation, problems);
  await waitForText(page, 'facts', 'You are on: review.', problems); // observed, not "(claimed …)"
  const afterHop = await sessionView(page);
  assert.equal(afterHop.node, 'review');
  assert.deepEqual(
    afterHop.transitions.filter((t) => t.principal !== 'agent'),
    [],
    'the sync that confirms the agent\'s hop adds no row of its own',
  );

  // T8: do_action create-project stops at needs-confirm: a card with the receipts.
  const asked = await playTurn(page);
  assert.match(asked, /needs-confirm/);
  await page.getByTestId('ask-card').first().waitFor({ timeout: TIMEOUT });
  const receipts = await textOf(page, 'receipts');
  assert.ok(receipts.includes('"does":"Create the project"'), `receipts: ${receipts}`);
  await waitForText(page, 'facts', "Awaiting the human's decision", problems);
  const atTheGate = await textOf(page, 'facts');
  for (const line of [SEED.greyed, SEED.named, SEED.badRecipe, SEED.goodRecipe, SEED.navigation]) {
    assert.ok(atTheGate.includes(line), `facts at the gate lack:\n  ${line}\n---\n${atTheGate}`);
  }
  assert.ok(!atTheGate.includes(SEED.created), 'nothing is created before the human says yes');
  await screenshot(page, `www-react-${mode}-ask`);

  // The human approves; the agent's next turn confirms; the project exists.
  await page.getByTestId('approve').click();
  await waitForText(page, 'facts', 'Approved by the human, not yet done', problems);
  await playTurn(page);
  await waitForText(page, 'facts', SEED.created, problems);
  await waitForText(page, 'created', 'prj-1', problems);

  // The compose pane declares review.send at mount (twice under StrictMode in dev, with an unregister
  // between), is used, and closes; history keeps the caption, no tool list offers it any more.
  const counts = await countRegistrations(page);
  await page.getByTestId('compose-toggle').click();
  await page.getByTestId('compose-pane').waitFor({ timeout: TIMEOUT });
  await waitUntil(async () => (await sessionView(page)).offered.includes('review.send'), 'review.send never offered');
  const mounted = await counts();
  assert.deepEqual(mounted, mode === 'dev' ? { registered: 2, unregistered: 1 } : { registered: 1, unregistered: 0 });
  assert.equal((await sessionView(page)).offered.filter((id) => id === 'review.send').length, 1);
  await page.getByTestId('compose-text').fill('Dose range checked with the bench team.');
  await page.getByTestId('compose-send').click();
  await waitForText(page, 'facts', 'user fired review.send', problems);
  await page.getByTestId('compose-toggle').click();
  await page.getByTestId('compose-pane').waitFor({ state: 'detached', timeout: TIMEOUT });
  const unmounted = await counts();
  assert.equal(unmounted.unregistered, unmounted.registered, 'every registration is undone at unmount');
  assert.ok(!(await sessionView(page)).offered.includes('review.send'), 'review.send is gone after unmount');
  const afterClose = await textOf(page, 'facts');
  assert.ok(afterClose.includes('user fired review.send'), `facts after unmount:\n${afterClose}`);
  assert.ok(!afterClose.includes('(an action this app does not have)'), afterClose);
  const brief = await textOf(page, 'brief');
  assert.ok(brief.includes('review.send — Send the message'), `the brief's frozen caption:\n${brief}`);
  const availableNow = offeredNow(brief);
  assert.ok(!availableNow.includes('review.send'), `review.send still offered after unmount: ${availableNow}`);

  // The last scripted turn closes the journey frame as completed.
  const closing = await playTurn(page);
  assert.match(closing, /"done"|completed/, closing);
  assert.ok(await page.getByTestId('next-turn').isDisabled(), 'the script is over');
  await screenshot(page, `www-react-${mode}`, { fullPage: true });
  writeFileSync(path.join(outDir, `www-react-${mode}-facts.txt`), `${await textOf(page, 'facts')}\n\n${brief}\n`);
  assertNoErrors(errors, 'agent path');
  await page.close();
}

async function subscribeWithoutTimers(context, base) {
  const { page, errors, problems } = await open(context, base, '/projects/new');
  await page.clock.install();
  await page.reload();
  await waitForText(page, 'facts', FRESH, problems);
  // Freeze every timer (setTimeout, setInterval, requestAnimationFrame): from here on nothing that
  // polls can run, so only session.subscribe can bring the panel up to date.
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
  const whatsHere = await page.evaluate(() => window.groundfactsDemo.host.port.call('wizard.whats_here', {}));
  assert.equal(whatsHere.youAreOn, 'wizard');
  const fired = await page.evaluate(() =>
    window.groundfactsDemo.host.port.call('wizard.do_action', { action: 'name-it', input: { name: 'Named from outside React' } }),
  );
  assert.equal(fired.ok, true, JSON.stringify(fired));
  await waitForText(page, 'facts', SEED.named, problems);
  // A change that leaves the version alone (a registration) re-renders too.
  await page.evaluate(() => {
    const { session } = window.groundfactsDemo.host;
    window.extraGroup = session.registerActions('wizard', { actions: { archive: { does: 'Archive the draft' } } });
  });
  await waitForText(page, 'brief', 'wizard.archive', problems);
  await page.evaluate(() => window.extraGroup.unregister());
  await waitUntil(
    async () => !offeredNow(await textOf(page, 'brief')).includes('wizard.archive'),
    'the brief still offers wizard.archive after unregister',
  );
  await page.clock.resume();
  assertNoErrors(errors, 'subscribe');
  await page.close();
}

/**
 * The binding on its own, in a root of its own, with the app's own copies of React and the package
 * (Vite dev serves them as modules; a production build bundles them away, so this runs under dev):
 * one session across StrictMode's double render and remount, a handler registered once, the facts
 * re-rendered, and the session freed when the provider unmounts.
 */
async function providerLifecycle(context, base) {
  const { page, errors, problems } = await open(context, base, '/projects/new');
  const result = await page.evaluate(async () => {
    // The optimized modules the app itself imports, as Vite rewrote its entry and its graph module.
    const served = (await Promise.all(['/src/main.tsx', '/src/app.ts'].map((src) => fetch(src).then((r) => r.text())))).join('\n');
    const dep = (name) => {
      const found = new RegExp(`["'](/node_modules/\\.vite/deps/${name}\\.js\\?v=\\w+)["']`).exec(served);
      if (!found) throw new Error(`the app imports no optimized module ${name}`);
      return import(found[1]);
    };
    const [React, client, binding, core] = await Promise.all([dep('react'), dep('react-dom_client'), dep('groundfacts_react'), dep('groundfacts')]);
    const { createElement: h, StrictMode } = React.default ?? React;
    const { createRoot } = client.default ?? client;
    const { GroundfactsProvider, useSession, useActions, useGroundTruth } = binding;
    const graph = core.buildNavigationGraph('probe', { pages: { home: { actions: { ping: { does: 'Ping' } } } } });
    const sessions = new Set();
    let pings = 0;
    function Probe() {
      sessions.add(useSession());
      useActions('home', { handlers: { ping: () => (pings += 1) } });
      return h('pre', null, useGroundTruth().text);
    }
    const box = document.createElement('div');
    document.body.append(box);
    const root = createRoot(box);
    const until = async (check) => {
      for (let i = 0; i < 200 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
      return check();
    };
    root.render(h(StrictMode, null, h(GroundfactsProvider, { graph }, h(Probe))));
    await until(() => box.textContent.includes('You are on: home.'));
    const [session] = sessions;
    const fired = session.fire('home.ping', { source: 'agent' });
    const rerendered = await until(() => box.textContent.includes('agent fired home.ping'));
    root.unmount();
    await until(() => {
      try {
        void session.node;
        return false;
      } catch {
        return true;
      }
    });
    let freed = false;
    try {
      void session.node;
    } catch {
      freed = true;
    }
    box.remove();
    return { sessions: sessions.size, ok: fired.ok, pings, rerendered, freed };
  });
  assert.deepEqual(result, { sessions: 1, ok: true, pings: 1, rerendered: true, freed: true });
  assertNoErrors(errors, 'provider lifecycle');
  void problems;
  await page.close();
}

const app = { dir: undefined };

for (const mode of MODES) {
  test(`react app under vite ${mode === 'dev' ? 'dev' : 'build + preview'}`, async (t) => {
    app.dir ??= appWithTarball('react');
    const server = await serve(app.dir, mode);
    cleanups.push(server.stop);
    const browser = await launch();
    cleanups.push(browser.close);
    const { context } = browser;
    await t.test('a deep link opens its page', () => deepLink(context, server.base));
    await t.test("the human path: clicks fire as the person; a link click and Back are the person's moves", () =>
      humanPath(context, server.base, mode),
    );
    await t.test('the agent path through the port: to the human gate and past it; a pane declares its own action and unmounts', () =>
      agentPath(context, server.base, mode),
    );
    await t.test("the review page's tabs and upload: the greyed Submit's row says what frees it; BUSY; focus", () =>
      reviewTabsAndUpload(context, server.base, 'react', mode),
    );
    await t.test('an upload cut off by a reload is settled as not happened; a new one goes through', () =>
      uploadCutByReload(context, server.base),
    );
    await t.test('the Projects list: the agent stars one row by its label, the person archives another', () =>
      listRows(context, server.base, 'react'),
    );
    await t.test('the facts panel re-renders through subscribe with every timer frozen', () =>
      subscribeWithoutTimers(context, server.base),
    );
    await t.test('a live model is relayed through the port (OpenAI-shaped stand-in)', () =>
      relayThroughAModel(context, server.base, 'openai'),
    );
    let reloadedBlocks;
    await t.test('a reload mid-wizard keeps every line of the facts block and the wizard goes on (persist)', async () => {
      reloadedBlocks = await reload(context, server.base, mode);
    });
    await t.test(
      // Under `vite dev` this includes StrictMode's extra unmount-and-remount after the reload, which the
      // restore baseline absorbs while the version stands (docs/session.md §20).
      'the facts block and the brief after the reload equal those before, version included',
      () => {
        assert.ok(reloadedBlocks, 'the reload test did not get this far');
        assert.equal(reloadedBlocks.reloaded, reloadedBlocks.before);
        assert.equal(reloadedBlocks.briefReloaded, reloadedBlocks.briefBefore);
      },
    );
    await t.test('a stored record the session refuses is a warning and a fresh session', () => refusedRestore(context, server.base));
    await t.test('a storage that refuses the write is one warning; the stored record is removed', () => fullStorage(context, server.base));
    await t.test('after a real trap the provider rebuilds graph and session; the block says history was lost; the app goes on', async () => {
      const small = await launch(SMALL_WASM_MEMORY);
      try {
        await moduleRestart(small.context, server.base);
      } finally {
        await small.close();
      }
    });
    await t.test(
      'the provider owns one session through StrictMode and frees it at unmount (dev: React and the package as modules)',
      { skip: mode !== 'dev' && 'a production build bundles React and the package away' },
      () => providerLifecycle(context, server.base),
    );
  });
}
