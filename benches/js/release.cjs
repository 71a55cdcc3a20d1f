// The release benchmark (docs/decisions.md decisions 24 and 26): prints, with met / NOT met,
// - wasm memory and JS heap growth over 100,000 registerActions/unregister cycles (target: flat),
// - wasm memory and JS heap growth over 10,000 sessions created, fired and freed (target: flat),
// - the JS stack left at the re-entrancy limit, through fire and through the port (target: most of it).
// "Flat" means: after a warm-up, growth stays under 1 MiB of wasm memory (linear memory only grows, in
// 64 KiB pages) and under 4 MiB of JS heap after a forced collection. A benchmark, not a test: it never
// fails, it reports. Run: node --expose-gc benches/js/release.cjs (after scripts/build.sh).
'use strict';

const path = require('path');
const v8 = require('v8');
const vm = require('vm');

const ROOT = path.join(__dirname, '..', '..');
let instance = null;
const OriginalInstance = WebAssembly.Instance;
WebAssembly.Instance = function CapturingInstance(module, imports) {
  instance = new OriginalInstance(module, imports);
  return instance;
};
const gf = require(process.env.GROUNDFACTS_NODE_PKG || path.join(ROOT, 'pkg'));
WebAssembly.Instance = OriginalInstance;

const gc = typeof global.gc === 'function' ? global.gc : (v8.setFlagsFromString('--expose-gc'), vm.runInNewContext('gc'));
const wasmBytes = () => instance.exports.memory.buffer.byteLength;
const MiB = (n) => `${(n / 1024 / 1024).toFixed(2)} MiB`;
const verdict = (ok) => (ok ? 'met' : 'NOT met');
const settle = async () => {
  for (let i = 0; i < 5; i++) {
    gc();
    await new Promise((resolve) => setImmediate(resolve));
  }
};

const DEF = {
  pages: {
    home: { route: '/', actions: { toggle: { does: 'Toggle the panel', input: 'none' }, open: { does: 'Open the cart', goTo: 'cart' } } },
    cart: { route: '/cart', actions: { back: { does: 'Back home', goTo: 'home' } } },
  },
};

async function measure(label, warmup, run) {
  warmup();
  await settle();
  const wasm0 = wasmBytes();
  const heap0 = process.memoryUsage().heapUsed;
  const t0 = process.hrtime.bigint();
  run();
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  await settle();
  const wasm = wasmBytes() - wasm0;
  const heap = process.memoryUsage().heapUsed - heap0;
  const flat = wasm <= 1 << 20 && heap <= 4 << 20;
  console.log(`${label}:`);
  console.log(`  wasm memory grew ${MiB(wasm)}, JS heap grew ${MiB(heap)} (${ms.toFixed(0)} ms) — flat: ${verdict(flat)}`);
}

function headroom() {
  let n = 0;
  const dive = () => {
    n++;
    dive();
  };
  try {
    dive();
  } catch {
    /* the JS stack ran out: n is how many frames were left */
  }
  return n;
}

function atLimit(viaPort) {
  const session = gf.createSession(gf.buildNavigationGraph('shop', DEF));
  const port = gf.serveToAgent(session);
  let left = null;
  session.registerActions('home', {
    handlers: {
      toggle: () => {
        const r = viaPort ? port.call('shop.do_action', { action: 'toggle' }) : session.fire('home.toggle');
        if (r.reason === 'REENTRANCY_DEPTH' && left === null) left = headroom();
      },
    },
  });
  session.fire('home.toggle');
  session.free();
  return left;
}

(async () => {
  const graph = gf.buildNavigationGraph('shop', DEF);
  const session = gf.createSession(graph, (href) => href);
  const mount = () => session.registerActions('home', { handlers: { toggle: () => {} }, actions: { mounted: { does: 'Mounted', verify: () => true } } });
  const disposing = (n) => () => {
    for (let i = 0; i < n; i++) mount()[Symbol.dispose]();
  };
  await measure('100,000 registerActions/dispose cycles (one session; dispose = unregister + free)', disposing(10_000), disposing(100_000));
  // unregister() alone leaves the ActionGroup wrapper (a few dozen bytes) to wasm-bindgen's
  // FinalizationRegistry, so this run lets the collector work between batches, as an app idles.
  const unregistering = async (n) => {
    for (let done = 0; done < n; done += 1_000) {
      for (let i = 0; i < 1_000; i++) mount().unregister();
      await settle();
    }
  };
  await unregistering(10_000);
  {
    const wasm0 = wasmBytes();
    const heap0 = process.memoryUsage().heapUsed;
    await unregistering(100_000);
    const wasm = wasmBytes() - wasm0;
    const heap = process.memoryUsage().heapUsed - heap0;
    console.log('100,000 registerActions/unregister cycles (one session; collector runs every 1,000):');
    console.log(`  wasm memory grew ${MiB(wasm)}, JS heap grew ${MiB(heap)} — flat: ${verdict(wasm <= 1 << 20 && heap <= 4 << 20)}`);
  }

  const sessions = async (n, burst) => {
    for (let done = 0; done < n; done += burst) {
      for (let i = 0; i < burst; i++) {
        const s = gf.createSession(graph, (href) => href, { onWarn: () => {} });
        s.registerActions('home', { handlers: { toggle: () => {} } });
        s.fire('home.toggle');
        s.free();
      }
      await settle();
    }
  };
  // A freed session's wrapper (and the group handle dropped without free()) waits for wasm-bindgen's
  // FinalizationRegistry; so this reports both one uninterrupted burst and bursts with idle time.
  for (const [label, burst] of [['in one burst', 10_000], ['in bursts of 1,000 with the collector between', 1_000]]) {
    await sessions(2_000, 1_000);
    const wasm0 = wasmBytes();
    const heap0 = process.memoryUsage().heapUsed;
    await sessions(10_000, burst);
    const wasm = wasmBytes() - wasm0;
    const heap = process.memoryUsage().heapUsed - heap0;
    console.log(`10,000 sessions created, fired and freed, ${label}:`);
    console.log(`  wasm memory grew ${MiB(wasm)}, JS heap grew ${MiB(heap)} — flat: ${verdict(wasm <= 1 << 20 && heap <= 4 << 20)}`);
  }

  const top = headroom();
  const viaFire = atLimit(false);
  const viaPort = atLimit(true);
  console.log('JS stack at the re-entrancy limit (64 nested fires), in frames of a trivial JS function:');
  console.log(`  at the top: ${top}; left at the limit through fire: ${viaFire} (${((viaFire / top) * 100).toFixed(0)}%), through the port: ${viaPort} (${((viaPort / top) * 100).toFixed(0)}%)`);
  console.log(`  target (≥ 50% left, so an app's own recursion is not squeezed): ${verdict(Math.min(viaFire, viaPort) >= top / 2)}`);
})();
