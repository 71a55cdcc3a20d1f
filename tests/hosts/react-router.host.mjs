// React Router 7 framework mode (SSR on; tests/hosts/react-router, the default template's files, no
// config for groundfacts) with the Vite its template pins (7) and with Vite 8 (tests/hosts/react-router-vite8,
// the same app — scripts/test-hosts-frameworks.sh copies the app's files there): `react-router dev`, and
// `react-router build` + `react-router-serve`. The route table comes from app/routes.ts's entries and
// @react-router/dev stays out of the app's bundles.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FACTS_HEADER, agentScenario, freePort, page, startServer } from './frameworks.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** Every file under `dir` (recursively). */
function files(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full) : [full];
  });
}

for (const [name, vite] of [['react-router', '7'], ['react-router-vite8', '8']]) {
  const APP = path.join(HERE, name);
  const BIN = path.join(APP, 'node_modules', '.bin');

  function installed() {
    const pkg = path.join(APP, 'node_modules', 'groundfacts');
    assert.ok(fs.existsSync(pkg) && !fs.lstatSync(pkg).isSymbolicLink(), 'install the fixture first (scripts/test-hosts-frameworks.sh)');
    const version = JSON.parse(fs.readFileSync(path.join(APP, 'node_modules', 'vite', 'package.json'), 'utf8')).version;
    assert.equal(version.split('.')[0], vite, `the fixture runs Vite ${vite}`);
  }

  test(`react-router dev (Vite ${vite}) renders on the server, hydrates, and the agent's move-then-act works`, { timeout: 300_000 }, async (t) => {
    installed();
    const port = await freePort();
    const output = await startServer(t, APP, path.join(BIN, 'react-router'), ['dev', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], port);
    const base = `http://127.0.0.1:${port}`;
    assert.ok((await page(base, '/', output)).includes(FACTS_HEADER), 'the server render holds the facts block');
    const { refusals } = await agentScenario(base, { warm: true });
    t.diagnostic(`PAGE_MOUNTING answers before the act ran: ${refusals}`);
    // The browser's favicon request is the host's own 404 (the fixture has no public/ folder).
    const favicon = /Error: No route matches URL "\/favicon\.ico"(\n\s+at .*)*/g;
    assert.doesNotMatch(output.text.replace(favicon, ''), /groundfacts:|Error/, output.text);
  });

  test(`react-router build + react-router-serve (Vite ${vite})`, { timeout: 600_000 }, async (t) => {
    installed();
    fs.rmSync(path.join(APP, 'build'), { recursive: true, force: true });
    const output = execFileSync(path.join(BIN, 'react-router'), ['build'], { cwd: APP, encoding: 'utf8', stdio: 'pipe' });
    const warned = output.split('\n').filter((line) => /groundfacts|\.wasm/i.test(line) && /warn|⚠|\(!\)|error|critical/i.test(line));
    assert.deepEqual(warned, [], output);
    // app/routes.ts is read by the app's graph, yet @react-router/dev's helpers never reach a bundle.
    for (const file of files(path.join(APP, 'build')).filter((f) => f.endsWith('.js'))) {
      assert.doesNotMatch(fs.readFileSync(file, 'utf8'), /__reactRouterAppDirectory|valibot/, `${file} bundles @react-router/dev`);
    }
    const port = await freePort();
    const served = await startServer(t, APP, path.join(BIN, 'react-router-serve'), ['./build/server/index.js'], port);
    const base = `http://127.0.0.1:${port}`;
    assert.ok((await page(base, '/', served)).includes(FACTS_HEADER), 'the server render holds the facts block');
    await agentScenario(base);
  });
}
