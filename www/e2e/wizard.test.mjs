// Pins the demo apps end to end in a real browser: the seed journey walked by the widget's scripted
// agent through the port, the human's Approve on the ask card, the compose pane's own action
// outliving its unmount in history, and the router really moving — once per app (React, Svelte).
//
// Each test builds its app (`vite build`), serves it (`vite preview --host 127.0.0.1 --strictPort`)
// and drives Debian's /usr/bin/chromium through playwright-core with a fresh user-data-dir.
// Screenshots and the final facts block land in <repo>/test-results/ (git-ignored).

import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const outDir = path.join(repoRoot, 'test-results');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const TIMEOUT = 15_000;

// The seed's graded lines (guarded-journeys.md, "The facts block, at the end").
const SEED = {
  greyed: "did NOT happen — agent's fire of wizard.next-to-review was refused: TOOL_DISABLED",
  named: 'DID happen — agent fired wizard.name-it (committed; declared effect observed)',
  badRecipe:
    "did NOT happen — agent fired wizard.pick-recipe (the app's own verify contract did not hold afterwards)",
  goodRecipe: 'DID happen — agent fired wizard.pick-recipe (committed; declared effect observed)',
  navigation:
    'ran, but the effect was unobservable — agent fired wizard.next-to-review (committed; nothing reported an effect to check it against)',
  created: 'DID happen — agent fired review.create-project (committed; declared effect observed)',
};

const cleanups = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function viteBin(appDir) {
  return path.join(appDir, 'node_modules', '.bin', 'vite');
}

function build(appDir) {
  const result = spawnSync(viteBin(appDir), ['build', '--logLevel', 'warn'], { cwd: appDir, encoding: 'utf8' });
  assert.equal(result.status, 0, `vite build failed in ${appDir}:\n${result.stdout}\n${result.stderr}`);
}

/** Starts `vite preview` and resolves once it answers; the returned function stops it. */
async function preview(appDir) {
  const port = await freePort();
  const child = spawn(viteBin(appDir), ['preview', '--host', '127.0.0.1', '--strictPort', '--port', String(port)], {
    cwd: appDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  const base = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`${base}/`);
      if (response.ok) return { base, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`vite preview did not come up on ${base}:\n${log}`);
}

async function launch() {
  const profile = mkdtempSync(path.join(tmpdir(), 'groundfacts-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1400, height: 1000 },
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The element's text now (no waiting); '' when it is not there. */
async function textOf(page, testId) {
  return page.evaluate((id) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '', testId);
}

/** What the page said went wrong, for failure messages. */
const problems = [];

/** Waits until the element's text contains `expected`; fails with the text it last saw. */
async function waitForText(page, testId, expected) {
  const deadline = Date.now() + TIMEOUT;
  let seen = '';
  while (Date.now() < deadline) {
    seen = await textOf(page, testId).catch(() => '');
    if (seen.includes(expected)) return seen;
    await page.waitForTimeout(50);
  }
  assert.fail(`[data-testid=${testId}] never contained:\n  ${expected}\nlast text:\n${seen}\npage problems:\n${problems.join('\n')}`);
}

async function turnCount(page) {
  return page.getByTestId('turn').count();
}

/** One click on the widget's Next turn; waits for the new turn to render. */
async function playTurn(page) {
  const before = await turnCount(page);
  await page.getByTestId('next-turn').click();
  const deadline = Date.now() + TIMEOUT;
  while ((await turnCount(page)) <= before) {
    if (Date.now() > deadline) assert.fail(`turn ${before + 1} never appeared`);
    await page.waitForTimeout(50);
  }
  return page.getByTestId('turn').first().textContent(); // newest first
}

function pathnameOf(page) {
  return new URL(page.url()).pathname;
}

async function walkTheWizard(app) {
  const appDir = path.join(repoRoot, 'www', app);
  build(appDir);
  const server = await preview(appDir);
  cleanups.push(server.stop);
  const browser = await launch();
  cleanups.push(browser.close);
  mkdirSync(outDir, { recursive: true });

  const page = await browser.context.newPage();
  const pageErrors = [];
  problems.length = 0;
  page.on('pageerror', (error) => {
    pageErrors.push(String(error));
    problems.push(`pageerror: ${error.stack ?? error}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`console.${message.type()}: ${message.text()}`);
  });

  await page.route((url) => url.hostname !== '127.0.0.1', (route) => route.abort()); // no network
  await page.goto(`${server.base}/projects/new`);
  await waitForText(page, 'facts', 'No actions have been performed in this app this session.');
  await waitForText(page, 'tools', 'wizard.journey.new-project');

  // T1–T6: whats_here, open the journey, the greyed Next, name it, the bad recipe, the good recipe.
  for (let turn = 1; turn <= 6; turn += 1) await playTurn(page);
  assert.equal(pathnameOf(page), '/projects/new', 'the router must not move before next-to-review');
  await waitForText(page, 'facts', SEED.greyed);
  await waitForText(page, 'facts', SEED.badRecipe);

  // T7: next-to-review materialises through the router's own push — the URL really changes.
  await playTurn(page);
  await page.waitForURL((url) => url.pathname === '/projects/new/review', { timeout: TIMEOUT });
  await page.getByTestId('page-review').waitFor({ timeout: TIMEOUT });
  assert.equal(await textOf(page, 'app-path'), '/projects/new/review');
  await waitForText(page, 'facts', SEED.navigation);

  // T8: do_action create-project stops at needs-confirm: a card with the receipts.
  const asked = await playTurn(page);
  assert.match(asked, /needs-confirm/);
  const card = page.getByTestId('ask-card');
  await card.first().waitFor({ timeout: TIMEOUT });
  const receipts = await textOf(page, 'receipts');
  assert.ok(receipts.includes('"does":"Create the project"'), `receipts: ${receipts}`);
  assert.ok(receipts.includes('projects.count'), `receipts: ${receipts}`);
  await waitForText(page, 'facts', "Awaiting the human's decision");
  const atTheGate = await textOf(page, 'facts');
  for (const line of [SEED.greyed, SEED.named, SEED.badRecipe, SEED.goodRecipe, SEED.navigation]) {
    assert.ok(atTheGate.includes(line), `facts at the gate lack:\n  ${line}\n---\n${atTheGate}`);
  }
  assert.ok(!atTheGate.includes(SEED.created), 'nothing is created before the human says yes');
  await page.screenshot({ path: path.join(outDir, `www-${app}-ask.png`) });

  // The human approves; the agent's next turn confirms; the project exists.
  await page.getByTestId('approve').click();
  await waitForText(page, 'facts', 'Approved by the human, not yet done');
  await playTurn(page);
  const afterApproval = await waitForText(page, 'facts', SEED.created);
  assert.ok(!afterApproval.includes("Awaiting the human's decision"), afterApproval);
  await waitForText(page, 'created', 'prj-1');

  // The compose pane declares review.send at mount; send, close; history keeps its caption.
  await page.getByTestId('compose-toggle').click();
  await page.getByTestId('compose-text').fill('Dose range checked with the bench team.');
  await page.getByTestId('compose-send').click();
  await waitForText(page, 'facts', 'user fired review.send');
  await page.getByTestId('compose-toggle').click();
  await page.getByTestId('compose-pane').waitFor({ state: 'detached', timeout: TIMEOUT });
  await page.waitForTimeout(100); // let the coalesced structure change land
  const afterClose = await textOf(page, 'facts');
  assert.ok(afterClose.includes('user fired review.send'), `facts after unmount:\n${afterClose}`);
  assert.ok(!afterClose.includes('(an action this app does not have)'), afterClose);
  const brief = await textOf(page, 'brief');
  assert.ok(brief.includes('review.send — Send the message'), `the brief's frozen caption:\n${brief}`);
  const availableNow = brief.split('\n').find((line) => line.startsWith('Available now:')) ?? '';
  assert.ok(!availableNow.includes('review.send'), `review.send still offered after unmount: ${availableNow}`);

  // The last scripted turn: every step is done, so the journey tool closes the frame as completed.
  const closing = await playTurn(page);
  assert.match(closing, /"done"|completed/, closing);
  assert.ok(await page.getByTestId('next-turn').isDisabled(), 'the script is over');

  await page.screenshot({ path: path.join(outDir, `www-${app}.png`), fullPage: true });
  writeFileSync(path.join(outDir, `www-${app}-facts.txt`), `${await textOf(page, 'facts')}\n\n${brief}\n`);

  // The created project is on the Projects list (a client-side route change).
  await page.getByRole('link', { name: 'Projects', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/projects', { timeout: TIMEOUT });
  await waitForText(page, 'project-list', 'Ion channel screen');

  assert.deepEqual(pageErrors, [], 'the page threw');
  await page.close();
  return { base: server.base, context: browser.context };
}

const MODEL_ENDPOINTS = {
  openai: 'https://api.openai.com/v1/chat/completions',
  anthropic: 'https://api.anthropic.com/v1/messages',
};

/** A stand-in model answered by route interception (no network): one tool call, then text. */
function fakeModel(provider, requests) {
  const toolName = 'wizard__journey__new-project';
  const args = { step: 'name-it', input: { name: 'Named by the model' } };
  return async (route) => {
    const request = route.request();
    requests.push({ headers: request.headers(), body: JSON.parse(request.postData() ?? '{}') });
    const first = requests.length === 1;
    let body;
    if (provider === 'openai') {
      body = first
        ? { choices: [{ message: { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: toolName, arguments: JSON.stringify(args) } }] } }] }
        : { choices: [{ message: { role: 'assistant', content: 'Named it; the facts block confirms it.' } }] };
    } else {
      body = first
        ? { content: [{ type: 'tool_use', id: 'toolu_1', name: toolName, input: args }], stop_reason: 'tool_use' }
        : { content: [{ type: 'text', text: 'Named it; the facts block confirms it.' }], stop_reason: 'end_turn' };
    }
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
  };
}

/** The live mode: port.tools() go out as the model's tools, its tool call comes back through port.call. */
async function relayThroughAModel(app, base, context, provider) {
  const page = await context.newPage();
  const requests = [];
  // Nothing leaves the machine: every non-local request is aborted, the model endpoint is answered here.
  await page.route((url) => url.hostname !== '127.0.0.1', (route) => route.abort());
  await page.route(MODEL_ENDPOINTS[provider], fakeModel(provider, requests));
  await page.goto(`${base}/projects/new`);
  await waitForText(page, 'facts', 'No actions have been performed in this app this session.');
  await page.getByTestId('live').locator('summary').click();
  await page.getByTestId('live-provider').selectOption(provider);
  await page.getByTestId('live-key').fill('test-key-not-real');
  await page.getByTestId('live-send').click();
  await waitForText(page, 'transcript', 'Named it; the facts block confirms it.');
  await waitForText(page, 'facts', 'DID happen — agent fired wizard.name-it (committed; declared effect observed)');
  await waitForText(page, 'transcript', 'wizard.journey.new-project');

  assert.equal(requests.length, 2, `${app}/${provider}: one tool round, then the answer`);
  const [ask, answer] = requests;
  const toolNames = (ask.body.tools ?? []).map((tool) => tool.function?.name ?? tool.name);
  assert.ok(toolNames.includes('wizard__whats_here') && toolNames.includes('wizard__do_action'), toolNames.join());
  const system = provider === 'openai' ? ask.body.messages[0].content : ask.body.system;
  assert.ok(system.includes('FACTS FROM THE APP (authoritative).'), system);
  assert.ok(system.includes('No actions have been performed in this app this session.'), system);
  const secondSystem = provider === 'openai' ? answer.body.messages[0].content : answer.body.system;
  assert.ok(secondSystem.includes('DID happen — agent fired wizard.name-it'), 'facts are re-read for every request');
  if (provider === 'openai') {
    assert.equal(ask.headers.authorization, 'Bearer test-key-not-real');
    const toolMessage = answer.body.messages.find((message) => message.role === 'tool');
    assert.equal(toolMessage.tool_call_id, 'call_1');
    assert.equal(JSON.parse(toolMessage.content).ok, true);
  } else {
    assert.equal(ask.headers['x-api-key'], 'test-key-not-real');
    const results = answer.body.messages.at(-1).content;
    assert.equal(results[0].type, 'tool_result');
    assert.equal(JSON.parse(results[0].content).ok, true);
  }
  await page.close();
}

test('react app: scripted agent walks the seed journey, human approves, history outlives the compose pane; an OpenAI-shaped model is relayed', async () => {
  const { base, context } = await walkTheWizard('react');
  await relayThroughAModel('react', base, context, 'openai');
});

test('svelte app: scripted agent walks the seed journey, human approves, history outlives the compose pane; an Anthropic-shaped model is relayed', async () => {
  const { base, context } = await walkTheWizard('svelte');
  await relayThroughAModel('svelte', base, context, 'anthropic');
});
