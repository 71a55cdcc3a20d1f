// Pins docs/decisions.md decisions 24 and 26 against the built package: no re-entry door traps the
// module however deep an app or agent nests calls (each refused as data with REENTRANCY_DEPTH past
// the limit, recorded as a gap row), disposing a group unmounts it, and free() from inside a callback
// takes effect when the outermost call returns, after which calls throw a typed SESSION_FREED.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const gf = require('./helpers/load.cjs');
const { buildWizard } = require('./helpers/wizard.cjs');

const TRIES = 10_000;
const LIMIT = 64;

const DEF = {
  pages: {
    home: { route: '/', actions: { again: { does: 'Do it again', input: 'none' }, open: { does: 'Open the cart', goTo: 'cart', binding: { kind: 'url', href: '/cart' } } } },
    cart: { route: '/cart', actions: { back: { does: 'Back home', goTo: 'home', input: 'none' } } },
  },
};

const typed = (Class, code) => (err) => {
  assert.ok(err instanceof Class, `${err && err.name}: ${err && err.message}`);
  if (code) assert.equal(err.code, code);
  assert.ok(!/null pointer|borrowed|unreachable|DataView/.test(err.message), err.message);
  return true;
};

/** After the storm: the module still builds a graph, a new session fires, and the old one too. */
function stillAlive(old) {
  const graph = gf.buildNavigationGraph('after', DEF);
  const fresh = gf.createSession(graph);
  fresh.registerActions('home', { handlers: { again: () => {} } });
  assert.equal(fresh.fire('home.again').ok, true);
  assert.equal(gf.fromRoutes({ a: '/a' }).kind, 'routes');
  if (old) {
    old.sync('home');
    const group = old.registerActions('home', { handlers: { again: () => {} } });
    assert.equal(old.fire('home.again').ok, true);
    group.unregister();
  }
}

/** Counts results by reason; `ok` for accepted ones. */
function tally() {
  const counts = {};
  return { counts, add: (r) => { const k = (r && r.reason) || 'ok'; counts[k] = (counts[k] || 0) + 1; } };
}

test('fire inside its own handler: refused REENTRANCY_DEPTH at the limit, one gap row, a facts row', () => {
  const s = gf.createSession(gf.buildNavigationGraph('shop', DEF));
  const t = tally();
  let tries = 0;
  s.registerActions('home', { handlers: { again: () => { if (tries++ < TRIES) t.add(s.fire('home.again')); } } });
  assert.equal(s.fire('home.again').ok, true);
  assert.deepEqual(t.counts, { ok: LIMIT - 1, REENTRANCY_DEPTH: 1 });
  const gaps = s.gaps().filter((g) => g.rejectionReason === 'REENTRANCY_DEPTH');
  assert.equal(gaps.length, 1);
  assert.equal(gaps[0].affordanceId, 'home.again');
  assert.match(s.groundTruth().text, /did NOT happen — agent's fire of home\.again was refused: REENTRANCY_DEPTH/);
  stillAlive(s);
});

test('do_action through the port inside a handler, and a journey tool step, are refused at the limit', () => {
  const s = gf.createSession(gf.buildNavigationGraph('shop', DEF));
  const port = gf.serveToAgent(s);
  const t = tally();
  let tries = 0;
  s.registerActions('home', { handlers: { again: () => { if (tries++ < TRIES) t.add(port.call('shop.do_action', { action: 'again' })); } } });
  assert.equal(port.call('shop.do_action', { action: 'again' }).ok, true);
  assert.deepEqual(t.counts, { ok: LIMIT - 1, REENTRANCY_DEPTH: 1 });
  stillAlive(s);

  const app = { path: '/projects/new' };
  const w = gf.createSession(buildWizard(gf, app), null, { node: 'wizard', state: { 'project.name': '' } });
  const wport = gf.serveToAgent(w);
  const j = tally();
  let steps = 0;
  w.registerActions('wizard', { handlers: { 'name-it': ({ name }) => {
    if (steps++ < TRIES) j.add(wport.call('wizard.journey.new-project', { step: 'name-it', input: { name: `n${steps}` } }));
    w.updateState({ 'project.name': name });
  } } });
  const top = wport.call('wizard.journey.new-project', { step: 'name-it', input: { name: 'top' } });
  assert.equal(top.ok, true, JSON.stringify(top));
  assert.equal(j.counts.REENTRANCY_DEPTH, 1, JSON.stringify(j.counts));
  assert.ok(steps <= LIMIT + 1, `${steps} nested steps ran`);
  stillAlive(null);
});

test('fire + sync + updateState per level, and navigate firing again, are refused at the limit', () => {
  const s = gf.createSession(gf.buildNavigationGraph('shop', DEF), null, { state: { n: 0 } });
  const syncs = tally();
  const reports = tally();
  const fires = tally();
  let tries = 0;
  s.registerActions('home', { handlers: { again: () => {
    if (tries++ >= TRIES) return;
    syncs.add(s.sync('home'));
    reports.add(s.updateState({ n: tries }));
    fires.add(s.fire('home.again'));
  } } });
  s.fire('home.again');
  for (const t of [syncs, reports, fires]) assert.deepEqual(t.counts, { ok: LIMIT - 1, REENTRANCY_DEPTH: 1 });
  assert.equal(s.state().n, LIMIT - 1, 'the refused report changed nothing');
  stillAlive(s);

  const nav = tally();
  let hops = 0;
  let session = null;
  session = gf.createSession(gf.buildNavigationGraph('shop', DEF), (href) => {
    if (hops++ >= TRIES) return;
    session.sync('home');
    nav.add(session.fire('home.open'));
  });
  assert.equal(session.fire('home.open').ok, true);
  assert.equal(nav.counts.REENTRANCY_DEPTH, 1, JSON.stringify(nav.counts));
  assert.ok(hops <= LIMIT + 1);
  stillAlive(session);
});

test('onWarn, predicates and sessions created per level share one depth; getters that call back in are refused', () => {
  // onWarn → fire of a throwing handler → warning → onWarn … across sessions made per level.
  const graph = gf.buildNavigationGraph('shop', DEF);
  let made = 0;
  const chain = () => {
    const s = gf.createSession(graph, null, { onWarn: () => { if (made++ < TRIES) chain(); } });
    s.registerActions('home', { handlers: { again: () => { throw new Error('boom'); } } });
    return s.fire('home.again');
  };
  chain();
  assert.ok(made < 2 * LIMIT + 4, `${made} nested sessions`);
  stillAlive(null);

  // A payload getter that fires again: each read is a call-out; past the margin it is a typed error.
  const s = gf.createSession(graph);
  s.registerActions('home', { handlers: { again: () => {} } });
  // (A refused read is retried once by the slow reader, so the calls are counted, but the nesting is bounded.)
  let reads = 0;
  let nesting = 0;
  let deepest = 0;
  const payload = {};
  Object.defineProperty(payload, 'x', { enumerable: true, get() {
    nesting++;
    deepest = Math.max(deepest, nesting);
    try { if (reads++ < TRIES) s.fire('home.again', { payload }); } finally { nesting--; }
    return 1;
  } });
  const outcome = (() => { try { return s.fire('home.again', { payload }); } catch (err) { return err; } })();
  assert.ok(deepest < 2 * LIMIT, `${deepest} nested reads`);
  if (outcome instanceof Error) typed(gf.SessionError)(outcome);
  // Option getters of a read (groundTruth) and proxies handed to createSession.
  let renders = 0;
  let renderNesting = 0;
  let renderDeepest = 0;
  const opts = {};
  Object.defineProperty(opts, 'sinceVersion', { get() {
    renderNesting++;
    renderDeepest = Math.max(renderDeepest, renderNesting);
    try { if (renders++ < TRIES) s.groundTruth(opts); } finally { renderNesting--; }
    return 0;
  } });
  try { s.groundTruth(opts); } catch (err) { assert.ok(err instanceof gf.ReentrancyError || err instanceof gf.SessionError, err.message); }
  assert.ok(renderDeepest < 2 * LIMIT, `${renderDeepest} nested renders`);
  let claims = 0;
  const proxy = new Proxy({}, { get() { if (claims++ < TRIES) { try { gf.createSession(proxy); } catch {} } return undefined; } });
  assert.throws(() => gf.createSession(proxy), typed(gf.SessionError, 'NOT_A_GRAPH'));
  assert.ok(claims < 2 * LIMIT);
  stillAlive(s);
});

test('disposing a group unmounts it: free() and [Symbol.dispose]() unregister first', () => {
  const s = gf.createSession(gf.buildNavigationGraph('shop', DEF));
  let ran = 0;
  for (const dispose of [(g) => g.free(), (g) => g[Symbol.dispose]()]) {
    const group = s.registerActions('home', { handlers: { again: () => { ran++; } }, actions: { mounted: { does: 'Mounted', handler: () => { ran++; } } } });
    assert.equal(s.fire('home.mounted').ok, true);
    dispose(group);
    assert.equal(s.fire('home.again').reason, 'NOT_MATERIALIZED', 'the unmounted handler cannot be fired');
    assert.equal(s.fire('home.mounted').reason, 'UNKNOWN_AFFORDANCE', 'the declaration left with it');
    dispose(group); // a second dispose is a no-op
    group.unregister(); // and so is unregister
    assert.throws(() => group.setEnabled('again', false), typed(gf.SessionError, 'GROUP_FREED'));
  }
  assert.equal(ran, 2);
  // A work handle's dispose ends the work.
  const work = s.beginWork();
  assert.equal(s.openWork().length, 1);
  work[Symbol.dispose]();
  assert.equal(s.openWork().length, 0);
  work[Symbol.dispose](); // a second dispose is a no-op
  assert.equal(work.end(), false);
});

test('free() inside a handler, a predicate or navigate takes effect when the outermost call returns', () => {
  const graph = gf.buildNavigationGraph('shop', {
    pages: { home: { route: '/', actions: {
      again: { does: 'Again', input: 'none' },
      checked: { does: 'Checked', writes: ['x'], verify: (state) => { victim.free(); return state.x === 1; } },
      open: { does: 'Open', goTo: 'cart', binding: { kind: 'url', href: '/cart' } },
    } }, cart: { route: '/cart' } },
  });
  let victim = null;
  const released = [];
  // In a handler: the fire finishes and reports normally.
  victim = gf.createSession(graph, null, { onWarn: (w) => released.push(w) });
  let afterFree = null;
  victim.registerActions('home', { handlers: { again: () => { victim.free(); afterFree = victim.version; } } });
  const r = victim.fire('home.again');
  assert.equal(r.ok, true);
  assert.equal(typeof afterFree, 'number', 'the session still answers until the outermost call returns');
  assert.throws(() => victim.fire('home.again'), typed(gf.SessionError, 'SESSION_FREED'));
  assert.throws(() => victim.groundTruth(), typed(gf.SessionError, 'SESSION_FREED'));
  assert.throws(() => victim.version, typed(gf.SessionError, 'SESSION_FREED'));
  assert.throws(() => gf.serveToAgent(victim), typed(gf.SessionError, 'NOT_A_SESSION'));
  victim.free(); // idempotent

  // In a verify predicate.
  victim = gf.createSession(graph, null, { state: { x: 0 } });
  victim.registerActions('home', { handlers: { checked: () => victim.updateState({ x: 1 }) } });
  assert.equal(victim.fire('home.checked').effectStatus, 'performed');
  assert.throws(() => victim.state(), typed(gf.SessionError, 'SESSION_FREED'));

  // In navigate, and through the port.
  victim = gf.createSession(graph, () => { victim.free(); });
  const port = gf.serveToAgent(victim);
  assert.equal(port.call('shop.do_action', { action: 'open' }).ok, true);
  assert.throws(() => victim.node, typed(gf.SessionError, 'SESSION_FREED'));
  assert.equal(port.call('shop.do_action', { action: 'open' }).ok, false, 'nothing runs through a freed session');
  // A port freed inside a callback stays attached and answers PORT_FREED; freed from app code it is detached.
  const host = gf.createSession(graph);
  host.registerActions('home', { handlers: { again: () => port.free() } });
  host.fire('home.again');
  assert.equal(port.call('shop.whats_here', {}).reason, 'PORT_FREED');
  const other = gf.serveToAgent(host);
  other.free();
  assert.equal(other.call('shop.whats_here', {}).reason, 'PORT_FREED');
  assert.throws(() => other.tools(), typed(gf.SessionError, 'PORT_FREED'));
  const freedGraph = gf.buildNavigationGraph('shop', DEF);
  freedGraph.free();
  assert.throws(() => freedGraph.pages(), typed(gf.SessionError, 'GRAPH_FREED'));
  assert.throws(() => freedGraph.id, typed(gf.SessionError, 'GRAPH_FREED'));
  const topFreed = gf.createSession(graph);
  topFreed.free();
  assert.throws(() => topFreed.fire('home.again'), typed(gf.SessionError, 'SESSION_FREED'));

  // A nested fire frees; the outer fire still completes; a group disposed inside its own handler.
  victim = gf.createSession(graph);
  let depth = 0;
  victim.registerActions('home', { handlers: { again: () => { if (depth++ === 0) victim.fire('home.again'); else victim.free(); } } });
  assert.equal(victim.fire('home.again').ok, true);
  assert.throws(() => victim.fire('home.again'), typed(gf.SessionError, 'SESSION_FREED'));
  const s = gf.createSession(graph);
  const group = s.registerActions('home', { handlers: { again: () => group.free() } });
  assert.equal(s.fire('home.again').ok, true);
  assert.equal(s.fire('home.again').reason, 'NOT_MATERIALIZED');

  // graph.free() while a session using it is mid-call: the session keeps working.
  const g2 = gf.buildNavigationGraph('shop', DEF);
  const user = gf.createSession(g2);
  user.registerActions('home', { handlers: { again: () => g2.free() } });
  assert.equal(user.fire('home.again').ok, true);
  assert.equal(user.fire('home.again').ok, true);
  assert.throws(() => g2.pages(), typed(gf.SessionError, 'GRAPH_FREED'));
  assert.throws(() => gf.createSession(g2), typed(gf.SessionError, 'NOT_A_GRAPH'));
  stillAlive(null);
});
