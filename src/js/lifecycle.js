// groundfacts: disposal for the exported classes (docs/decisions.md decision 26).
//
// wasm-bindgen's generated `free()` (and `[Symbol.dispose]`, the same function) detaches the JS
// object and drops the Rust value at once; called from inside a callback while that object is in a
// call, it throws "attempted to take ownership of Rust value while it was borrowed" and leaves the
// object detached and never freed. `adopt` replaces both on a class's prototype (once) with a
// `free()` that asks the object to retire itself instead (`__groundfactsRetire`, a `&self` method, so
// it works mid-call): the object lets go of everything it holds — a session closes (when the
// outermost call returns), a group unregisters, a graph drops its predicates — and stays attached,
// so every later call gets a typed `SessionError` instead of a null-pointer Error. The few bytes of
// the retired wrapper are reclaimed by wasm-bindgen's FinalizationRegistry when the object is
// collected. Used by src/js/lifecycle.rs.

const ADOPTED = Symbol.for('groundfacts.adopted');

function free() {
  if (this.__wbg_ptr) this.__groundfactsRetire();
}

export function adopt(instance) {
  const proto = Object.getPrototypeOf(instance);
  if (!proto || Object.prototype.hasOwnProperty.call(proto, ADOPTED)) return;
  Object.defineProperty(proto, 'free', { value: free, writable: true, configurable: true });
  if (typeof Symbol.dispose === 'symbol') {
    Object.defineProperty(proto, Symbol.dispose, { value: free, writable: true, configurable: true });
  }
  Object.defineProperty(proto, ADOPTED, { value: true });
}
