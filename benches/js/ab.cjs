// Two builds of the package, one process, interleaved: loads each build's node entry (a pkg/-shaped
// folder: `cp -a pkg /tmp/NAME` before a change, rebuild, then compare) and times the same ops on both
// in alternating rounds of CPU time (process.cpuUsage: steady on a shared, loaded machine), so load
// hits both alike. Ops: fire + settle with the 3-key whole-store report (bench.cjs's `fireStore`),
// `whats_here` and `groundTruth()`, at 10 / 1,000 / 10,000 attempts. Prints min / median µs per op of
// each build, new/old of the minima and the median of each round's paired new/old, then each build's speed floors of ruling 31 (the worst size's min) as
// met / NOT met: compare the ratio, since on a busy machine both sides' absolute times grow. A `__BenchCore` in a build (target/bench-paths/, see bench-paths.cjs)
// adds the core alone in wasm. Reports numbers only; asserts nothing.
// Run: node benches/js/ab.cjs <old-dir> <new-dir> [--rounds N] [--sizes 10,1000]
'use strict';
const path = require('path');

const ROOT = path.join(__dirname, '..', '..');
const { wizardDefinition } = require(path.join(ROOT, 'tests', 'js', 'helpers', 'wizard.cjs'));

const args = process.argv.slice(2);
const dirs = args.filter((a, i) => !a.startsWith('--') && !(args[i - 1] || '').startsWith('--'));
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
if (dirs.length !== 2) {
  console.error('usage: node benches/js/ab.cjs <old-dir> <new-dir> [--rounds N] [--sizes 10,1000,10000]');
  process.exit(2);
}
const ROUNDS = Number(option('--rounds', 11));
const SIZES = option('--sizes', '10,1000,10000').split(',').map(Number);
const entry = (dir) => {
  const abs = path.resolve(dir);
  for (const name of ['groundfacts.cjs', 'groundfacts.js']) {
    try {
      return require(path.join(abs, name));
    } catch (err) {
      if (err.code !== 'MODULE_NOT_FOUND') throw err;
    }
  }
  throw new Error(`ab: no node entry in ${abs}`);
};
const builds = dirs.map(entry);
const cpuNs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) * 1e3;
};

/** The bench's session on `gf`: the seed wizard, the handler reporting the whole 3-key store. */
function storeSession(gf, attempts) {
  const app = { path: '/projects/new' };
  const graph = gf.buildNavigationGraph('wizard', wizardDefinition(gf, app));
  const session = gf.createSession(graph, (href) => { app.path = href; }, {
    node: 'wizard', state: { 'project.name': '', 'project.recipe': '', 'projects.count': 0 }, onWarn: () => {},
  });
  session.registerActions('wizard', { handlers: { 'name-it': (input) => { session.updateState({ 'project.name': input.name, 'project.recipe': '', 'projects.count': 0 }); } } });
  let n = 0;
  const fire = () => {
    n += 1;
    const fired = session.fire('wizard.name-it', { payload: { name: `name ${n}` } });
    if (fired.settlement !== 'settled') throw new Error('ab: the fire did not settle');
  };
  for (let i = 0; i < attempts / 2; i += 1) {
    fire();
    session.fire('wizard.not-an-action');
  }
  const port = gf.serveToAgent(session);
  return {
    fire,
    whatsHere: () => port.call('wizard.whats_here', {}),
    groundTruth: () => session.groundTruth(),
    free: () => { port.free(); session.free(); },
  };
}

function round(fn, ms, per = 1) {
  let calls = 0;
  const start = cpuNs();
  let elapsed;
  do {
    for (let i = 0; i < 16; i += 1) fn();
    calls += 16;
    elapsed = cpuNs() - start;
  } while (elapsed < ms * 1e6);
  return elapsed / calls / per / 1e3;
}

const stat = (s) => {
  s.sort((x, y) => x - y);
  return { min: s[0], median: s[s.length >> 1] };
};
const num = (x) => x.toFixed(2).padStart(7);

// Ruling 31's floors (µs, CPU time) by op label; the worst size's min of each build.
const FLOORS = { 'fire+settle (3-key store)': 12, whats_here: 40, 'groundTruth()': 8 };
const worst = [{}, {}];
console.log(`ab: ${dirs[0]} (old) vs ${dirs[1]} (new) — CPU µs per op, min / median of ${ROUNDS} alternating rounds`);
for (const size of SIZES) {
  const sessions = builds.map((gf) => storeSession(gf, size));
  const ops = [['fire+settle (3-key store)', (s) => s.fire], ['whats_here', (s) => s.whatsHere], ['groundTruth()', (s) => s.groundTruth]];
  const cores = builds.map((gf) => (typeof gf.__BenchCore === 'function' ? new gf.__BenchCore(size) : null));
  if (cores.every(Boolean)) ops.push(['the core alone, in wasm', (s, i) => () => cores[i].fires(16), 16]);
  for (const [label, pick, per = 1] of ops) {
    const fns = sessions.map((s, i) => pick(s, i));
    // A long warm-up: the first size otherwise times code the engine has not optimised yet.
    fns.forEach((fn) => round(fn, size === SIZES[0] ? 300 : 30, per));
    const samples = [[], []];
    for (let r = 0; r < ROUNDS; r += 1) {
      // Swap who goes first every round.
      const order = r % 2 ? [1, 0] : [0, 1];
      for (const i of order) samples[i].push(round(fns[i], 15, per));
    }
    // Each round's new/old, the two timed back to back: the median of these is steadier under load
    // than the ratio of the two minima.
    const paired = stat(samples[1].map((t, r) => t / samples[0][r])).median;
    const [a, b] = samples.map(stat);
    [a, b].forEach((s, i) => { worst[i][label] = Math.max(worst[i][label] || 0, s.min); });
    console.log(`  @${String(size).padStart(5)} ${label.padEnd(28)} old ${num(a.min)} /${num(a.median)}   new ${num(b.min)} /${num(b.median)}   new/old ${(b.min / a.min).toFixed(3)} (min), ${paired.toFixed(3)} (paired median)`);
  }
  sessions.forEach((s) => s.free());
  cores.forEach((c) => c && c.free());
}
for (const [label, floor] of Object.entries(FLOORS)) {
  const [a, b] = worst.map((w) => w[label]);
  const verdict = (x) => (x <= floor ? 'met' : 'NOT met');
  console.log(`floor ${label} ≤ ${floor} µs (worst size): old ${num(a)} ${verdict(a)}, new ${num(b)} ${verdict(b)}, new/old ${(b / a).toFixed(3)}`);
}
