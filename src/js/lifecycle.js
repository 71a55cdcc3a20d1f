// groundfacts: disposal for the exported classes (docs/decisions.md decision 26).
//
// wasm-bindgen's generated `free()` (and `[Symbol.dispose]`, the same function) detaches the JS
// object and drops the Rust value at once; called from inside a callback while that object is in a
// call, it throws "attempted to take ownership of Rust value while it was borrowed" and leaves the
// object detached and never freed. `adopt` replaces both on a class's prototype (once) with a
// `free()` that first asks the object to retire itself (`__groundfactsRetire`, a `&self` method, so it
// works mid-call): the object lets go of everything it holds — a session closes (when the outermost
// call returns, if freed from a callback), a group unregisters, a work row ends, a graph drops its
// predicates, a port its session.
//
// A `Session` then stays attached: every later call reaches Rust and throws a typed `SessionError`
// (`SESSION_FREED`); the few bytes of its wrapper are reclaimed by wasm-bindgen's FinalizationRegistry
// when the object is collected. The other classes (`detachable`) are detached at once by
// wasm-bindgen's own free unless retire answers that something is mid-call, so their memory goes
// back immediately; their methods are wrapped here so a call on a detached object throws the same
// typed error (`GROUP_FREED`, `WORK_FREED`, `GRAPH_FREED`, `PORT_FREED`) instead of wasm-bindgen's
// null-pointer Error, and the calls that have nothing left to do answer as no-ops
// (`unregister()`, `end()` → false, a port's `call()` → `{ ok: false, reason: 'PORT_FREED' }`).
// Used by src/js/lifecycle.rs.

const ADOPTED = Symbol.for('groundfacts.adopted');

// Whether `value` is an object the glue made of the class whose prototype is `proto` (it carries
// `__wbg_ptr`, 0 once detached). Anything else goes on to the method underneath, whose class wrapper
// (src/js/reset.js) refuses the receiver with a typed WRONG_RECEIVER error.
function made(value, proto) {
  return value !== null && typeof value === 'object' && '__wbg_ptr' in value && Object.prototype.isPrototypeOf.call(proto, value);
}

function retiring(detach, detachable, proto) {
  return function free() {
    if (!made(this, proto)) return detach.call(this);
    if (this.__wbg_ptr && !this.__groundfactsRetire() && detachable) detach.call(this);
    return undefined;
  };
}

const NO_OPS = {
  unregister: () => undefined,
  end: () => false,
  call: (code) => ({
    ok: false,
    judgment: 'error',
    reason: code,
    why: 'This port was freed by the app. Nothing was performed.',
  }),
};

function guard(fn, name, proto, ErrorClass, code, message) {
  const noOp = NO_OPS[name];
  return function () {
    if (!made(this, proto)) return fn.apply(this, arguments);
    if (!this.__wbg_ptr) {
      if (noOp) return noOp(code);
      throw new ErrorClass(message, code);
    }
    return fn.apply(this, arguments);
  };
}

export function adopt(instance, detachable, ErrorClass, code, message) {
  const proto = Object.getPrototypeOf(instance);
  if (!proto || Object.prototype.hasOwnProperty.call(proto, ADOPTED)) return;
  const free = retiring(proto.free, detachable, proto);
  Object.defineProperty(proto, 'free', { value: free, writable: true, configurable: true });
  if (typeof Symbol.dispose === 'symbol') {
    Object.defineProperty(proto, Symbol.dispose, { value: free, writable: true, configurable: true });
  }
  if (detachable) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      if (name === 'constructor' || name === 'free' || name.startsWith('__')) continue;
      const d = Object.getOwnPropertyDescriptor(proto, name);
      if (typeof d.value === 'function') d.value = guard(d.value, name, proto, ErrorClass, code, message);
      if (typeof d.get === 'function') d.get = guard(d.get, name, proto, ErrorClass, code, message);
      if (typeof d.set === 'function') d.set = guard(d.set, name, proto, ErrorClass, code, message);
      Object.defineProperty(proto, name, d);
    }
  }
  Object.defineProperty(proto, ADOPTED, { value: true });
}
