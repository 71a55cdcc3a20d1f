// The listener set behind `session.subscribe` (docs/decisions.md decision 29), kept in JS so the
// unsubscribe function is an ordinary JS closure the garbage collector owns. The core decides when a
// round of notification runs (once per outermost call that changed the session); `notify` runs one
// round. Used by src/js/session/listeners.rs.

/** A fresh, empty listener set. */
export function createListeners() {
  return new Set();
}

/**
 * Add `listener`; every call is its own subscription (subscribing one function twice calls it twice).
 * The returned function removes exactly this subscription; calling it again does nothing.
 */
export function subscribe(listeners, listener) {
  const entry = { listener };
  listeners.add(entry);
  return function unsubscribe() {
    listeners.delete(entry);
  };
}

/**
 * One round: every listener subscribed when the round starts, in subscription order, each skipped if
 * it was unsubscribed meanwhile (by itself or an earlier listener). A listener added during the round
 * waits for the next one. A throw stops nothing: the thrown values are returned for the session to
 * warn about (undefined when none threw).
 */
export function notify(listeners) {
  if (listeners.size === 0) return undefined;
  let thrown;
  for (const entry of Array.from(listeners)) {
    if (!listeners.has(entry)) continue;
    try {
      entry.listener();
    } catch (error) {
      (thrown ??= []).push(error);
    }
  }
  return thrown;
}

/** Drop every subscription (the session was freed: decision 26 releases the app's functions). */
export function clearListeners(listeners) {
  listeners.clear();
}
