// Next.js 16 (App Router, the create-next-app scaffold in tests/hosts/nextjs, no config for
// groundfacts): a client component using groundfacts/react rendered on the server, under `next dev`
// (Turbopack), `next dev --webpack`, and `next build` + `next start` with each bundler. The start page
// is prerendered with the facts block in its HTML; the build prints no warning about the package.
// scripts/test-hosts-frameworks.sh installs the fixture with the current tarball, then runs this file.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FACTS_HEADER, agentScenario, freePort, page, startServer } from './frameworks.mjs';

const APP = path.join(path.dirname(fileURLToPath(import.meta.url)), 'nextjs');
const NEXT = path.join(APP, 'node_modules', '.bin', 'next');
const ENV = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };

function installed() {
  const pkg = path.join(APP, 'node_modules', 'groundfacts');
  assert.ok(fs.existsSync(pkg) && !fs.lstatSync(pkg).isSymbolicLink(), 'install the fixture first (scripts/test-hosts-frameworks.sh)');
}

/** Lines of a build's output that speak of the package (a warning about it would). */
function aboutThePackage(output) {
  return output.split('\n').filter((line) => /groundfacts|\.wasm|Critical dependency/i.test(line) && !/^\s*[○●ƒλ├└┌│]/.test(line));
}

for (const bundler of ['turbopack', 'webpack']) {
  const flag = bundler === 'webpack' ? ['--webpack'] : [];

  test(`next dev (${bundler}) renders on the server and the agent's move-then-act works`, { timeout: 300_000 }, async (t) => {
    installed();
    const port = await freePort();
    const output = await startServer(t, APP, NEXT, ['dev', ...flag, '--hostname', '127.0.0.1', '--port', String(port)], port);
    const base = `http://127.0.0.1:${port}`;
    const html = await page(base, '/', output);
    assert.ok(html.includes(FACTS_HEADER), `the server render holds the facts block:\n${html.slice(0, 2000)}`);
    const { refusals } = await agentScenario(base, { warm: true });
    t.diagnostic(`PAGE_MOUNTING answers before the act ran: ${refusals}`);
    assert.deepEqual(aboutThePackage(output.text), [], output.text);
  });

  test(`next build (${bundler}) prerenders the facts block, warns nothing about the package, and next start serves it`, { timeout: 600_000 }, async (t) => {
    installed();
    fs.rmSync(path.join(APP, '.next'), { recursive: true, force: true });
    const output = execFileSync(NEXT, ['build', ...flag], { cwd: APP, env: ENV, encoding: 'utf8', stdio: 'pipe' });
    assert.deepEqual(aboutThePackage(output), [], output);
    const prerendered = path.join(APP, '.next', 'server', 'app', 'index.html');
    assert.ok(fs.existsSync(prerendered), `/ is prerendered:\n${output}`);
    assert.ok(fs.readFileSync(prerendered, 'utf8').includes(FACTS_HEADER), 'the prerendered HTML holds the facts block');
    const port = await freePort();
    const served = await startServer(t, APP, NEXT, ['start', '--hostname', '127.0.0.1', '--port', String(port)], port);
    const base = `http://127.0.0.1:${port}`;
    assert.ok((await page(base, '/', served)).includes(FACTS_HEADER));
    await agentScenario(base);
    assert.deepEqual(aboutThePackage(served.text), [], served.text);
  });
}
