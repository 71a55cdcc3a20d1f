// groundfacts: what happens when the WebAssembly module traps (docs/session.md §24).
//
// A trap — `unreachable` from an allocation failure (the module is built with panic = abort),
// `memory.grow` failing at the 4 GiB ceiling — unwinds the wasm frames without running any Rust
// code: RefCell borrow flags stay set, the shadow-stack pointer stays where it was, a half-made
// change stays half made. Nothing in that instance can be trusted again, so the only honest recovery
// is a fresh instance. This module is the JS layer that does it:
//
// - `wrapExports` wraps every export of the instance (the glue calls the instance only through its
//   `wasm` binding, so every call — the app's, a callback's, a promise reaction's, a finalizer's —
//   passes here). A `WebAssembly.RuntimeError` out of any of them marks the instance trapped. While
//   outer wasm frames are still on the stack (a trap inside a handler's call back into the session)
//   every call throws the same typed error at once, and only when the outermost call has returned is
//   the module re-instantiated (wasm-bindgen's `__wbg_reset_state`, generated with
//   `--experimental-reset-state-function`: new instance, new externref table, cached memory views
//   dropped, instance id bumped). The app gets one `SessionError` with code `MODULE_RESET` (its
//   `cause` is the RuntimeError); a trap inside a promise reaction or an event (no app frame to
//   throw to) restarts the module silently, and the next call on anything from before says so.
// - `wrapClass` makes every object made before a restart (sessions, graphs, ports, action groups,
//   work handles) answer every call with a `MODULE_RESET` SessionError instead of reaching the new
//   instance with a pointer into the old memory; releasing calls (`free()`, `[Symbol.dispose]()`,
//   `unregister()`, `end()`) are quiet no-ops that detach the object, so cleanup code in an unmount
//   does not throw, and a port's `call()` answers `{ ok: false, reason: 'MODULE_RESET' }` (it never
//   throws — not even the call during which the module trapped). (wasm-bindgen's own finalizers already skip objects of an older instance id; its
//   `free()` does not, which is why `free` is wrapped too.)
// - `wrapClass` also refuses a method called on anything but an object of its class (a detached method,
//   `.call` with another value) with a `WRONG_RECEIVER` SessionError, before the glue reads a pointer.
// - `wrapFunction` does the same for the module-level functions: an object from before a restart
//   passed to `createSession`, `serveToAgent`, `exposeToWebMCP`, … is refused with `MODULE_RESET`.
//
// - `onReset` / `rebuildGraph` (exported as `onModuleReset` and `rebuildGraph`) are how a binding
//   rebuilds after a restart (docs/session.md §25): listeners run right after each successful restart,
//   outside any wasm frame, and every graph `buildNavigationGraph` made remembers its arguments, so a
//   graph from before the restart can be built again, once, in the new instance.
//
// scripts/assemble-pkg.cjs copies this file into the package as groundfacts_reset.js and appends the
// few lines that hand it the glue's internals (checked there at build time, so a wasm-bindgen whose
// glue differs fails the build).

const WRAPPED = Symbol('groundfacts.trapWrapped');

/** `wrapper`, named and sized as `fn` (so stack traces and `.name` read as `fn`'s). */
function like(wrapper, fn) {
  Object.defineProperty(wrapper, 'name', { value: fn.name, configurable: true });
  Object.defineProperty(wrapper, 'length', { value: fn.length, configurable: true });
  return wrapper;
}
const CLOSURE_PREFIX = 'wasm_bindgen__convert__closures_';
const RELEASE_EXPORT = /^(__wbg_\w+_free|__wbindgen_destroy_closure)$/;

// Calls that release something: on an object from before a restart they detach it and do nothing else
// (what they would release went with the old instance).
/** @type {Map<string | symbol, () => unknown>} */
const RELEASES = new Map([
  ['free', () => undefined],
  ['__groundfactsRetire', () => true],
  ['unregister', () => undefined],
  ['end', () => false],
]);
if (typeof Symbol.dispose === 'symbol') RELEASES.set(Symbol.dispose, () => undefined);

// A port's `call()` never throws (pkg-template/README.md, "Errors and refusals"): on a port from before
// a restart it answers as on a freed one, with its own reason (src/js/lifecycle.js's PORT_FREED answer),
// and so does the call during which the module trapped (`error` is then that call's MODULE_RESET error,
// whose cause the answer names; its action may have been partly done, so it does not say nothing was).
const STALE_ANSWERS = new Map([
  [
    'call',
    (error) => ({
      ok: false,
      judgment: 'error',
      reason: 'MODULE_RESET',
      why:
        error === undefined
          ? "The app's groundfacts module trapped and was started again; the session behind this port is gone. Nothing was performed."
          : `The app's groundfacts module trapped during this call (${describe(error.cause)}; usually it ran out of memory) and was started again; the session behind this port is gone, and whether this call's action was performed is not known.`,
    }),
  ],
]);

function describe(cause) {
  if (cause && typeof cause === 'object' && typeof cause.message === 'string') {
    return `${cause.name || 'RuntimeError'}: ${cause.message}`;
  }
  return String(cause);
}

/**
 * Install the recovery over one copy of the generated glue. `glue` gives: `instanceId()` (the glue's
 * `__wbg_instance_id`), `getWasm()` / `setWasm(w)` (its `wasm` binding), `reset()` (its
 * `__wbg_reset_state`) and `SessionError` (src/js/errors.js).
 */
export function installTrapRecovery(glue) {
  const { SessionError } = glue;
  let depth = 0; // wasm calls on the stack, outermost first
  let trapped = null; // the MODULE_RESET error of a trap whose outer frames are still unwinding
  let lastTrap = null; // the RuntimeError of the latest trap, named by every later refusal
  let restartFailed = null; // set while a re-instantiation failed; retried on the next call

  // What an app does after a restart, said by every MODULE_RESET error (docs/session.md §25).
  const AFTER_RESTART =
    'With <GroundfactsProvider> (groundfacts/react) or liveSession() (groundfacts/svelte) a new session is ' +
    'already in place: read the current one again. Otherwise build the graph again (rebuildGraph(graph)) and ' +
    'create a new session with { historyLost: true } (and { restore } from the last snapshot() kept), e.g. ' +
    'in an onModuleReset(listener).';

  function trapError(cause) {
    const error = new SessionError(
      `groundfacts: the WebAssembly module trapped (${describe(cause)}; usually it ran out of memory) and ` +
        'was started again. Every session, graph, port and action group made before this point is gone (their ' +
        'state could not be trusted) and answers every call with this error (code MODULE_RESET). ' +
        AFTER_RESTART,
      'MODULE_RESET',
    );
    error.cause = cause;
    return error;
  }

  function staleError() {
    const error = new SessionError(
      `groundfacts: this object was made before the WebAssembly module trapped (${describe(lastTrap)}; ` +
        'usually it ran out of memory) and was started again; it is gone and answers every call with this ' +
        'error (code MODULE_RESET). ' +
        AFTER_RESTART,
      'MODULE_RESET',
    );
    error.cause = lastTrap;
    return error;
  }

  function restart() {
    try {
      glue.reset();
      glue.setWasm(wrapExports(glue.getWasm()));
      restartFailed = null;
    } catch (error) {
      restartFailed = error;
      return;
    }
    announce();
  }

  // `onModuleReset` listeners: called after each successful restart, outside every wasm frame, before
  // the MODULE_RESET error reaches the app (so a binding has swapped in its new session by the time
  // the app's catch runs). A listener that traps again restarts the module again: the listeners then
  // run once more, at most MAX_ANNOUNCE rounds per restart (a module that traps at every start is
  // left to the app's error). A listener's own error does not stop the others; it is reported.
  const MAX_ANNOUNCE = 3;
  const resetListeners = new Set();
  let announcing = false;
  let announceAgain = false;
  function announce() {
    announceAgain = true;
    if (announcing) return;
    announcing = true;
    try {
      for (let round = 0; announceAgain && round < MAX_ANNOUNCE; round++) {
        announceAgain = false;
        for (const listener of [...resetListeners]) {
          try {
            listener();
          } catch (error) {
            report(error);
          }
        }
      }
    } finally {
      announcing = false;
      announceAgain = false;
    }
  }
  function report(error) {
    if (typeof globalThis.reportError === 'function') globalThis.reportError(error);
    else console.error(error);
  }

  /** `onModuleReset(listener)`: called after every restart; returns the function that stops it. */
  function onReset(listener) {
    if (typeof listener !== 'function') {
      throw new SessionError(
        `groundfacts: onModuleReset(listener) takes a function, not ${listener === null ? 'null' : typeof listener}. Pass the function to call after each restart.`,
        'BAD_ARGUMENT',
      );
    }
    const entry = () => listener();
    resetListeners.add(entry);
    return () => {
      resetListeners.delete(entry);
    };
  }

  function unavailable() {
    const error = new SessionError(
      `groundfacts: the WebAssembly module trapped (${describe(lastTrap)}) and could not be started again ` +
        `(${describe(restartFailed)}); every call fails until it can. Try again once memory is freed, or reload ` +
        'the page.',
      'MODULE_RESET',
    );
    error.cause = restartFailed;
    return error;
  }

  // Whether a JS exception (not a trap) went through a wasm frame during the current outermost call:
  // the frames it skipped never released what they took (docs/session.md §30), so once the outermost
  // call has left wasm the module's raw `groundfacts_unwound` export resets the page-wide depth.
  let unwound = false;
  let unwoundExport = null;
  function afterUnwind() {
    unwound = false;
    if (typeof unwoundExport === 'function') unwoundExport();
  }

  function wrapExport(name, fn) {
    // A closure's invoke export runs from a promise reaction, a timer or an event, and a `…_free` or
    // closure destructor from a finalizer: at the outermost level there is no app frame to hand the
    // error to, so it is not thrown (that would be an unhandled rejection or an uncaught exception);
    // the next call on anything from before the restart reports it. (A release the app itself made
    // is done either way: what it released went with the old instance.)
    const quietAtTop = name.startsWith(CLOSURE_PREFIX) || RELEASE_EXPORT.test(name);
    return function () {
      if (trapped !== null) throw trapped;
      if (restartFailed !== null && depth === 0) {
        restart();
        if (restartFailed !== null) throw unavailable();
        if (quietAtTop) return undefined;
        throw trapError(lastTrap);
      }
      depth++;
      let value;
      try {
        value = fn.apply(undefined, arguments);
      } catch (error) {
        if (trapped === null) {
          if (!(error instanceof WebAssembly.RuntimeError)) {
            depth--;
            unwound = true;
            if (depth === 0) afterUnwind();
            throw error;
          }
          lastTrap = error;
          trapped = trapError(error);
        }
      }
      depth--;
      if (trapped === null) {
        if (unwound && depth === 0) afterUnwind();
        return value;
      }
      const error = trapped;
      if (depth > 0) throw error;
      trapped = null;
      restart();
      if (quietAtTop) return undefined;
      throw error;
    };
  }

  /** The instance's exports with every function wrapped (memory, tables and globals as they are). */
  function wrapExports(raw) {
    if (raw === undefined || raw === null || raw[WRAPPED]) return raw;
    const out = {};
    unwoundExport = typeof raw.groundfacts_unwound === 'function' ? raw.groundfacts_unwound : null;
    for (const name of Object.keys(raw)) {
      const value = raw[name];
      out[name] = typeof value === 'function' ? wrapExport(name, value) : value;
    }
    Object.defineProperty(out, WRAPPED, { value: true });
    return out;
  }

  // Each object the glue makes (`Class.__wrap`, wrapped below) → the instance id it was made under. Kept
  // here rather than read off the object, so a check never touches an app object (a proxy's traps are
  // app code that may call back in).
  const born = new WeakMap();
  function isStale(value) {
    const id = born.get(value);
    return id !== undefined && id !== glue.instanceId();
  }

  // A method called on something that is not one of this class's objects (a detached method, `.call`
  // with another object, another class's method): a typed SessionError naming the method, the rule
  // and the fix, instead of the glue's plain Error (docs/session.md §30: every export refuses a
  // wrong-typed argument with a typed error, `this` included). `born` knows every object the glue
  // made (`wrapClass`), so the test is the lookup `isStale` makes anyway.
  function wrongReceiver(className, key, receiver) {
    const kind = receiver === null ? 'null' : typeof receiver;
    const what = kind === 'object' && born.has(receiver) ? `another groundfacts object` : `a value that is not one (${kind})`;
    // The private retire step is reached only through `free()` (src/js/lifecycle.js): named as that.
    const method = key === '__groundfactsRetire' ? 'free' : String(key);
    const article = /^[AEIOU]/.test(className) ? 'an' : 'a';
    return new SessionError(
      `groundfacts: ${className}.${method}() was called on ${what}; ${article} ${className} method runs only ` +
        `on the ${className} objects the package made. Call it on one (obj.${method}(…)), not detached ` +
        `(\`const f = obj.${method}\`) or through .call/.apply with another value.`,
      'WRONG_RECEIVER',
    );
  }

  function guardMethod(className, cls, key, fn) {
    const release = RELEASES.get(key);
    const answer = STALE_ANSWERS.get(key);
    return like(function () {
      const id = born.get(this);
      if (id === undefined || !(this instanceof cls)) throw wrongReceiver(className, key, this);
      if (id !== glue.instanceId()) {
        if (answer) return answer();
        if (!release) throw staleError();
        if (this.__wbg_ptr) this.__destroy_into_raw();
        return release();
      }
      if (key === 'subscribe' && typeof arguments[0] === 'function') {
        // A listener never runs in a dead session: not after a restart (the old instance is gone),
        // nor inside the very call that trapped, whose outer frames still finish their round.
        const listener = arguments[0];
        return fn.call(this, function () {
          if (trapped === null) listener();
        });
      }
      if (!answer) return fn.apply(this, arguments);
      try {
        return fn.apply(this, arguments);
      } catch (error) {
        // The trap happened during this very call (or the module could not be restarted): it answers.
        if (error instanceof SessionError && error.code === 'MODULE_RESET') return answer(error);
        throw error;
      }
    }, fn);
  }

  /** Make the instances of a generated class refuse every call once the module has restarted. */
  function wrapClass(cls, className = cls.name) {
    const proto = cls.prototype;
    if (Object.prototype.hasOwnProperty.call(proto, WRAPPED)) return;
    for (const key of Reflect.ownKeys(proto)) {
      if (key === 'constructor' || key === '__destroy_into_raw') continue;
      const d = Object.getOwnPropertyDescriptor(proto, key);
      if (typeof d.value === 'function') d.value = guardMethod(className, cls, key, d.value);
      if (typeof d.get === 'function') d.get = guardMethod(className, cls, key, d.get);
      if (typeof d.set === 'function') d.set = guardMethod(className, cls, key, d.set);
      Object.defineProperty(proto, key, d);
    }
    Object.defineProperty(proto, WRAPPED, { value: true });
    const wrap = cls.__wrap;
    if (typeof wrap !== 'function') throw new Error(`groundfacts: the glue's ${cls.name} has no __wrap`);
    cls.__wrap = function (ptr) {
      const obj = wrap.call(this, ptr);
      born.set(obj, glue.instanceId());
      return obj;
    };
  }

  // Each graph `buildNavigationGraph` made → the arguments it was made from (`rebuildGraph`), and
  // each graph from before a restart → the one `rebuildGraph` built for it (so every caller gets one).
  const recipes = new WeakMap();
  const rebuilt = new WeakMap();
  let buildGraph = null;

  /**
   * A module-level function that refuses objects made before a restart. `name` is its exported name,
   * passed by the assembly (a minifier renames `fn` itself).
   */
  function wrapFunction(fn, name = fn.name) {
    const remember = name === 'buildNavigationGraph';
    const wrapped = like(function () {
      for (let i = 0; i < arguments.length; i++) {
        if (isStale(arguments[i])) throw staleError();
      }
      const value = fn.apply(this, arguments);
      if (remember && value !== null && typeof value === 'object') recipes.set(value, Array.from(arguments));
      return value;
    }, fn);
    if (remember) buildGraph = wrapped;
    return wrapped;
  }

  /**
   * `rebuildGraph(graph)`: `graph` itself while its instance lives; after a restart, the graph built
   * again from the arguments `buildNavigationGraph` was given (the definition object is read again),
   * the same one for every call.
   */
  function rebuildGraph(graph) {
    const args = recipes.get(graph);
    if (args === undefined || buildGraph === null) {
      throw new SessionError(
        'groundfacts: rebuildGraph(graph) takes a graph buildNavigationGraph returned; this value is not one. Pass the graph the app built.',
        'BAD_ARGUMENT',
      );
    }
    if (!isStale(graph)) return graph;
    const known = rebuilt.get(graph);
    if (known !== undefined && !isStale(known)) return known;
    const fresh = buildGraph.apply(undefined, args);
    rebuilt.set(graph, fresh);
    return fresh;
  }

  const arm = () => glue.setWasm(wrapExports(glue.getWasm()));
  // `resetAndArm` replaces the glue's own `__wbg_reset_state` binding (assemble-pkg.cjs), so a reset the
  // glue starts itself (its call guard, on a reinit Rust scheduled) also leaves the exports wrapped.
  const resetAndArm = () => {
    glue.reset();
    arm();
  };
  return { wrapExports, wrapClass, wrapFunction, arm, resetAndArm, onReset, rebuildGraph };
}
