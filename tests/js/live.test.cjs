// Pins the app-wiring calls of the second release against the built package (docs/decisions.md
// decisions 27–29): `subscribe` (once per outermost call, listeners that call back in, throwing and
// unsubscribing listeners), `setNavigate`, `sync(node, { principal })`, and a `navigate` that returns a
// promise or a thenable (resolve/sync in either order, rejection, rejection after arrival, a thenable
// that settles inside `then`, a sync from inside navigate).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const gf = require('./helpers/load.cjs');

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function hopGraph() {
  return gf.buildNavigationGraph('hop', {
    pages: {
      home: {
        route: '/',
        does: 'the home page',
        actions: {
          'open-cart': { does: 'Open the cart', goTo: 'cart', input: 'none', verify: { 'cart.ready': { eq: true } } },
          search: { does: 'Search', input: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] }, writes: ['search.q'] },
          toggle: { does: 'Toggle the panel', input: 'none' },
        },
      },
      cart: { route: '/cart', does: 'the cart', actions: { checkout: { does: 'Place the order', input: 'none', confirm: true } } },
    },
  });
}

/** A session on `home` with a state tap; `navigate` as given (undefined: none). */
function hop(navigate) {
  const warnings = [];
  const session = gf.createSession(hopGraph(), navigate, {
    node: 'home',
    state: { 'search.q': '', 'cart.ready': true },
    onWarn: (m) => warnings.push(m),
  });
  return { session, warnings };
}

function counting(session) {
  const seen = [];
  const unsubscribe = session.subscribe(() => seen.push(session.version));
  return { seen, unsubscribe };
}

// ---- subscribe (decision 29) ----

test('a listener runs once per call, after it returns, even when the handler re-entered the session', () => {
  const { session } = hop();
  let insideHandler;
  const { seen, unsubscribe } = counting(session);
  session.registerActions('home', {
    handlers: {
      search: ({ q }) => {
        session.updateState({ 'search.q': q });
        insideHandler = seen.length;
      },
    },
  });
  assert.equal(seen.length, 1, 'the registration was one call');
  const r = session.fire('home.search', { payload: { q: 'lamp' } });
  assert.equal(r.effectStatus, 'performed');
  assert.equal(insideHandler, 1, 'nobody was told from inside the handler');
  assert.deepEqual(seen, [seen[0], session.version], 'once more, after the call, seeing the end state');
  assert.equal(typeof unsubscribe, 'function');
  unsubscribe();
  unsubscribe();
  session.reportGap('after unsubscribing');
  assert.equal(seen.length, 2);
});

test('reads, a sync of the known page and refusals that record nothing notify nobody; a refused fire does', () => {
  const { session } = hop();
  const { seen } = counting(session);
  session.available();
  session.groundTruth();
  session.contextBrief();
  session.transitions();
  session.asks();
  session.sync('home');
  assert.equal(session.updateState({ x: 1 }, { transitionId: 'nope#3' }).reason, 'UNKNOWN_TRANSITION');
  assert.throws(() => session.fire(42));
  assert.equal(seen.length, 0);
  const refused = session.fire('home.open-cart');
  assert.equal(refused.reason, 'NOT_MATERIALIZED');
  assert.equal(seen.length, 1, 'the refusal is a gap row a facts panel shows');
  const ask = session.confirmAsk('cart.checkout');
  assert.equal(seen.length, 2, 'a new ask does not bump the version but is news');
  session.confirmAsk('cart.checkout');
  assert.equal(seen.length, 2, 'the same open ask again is not');
  assert.equal(session.decline(ask.askId).ok, true);
  assert.equal(seen.length, 3);
});

test('a listener may call back in: reads end the loop, a change is notified in one more round', () => {
  const { session } = hop();
  const texts = [];
  session.subscribe(() => texts.push(session.groundTruth().text));
  let once = false;
  session.subscribe(() => {
    if (!once) {
      once = true;
      session.reportGap('from a listener');
    }
  });
  session.reportGap('first');
  assert.equal(texts.length, 2);
  session.reportGap('second');
  assert.equal(texts.length, 3);
});

test('a listener that always changes the session is stopped with a warning, never a stack overflow', () => {
  const { session, warnings } = hop();
  let calls = 0;
  session.subscribe(() => {
    calls += 1;
    session.reportGap('again');
  });
  session.reportGap('start');
  assert.equal(calls, 64);
  assert.ok(warnings.some((w) => w.startsWith('groundfacts: subscribe listeners changed the session')), warnings.join('\n'));
  session.reportGap('still usable');
  assert.ok(calls > 64);
});

test('a throwing listener warns through onWarn and stops neither the call nor the other listeners', () => {
  const { session, warnings } = hop();
  session.subscribe(() => {
    throw new Error('panel crashed');
  });
  const { seen } = counting(session);
  session.registerActions('home', { handlers: { toggle: () => {} } });
  const r = session.fire('home.toggle');
  assert.equal(r.ok, true);
  assert.equal(seen.length, 2);
  const warned = warnings.filter((w) => w.includes('panel crashed'));
  assert.equal(warned.length, 2);
  assert.ok(warned[0].startsWith('groundfacts: a subscribe listener threw: panel crashed'), warned[0]);
});

test('unsubscribing inside a listener, itself or a later one, is safe', () => {
  const { session } = hop();
  const calls = [];
  let second;
  const first = session.subscribe(() => {
    calls.push('first');
    first();
    second();
  });
  second = session.subscribe(() => calls.push('second'));
  session.subscribe(() => calls.push('third'));
  session.reportGap('one');
  assert.deepEqual(calls, ['first', 'third']);
  session.reportGap('two');
  assert.deepEqual(calls, ['first', 'third', 'third']);
});

test('subscribe refuses what is not a function with a typed error', () => {
  const { session } = hop();
  assert.throws(
    () => session.subscribe('nope'),
    (e) => e instanceof gf.SessionError && e.code === 'BAD_ARGUMENT' && /^groundfacts: subscribe: listener must be a function/.test(e.message),
  );
});

test('registerActions with initial switches and an agent port call are one notification each', () => {
  const { session } = hop();
  const { seen } = counting(session);
  session.registerActions('home', { handlers: { toggle: () => {} }, enabled: { toggle: false } });
  assert.equal(seen.length, 1);
  session.sync('cart');
  assert.equal(seen.length, 2);
  // The cart's component mounts (an ask is minted only for an action that could run: decision 35).
  session.registerActions('cart', { handlers: { checkout: () => {} } });
  assert.equal(seen.length, 3);
  // Declining through the port opens an ask and answers it: two changes, one call.
  const port = gf.serveToAgent(session);
  const declined = port.call('hop.do_action', { action: 'cart.checkout', decline: true });
  assert.equal(declined.judgment, 'declined');
  assert.equal(seen.length, 4, 'one notification for the port call');
});

// ---- setNavigate and a person's navigation (decision 28) ----

test('setNavigate makes url gestures materialise from then on; null turns them off; bad input keeps the old one', () => {
  const { session } = hop();
  assert.equal(session.fire('home.open-cart').reason, 'NOT_MATERIALIZED');
  const hrefs = [];
  const { seen } = counting(session);
  session.setNavigate((href) => {
    hrefs.push(href);
    session.sync(href);
  });
  assert.equal(seen.length, 1, 'turning navigation on is news (a structure change)');
  const edge = session.available().edges.find((e) => e.affordanceId === 'home.open-cart');
  assert.ok(edge);
  const r = session.fire('home.open-cart');
  assert.equal(r.effectStatus, 'performed');
  assert.deepEqual(hrefs, ['/cart']);
  assert.equal(session.node, 'cart');
  session.sync('home');
  const before = seen.length;
  session.setNavigate((href) => hrefs.push(`second ${href}`));
  assert.equal(seen.length, before, 'swapping functions changes nothing a reader sees');
  assert.throws(() => session.setNavigate(5), (e) => e instanceof gf.SessionError && e.code === 'BAD_ARGUMENT');
  session.fire('home.open-cart');
  assert.deepEqual(hrefs, ['/cart', 'second /cart'], 'the refused argument left the second function in place');
  session.sync('home');
  session.setNavigate(null);
  assert.equal(session.fire('home.open-cart').reason, 'NOT_MATERIALIZED');
});

test("sync with principal 'user' records the person's move as theirs; 'unknown' and typos are refused", () => {
  const { session } = hop();
  const r = session.sync('cart', { principal: 'user' });
  assert.equal(r.transition.cause.principal, 'user');
  session.sync('home');
  const brief = session.contextBrief().text;
  assert.match(brief, /user navigation: cursor moved home → cart/);
  assert.match(brief, /system navigation: cursor moved cart → home/);
  assert.throws(() => session.sync('cart', { principal: 'unknown' }), (e) => e.code === 'BAD_ARGUMENT');
  assert.throws(() => session.sync('cart', { principal: 'person' }), (e) => e.code === 'BAD_ARGUMENT');
  assert.equal(session.node, 'home', 'a refused sync moved nothing');
});

// ---- async navigate (decision 27) ----

/** A navigate whose promises the test settles by hand. */
function deferredNavigate() {
  const calls = [];
  const navigate = (href) =>
    new Promise((resolve, reject) => {
      calls.push({ href, resolve, reject });
    });
  return { calls, navigate };
}

test('resolve then sync: the fire stays open until the promise resolves, then the sync confirms arrival', async () => {
  const nav = deferredNavigate();
  const { session } = hop(nav.navigate);
  const r = session.fire('home.open-cart');
  assert.equal(r.effectStatus, 'pending');
  assert.deepEqual(session.awaitingSettlement(), [r.transitionId]);
  assert.equal(session.settlementIfKnown(r.transitionId), undefined);
  nav.calls[0].resolve();
  const settled = await session.settlementOf(r.transitionId);
  assert.equal(settled.effectStatus, 'performed');
  assert.equal(settled.verifyHeld, true);
  // The held verify already makes the arrival observed (decision 20); the router's sync keeps it so.
  assert.equal(settled.transition.arrival, 'observed');
  session.sync('/cart');
  assert.equal(session.transitions().find((t) => t.id === r.transitionId).arrival, 'observed');
});

test('sync before resolve: arrival ends the wait and asks verify; the later resolution changes nothing', async () => {
  const nav = deferredNavigate();
  const { session, warnings } = hop(nav.navigate);
  const { seen } = counting(session);
  const r = session.fire('home.open-cart');
  session.updateState({ 'cart.ready': false });
  session.sync('/cart');
  const settled = session.settlementIfKnown(r.transitionId);
  assert.equal(settled.effectStatus, 'refused', 'verify was asked at arrival, on the state then');
  assert.equal(settled.verifyHeld, false);
  const notified = seen.length;
  nav.calls[0].resolve();
  await tick();
  assert.deepEqual(session.settlementIfKnown(r.transitionId), settled);
  assert.equal(seen.length, notified);
  assert.ok(!warnings.some((w) => /failed after/.test(w)));
});

test('a rejected navigate refuses the fire and walks the claimed move back', async () => {
  const nav = deferredNavigate();
  const { session, warnings } = hop(nav.navigate);
  const r = session.fire('home.open-cart');
  assert.equal(session.node, 'cart');
  nav.calls[0].reject(new Error('navigation aborted'));
  const settled = await session.settlementOf(r.transitionId);
  assert.equal(settled.effectStatus, 'refused');
  assert.equal(settled.error.reason, 'NAVIGATE_THREW');
  assert.equal(session.node, 'home');
  assert.equal(session.transitions().find((t) => t.id === r.transitionId).outcome, 'rolled-back');
  assert.ok(warnings.some((w) => w.startsWith("groundfacts: navigate for 'home.open-cart'") && w.includes('navigation aborted')), warnings.join('\n'));
});

test('a rejection after the router reported arrival leaves the settlement and warns', async () => {
  const nav = deferredNavigate();
  const { session, warnings } = hop(nav.navigate);
  const r = session.fire('home.open-cart');
  session.sync('cart');
  const settled = session.settlementIfKnown(r.transitionId);
  assert.equal(settled.effectStatus, 'performed');
  nav.calls[0].reject(new Error('late failure'));
  await tick();
  assert.deepEqual(session.settlementIfKnown(r.transitionId), settled);
  assert.equal(session.node, 'cart');
  assert.ok(warnings.some((w) => w.includes('late failure') && w.includes('arrival stands')), warnings.join('\n'));
});

test('a thenable that rejects (or resolves) inside then is a throw (or a return), never a fire left open', () => {
  const rejecting = hop(() => ({ then: (_ok, fail) => fail(new Error('refused at once')) }));
  const r = rejecting.session.fire('home.open-cart');
  assert.equal(r.effectStatus, 'refused');
  assert.equal(rejecting.session.node, 'home', 'walked back');
  assert.deepEqual(rejecting.session.awaitingSettlement(), []);
  const resolving = hop(() => ({ then: (ok) => ok() }));
  const ok = resolving.session.fire('home.open-cart');
  assert.equal(ok.effectStatus, 'performed');
  assert.deepEqual(resolving.session.awaitingSettlement(), []);
});

test('a sync from inside navigate counts as arrival even though the promise comes back after it', async () => {
  let resolveIt;
  const { session } = hop((href) => {
    session.sync(href);
    return new Promise((resolve) => {
      resolveIt = resolve;
    });
  });
  const r = session.fire('home.open-cart');
  assert.equal(r.effectStatus, 'performed');
  assert.equal(session.transitions().find((t) => t.id === r.transitionId).arrival, 'observed');
  resolveIt();
  await tick();
  assert.equal(session.settlementIfKnown(r.transitionId).effectStatus, 'performed');
});
