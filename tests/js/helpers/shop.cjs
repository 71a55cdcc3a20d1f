// A small shop app for the conformance tests: a cart page and a checkout page (read from the route table
// with cross-links), a high-effect `place-order` with a verify filter, a journey with a `when`
// precondition, and handlers that report through the store tap the way an app does.
'use strict';

const ROUTES = { cart: { route: '/cart', does: 'the cart' }, checkout: { route: '/checkout', does: 'the checkout' } };

function shopDefinition(gf) {
  return {
    sources: [gf.fromRoutes(ROUTES, { crossLinks: true })],
    pages: {
      cart: {
        actions: {
          'add-item': {
            does: 'Add an item to the cart',
            input: { type: 'object', properties: { sku: { type: 'string' } }, required: ['sku'] },
            writes: ['cart.count'],
          },
          'set-note': {
            does: 'Write a note on the order',
            input: { type: 'object', properties: { note: { type: 'string' } }, required: ['note'] },
            writes: ['cart.note'],
          },
          'to-checkout': { does: 'Go on to the checkout', goTo: 'checkout', input: 'none' },
          'vip-only': { does: 'Use the VIP lane', when: { 'user.vip': { eq: true } }, writes: ['vip.used'] },
        },
      },
      checkout: {
        actions: {
          'place-order': {
            does: 'Place the order',
            confirm: true,
            input: 'none',
            writes: ['orders.count'],
            verify: { 'orders.count': { gt: 0 } },
          },
        },
      },
    },
    journeys: {
      buy: { does: 'Buy what is in the cart', when: { 'cart.count': { gt: 0 } }, steps: ['to-checkout', 'place-order'] },
    },
  };
}

/**
 * A wired shop session. `navigate: false` gives the app no router push; `handlers` overrides the app's
 * own handlers by name (pass `null` to leave one unregistered).
 */
function createShop(gf, { navigate = true, options = {}, handlers = {} } = {}) {
  const warnings = [];
  const store = { 'cart.count': 0, 'cart.note': '', 'orders.count': 0, 'user.vip': false };
  const router = { path: '/cart' };
  const graph = gf.buildNavigationGraph('shop', shopDefinition(gf));
  const push = (href) => {
    router.path = href;
    session.sync(gf.matchRoute(graph, href) ?? href);
  };
  const session = gf.createSession(graph, navigate ? push : undefined, {
    node: 'cart',
    state: { ...store },
    onWarn: (m) => warnings.push(m),
    ...options,
  });
  const report = (change) => {
    Object.assign(store, change);
    return session.updateState({ ...store });
  };
  const own = {
    'add-item': () => report({ 'cart.count': store['cart.count'] + 1 }),
    'set-note': ({ note }) => report({ 'cart.note': note }),
    'to-checkout': null,
    'vip-only': () => report({ 'vip.used': true }),
    ...handlers,
  };
  const cartHandlers = {};
  for (const name of ['add-item', 'set-note', 'to-checkout', 'vip-only']) if (own[name]) cartHandlers[name] = own[name];
  session.registerActions('cart', { handlers: cartHandlers });
  const placeOrder = handlers['place-order'] === undefined ? () => {
    report({ 'orders.count': store['orders.count'] + 1 });
    return { orderId: `o-${store['orders.count']}` };
  } : handlers['place-order'];
  if (placeOrder) session.registerActions('checkout', { handlers: { 'place-order': placeOrder } });
  return { gf, graph, session, store, router, warnings, report };
}

/** Let the coalesced wiring flush (a microtask) run. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

module.exports = { ROUTES, shopDefinition, createShop, flush };
