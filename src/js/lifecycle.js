// groundfacts: disposal for the exported classes (docs/decisions.md decision 26).
//
// wasm-bindgen's generated `free()` (and `[Symbol.dispose]`, the same function) detaches the JS
// object and drops the Rust value at once; called from inside a callback while that object is in a
// call, it throws "attempted to take ownership of Rust value while it was borrowed" and leaves the
// object detached and never freed. `adopt` replaces both on a class's prototype (once) with a
// `free()` that first asks the object to retire itself (`__groundfactsRetire`, a `&self` method, so it
// works mid-call): the object lets go of everything it holds — a session closes, a group unregisters,
// a work row ends, a graph drops its predicates. Then, if the object is not in a call, wasm-bindgen's
// own free detaches it and drops the Rust value at once (later calls get wasm-bindgen's null-pointer
// Error, as before). If it is in a call (retire answers `true`), it stays attached: a session closes
// when the outermost call returns and every later call gets a typed `SessionError`
// (`SESSION_FREED`); the few bytes left are reclaimed by wasm-bindgen's FinalizationRegistry when the
// object is collected. Used by src/js/lifecycle.rs.

const ADOPTED = Symbol.for('groundfacts.adopted');

function retiring(detach) {
  return function free() {
    if (this.__wbg_ptr && !this.__groundfactsRetire()) detach.call(this);
  };
}

export function adopt(instance) {
  const proto = Object.getPrototypeOf(instance);
  if (!proto || Object.prototype.hasOwnProperty.call(proto, ADOPTED)) return;
  const free = retiring(proto.free);
  Object.defineProperty(proto, 'free', { value: free, writable: true, configurable: true });
  if (typeof Symbol.dispose === 'symbol') {
    Object.defineProperty(proto, Symbol.dispose, { value: free, writable: true, configurable: true });
  }
  Object.defineProperty(proto, ADOPTED, { value: true });
}
