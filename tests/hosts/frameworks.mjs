// What the Next.js and React Router host tests share: starting a server command and waiting for its
// port, reading a server-rendered page, and one browser scenario run against every mode of both apps.
// The scenario: the start page's HTML holds the facts block (rendered on the server); in Chromium the
// page hydrates; an agent moves to the notes page through the port and acts at once — answered
// PAGE_MOUNTING (retriable) while the page mounts, then performed on a retry — and the facts block says
// so; a deep link starts the session on its own page (no hop recorded). Used by nextjs.host.mjs and
// react-router.host.mjs; playwright-core comes from the webpack fixture.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM, spawnGroup } from './support.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const FACTS_HEADER = 'FACTS FROM THE APP (authoritative).';

export { freePort } from './support.mjs';

/** Runs `command args` in `cwd`; resolves once `http://127.0.0.1:port/` answers. `t.after` stops it and waits for it to go. */
export async function startServer(t, cwd, command, args, port, env = {}) {
  const { child, output } = spawnGroup(t, cwd, command, args, {
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', PORT: String(port), HOST: '127.0.0.1', ...env },
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) assert.fail(`${command} ${args.join(' ')} exited ${child.exitCode}:\n${output.text}`);
    try {
      await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(60_000) });
      return output;
    } catch {
      if (Date.now() > deadline) assert.fail(`${command} never answered on ${port}:\n${output.text}`);
      await new Promise((r) => setTimeout(r, 300));
    }
  }
}

/** The server's HTML for `path`, asserted 200. */
export async function page(base, where, output) {
  const response = await fetch(base + where);
  const html = await response.text();
  assert.equal(response.status, 200, `${where} answered ${response.status}: ${html.slice(0, 600)}\n${output?.text ?? ''}`);
  return html;
}

/** Resolves once the agent's button has React's handler (the page hydrated). */
function hydrated(tab) {
  return tab.waitForFunction(() => {
    const button = document.querySelector('#agent');
    return button && Object.keys(button).some((k) => k.startsWith('__reactProps'));
  });
}

/** The browser scenario (see the file comment). `warm` visits the notes page first, by URL and by a link (a dev server compiles on demand). */
export async function agentScenario(base, { warm = false } = {}) {
  const { chromium } = createRequire(path.join(HERE, 'webpack', 'package.json'))('playwright-core');
  const browser = await chromium.launch(CHROMIUM);
  try {
    const tab = await browser.newPage();
    tab.setDefaultTimeout(90_000); // a dev server compiles on demand, on 2 shared cores
    const errors = [];
    tab.on('pageerror', (error) => errors.push(error.message));
    tab.on('console', (message) => {
      // A missing favicon is the host's 404, not ours; a failed request of the package is caught below.
      if (/Failed to load resource: the server responded with a status of 404/.test(message.text())) return;
      if (message.type() === 'error' || /groundfacts/.test(message.text())) errors.push(message.text());
    });
    tab.on('response', (response) => {
      if (response.status() >= 400 && /groundfacts|\.wasm/.test(response.url())) errors.push(`${response.status()} ${response.url()}`);
    });
    if (warm) {
      // A dev server compiles a route on its first request, and a client-side move asks for more than
      // the document (Next's RSC payload, React Router's route module): make both once, so the agent's
      // move below meets a page that mounts within its retries (docs/session.md §32's 5 s window).
      await tab.goto(`${base}/notes`);
      await tab.waitForSelector('#count');
      await tab.goto(`${base}/`);
      await hydrated(tab);
      await tab.click('a[href="/notes"]');
      await tab.waitForSelector('#count');
    }
    // A deep link: the session starts on the notes page, and no hop to it is recorded.
    await tab.goto(`${base}/notes`);
    await tab.waitForFunction(() => document.querySelector('#facts')?.textContent.includes('FACTS FROM THE APP'));
    const deep = await tab.textContent('#facts');
    assert.doesNotMatch(deep, /sync|moved|→/i, `a deep link records no hop:\n${deep}`);

    await tab.goto(`${base}/`);
    await tab.waitForFunction(() => document.querySelector('#facts')?.textContent.includes('FACTS FROM THE APP'));
    await hydrated(tab);
    await tab.click('#agent');
    await tab
      .waitForFunction(() => document.querySelector('#agent-log')?.textContent.trim().length > 0, null, { timeout: 30_000 })
      .catch((error) => assert.fail(`the agent's calls never answered (${error.message}); console: ${JSON.stringify(errors)}`));
    const said = (await tab.textContent('#agent-log')).split('\n').map((line) => JSON.parse(line));
    assert.equal(said[0].ok, true, `the move: ${JSON.stringify(said[0])}`);
    const last = said.at(-1);
    assert.equal(last.ok, true, `the act, retried while the page mounted: ${JSON.stringify(said)}`);
    const refusals = said.slice(1, -1);
    for (const refusal of refusals) {
      assert.equal(refusal.reason, 'PAGE_MOUNTING', JSON.stringify(said));
      assert.equal(refusal.retriable, true);
    }
    await tab.waitForSelector('#count');
    await tab.waitForFunction(() => document.querySelector('#count')?.textContent === '1 notes');
    const facts = await tab.textContent('#facts');
    assert.match(facts, /notes\.add/, facts);
    if (refusals.length > 0) assert.match(facts, /PAGE_MOUNTING \(the page was still loading/, facts);
    assert.deepEqual(errors, [], 'no error and no groundfacts warning in the console');
    return { refusals: refusals.length };
  } finally {
    await browser.close();
  }
}
