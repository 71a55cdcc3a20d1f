// The boundary's fast paths in JS (src/js/fast.rs declares and documents them): plain data read into
// JSON text in one pass, with the limits src/js/convert.rs's reader uses (MAX_DEPTH, MAX_VALUES, passed
// in by fast.rs on every call: there is no second copy here), the one test of what a handler's return
// value is (a thenable, a returned failure), and the fire results assembled here (the small ones in
// assembled.js). Every argument is read at most once: see `leftover` below. Used through wasm-bindgen
// by src/js/fast.rs and src/js/walked.rs. Linted by scripts/lint-js.sh.

const BAIL = { bail: true };
const TOO_LARGE = { tooLarge: true };

// A byte budget (decision 25), when `state.left` is set: the JSON text's length in UTF-16 units, a
// lower bound of its UTF-8 bytes, so a value this counts over the limit is over it in the core too.
function spend(state, n) {
  if (state.left !== undefined && (state.left -= n) < 0) throw TOO_LARGE;
}
const OBJECT_PROTOTYPE = Object.prototype;

// What `JSON.stringify` escapes in a string: `"`, `\`, control characters, and (lone) surrogates.
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

// A string as JSON text: `JSON.stringify`'s own answer, which is the string in quotes when there is
// nothing to escape (most keys and values; the test is cheaper than the call).
function quoted(text) {
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`;
}

// A member of a copy, made as `JSON.parse` makes it: `__proto__` is an own data member, not the
// prototype.
function setMember(copy, key, value) {
  if (key === '__proto__') {
    Object.defineProperty(copy, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    copy[key] = value;
  }
}

// Every argument is read at most once per call (docs/session.md §30), so a walk that gives no text
// never leaves the reader (src/js/convert.rs) to read the argument again. It leaves instead, for
// `takeLeft`: `{ threw: true }` when app code threw (refused as read); `{ fault, at }` when the walk
// met what the reader refuses outright (FAULT's kinds; `at` is the path, as the reader writes it);
// or `{ mirror, oversized }`: a copy of the value as read, with no getters and no proxies, holding the
// functions, symbols, class instances (as a bare object of the same prototype) and unsafe integers
// the reader must judge. Own members are found with one `Reflect.ownKeys` and read with one
// `getOwnPropertyDescriptor` each; a getter runs once, here.
const FAULT = { tooMany: 1, tooDeep: 2, cycle: 3, symbolKeys: 4, badLength: 5, longArray: 6 };
let leftover;

// The walk ends with a fault (`throw fault(…)`); the levels it unwinds through write the path in
// front of `at`.
function fault(state, kind) {
  state.fault = kind;
  state.at = '';
  return BAIL;
}

// The walk ends with `mirror` standing for the value it met (`throw leave(…)`); each level it unwinds
// through makes its own mirror around it from what it already wrote, and reads the rest once.
function leave(state, mirror) {
  state.mirror = mirror;
  return BAIL;
}

// A member's place in a path, as the reader writes it (src/js/convert.rs `path_segment`).
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
function segment(key) {
  if (typeof key === 'number') return `[${key}]`;
  return IDENTIFIER.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}

// A BAIL passing through the member `key`: a fault's path grows; a mirror is the caller's to build.
function through(state, key) {
  if (state.fault !== undefined) {
    state.at = segment(key) + state.at;
    return true;
  }
  return false;
}

// An own member found by its descriptor, as the reader would read it: a getter runs (once).
function described(value, d) {
  if (d.get !== undefined) return d.get.call(value);
  return d.set !== undefined ? undefined : d.value;
}

// An object (not null) met at `depth`, as the reader meets it: too deep, a cycle, or an array whose
// length cannot be taken are faults; otherwise it joins the ancestors. Its length if an array, else -1.
function enter(value, depth, state) {
  if (depth >= state.maxDepth) throw fault(state, FAULT.tooDeep);
  if (state.ancestors.includes(value)) throw fault(state, FAULT.cycle);
  state.ancestors.push(value);
  if (!Array.isArray(value)) return -1;
  const length = value.length;
  if (typeof length !== 'number') throw fault(state, FAULT.badLength);
  if (length > state.budget) throw fault(state, FAULT.longArray);
  return length;
}

// The rest of a value read once into a mirror, with the walker's limits (no byte budget: the core
// measures what the reader makes of it, as it did before).
function mirrorOf(value, depth, state) {
  if (--state.budget < 0) throw fault(state, FAULT.tooMany);
  if (typeof value !== 'object' || value === null) return value;
  const length = enter(value, depth, state);
  let out;
  if (length >= 0) {
    out = [];
    for (let i = 0; i < length; i++) {
      const d = Object.getOwnPropertyDescriptor(value, i);
      try {
        out.push(mirrorOf(d === undefined ? undefined : described(value, d), depth + 1, state));
      } catch (e) {
        if (e === BAIL) through(state, i);
        throw e;
      }
    }
  } else {
    const proto = Object.getPrototypeOf(value);
    if (proto !== null && proto !== OBJECT_PROTOTYPE) {
      state.ancestors.pop();
      return Object.create(proto);
    }
    const keys = Reflect.ownKeys(value);
    if (keys.some((k) => typeof k === 'symbol')) throw fault(state, FAULT.symbolKeys);
    out = mirrorMembers(value, keys, 0, {}, depth, state);
  }
  state.ancestors.pop();
  return out;
}

// Members `from`.. of an object, read once into `out`.
function mirrorMembers(value, keys, from, out, depth, state) {
  for (let i = from; i < keys.length; i++) {
    const key = keys[i];
    const d = Object.getOwnPropertyDescriptor(value, key);
    if (d === undefined || !d.enumerable) continue;
    try {
      setMember(out, key, mirrorOf(described(value, d), depth + 1, state));
    } catch (e) {
      if (e === BAIL) through(state, key);
      throw e;
    }
  }
  return out;
}

// An object the walker was writing when a member left a mirror (`child`, for member `at`; or, with
// `d`, a getter met at `at`): its members written so far come back from their text, the member itself
// from the mirror, and the rest are read once. Throws BAIL with the object's mirror.
function leaveObject(value, keys, at, d, child, out, depth, state) {
  const mirror = JSON.parse(`${out}}`);
  try {
    setMember(mirror, keys[at], d === undefined ? child : mirrorOf(described(value, d), depth + 1, state));
  } catch (e) {
    if (e === BAIL) through(state, keys[at]);
    throw e;
  }
  mirrorMembers(value, keys, at + 1, mirror, depth, state);
  state.ancestors.pop();
  throw leave(state, mirror);
}

// The same for an array: items before `at` from their text, the rest read once.
function leaveArray(value, length, at, d, child, out, depth, state) {
  const mirror = JSON.parse(`${out.endsWith(',') ? out.slice(0, -1) : out}]`);
  for (let i = at; i < length; i++) {
    try {
      if (i === at) {
        mirror.push(d === undefined ? child : mirrorOf(described(value, d), depth + 1, state));
      } else {
        const item = Object.getOwnPropertyDescriptor(value, i);
        mirror.push(mirrorOf(item === undefined ? undefined : described(value, item), depth + 1, state));
      }
    } catch (e) {
      if (e === BAIL) through(state, i);
      throw e;
    }
  }
  state.ancestors.pop();
  throw leave(state, mirror);
}

// Whether the newest walk ended because app code (a getter, a proxy trap, a call back in) threw:
// src/js/fast.rs asks (`takeLeft`) only after a walk gave no answer, and then refuses the value
// instead of reading it a second time.
let walkThrew = false;

// `e` as the walker's catch sees it: its own markers pass, anything else is app code that threw.
function caught(e) {
  if (e !== BAIL && e !== TOO_LARGE) walkThrew = true;
  return e;
}

// What the newest walk that gave no answer left (see `left` above), taken once.
export function takeLeft() {
  const out = walkThrew ? { threw: true } : leftover;
  walkThrew = false;
  leftover = undefined;
  return out;
}

// A walk's text the core's parser refused (a lone surrogate, which JSON text escapes and serde does
// not take): its `JSON.parse` is the mirror, so the value is still not read again.
export function leaveParsed(json, oversized) {
  leftover = { mirror: JSON.parse(json), oversized };
}

// Set what a walk that ended with BAIL leaves.
function leftBy(state) {
  leftover = state.fault !== undefined
    ? { fault: state.fault, at: state.at }
    : { mirror: state.mirror, oversized: state.oversized };
}

// The walker: `value` as JSON text, or a throw (BAIL: it met what the reader must judge, and left
// it in `state`; TOO_LARGE: over the byte budget). With `state.copy`, it also leaves in `state.made` a
// copy of what it wrote, the value `JSON.parse` of the text would give (-0 as 0, non-finite numbers
// and `undefined` in arrays as null).
function write(value, depth, state) {
  if (--state.budget < 0) throw fault(state, FAULT.tooMany);
  switch (typeof value) {
    case 'string': spend(state, value.length + 2); state.made = value; return quoted(value);
    case 'boolean': state.made = value; return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) {
        state.made = null;
        return 'null';
      }
      if (Number.isInteger(value) && !Number.isSafeInteger(value)) throw leave(state, value);
      state.made = value === 0 ? 0 : value; // -0 is written 0
      return String(value);
    case 'undefined': state.made = null; return 'null';
    case 'object':
      if (value === null) {
        state.made = null;
        return 'null';
      }
      break;
    default: throw leave(state, value);
  }
  const length = enter(value, depth, state);
  let out;
  if (length >= 0) {
    out = '[';
    const copy = state.copy ? [] : undefined;
    for (let i = 0; i < length; i++) {
      if (i > 0) out += ',';
      const d = Object.getOwnPropertyDescriptor(value, i);
      if (d !== undefined && (d.get !== undefined || d.set !== undefined)) {
        leaveArray(value, length, i, d, undefined, out, depth, state);
      }
      try {
        out += write(d === undefined ? undefined : d.value, depth + 1, state);
      } catch (e) {
        if (e !== BAIL || through(state, i)) throw e;
        leaveArray(value, length, i, undefined, state.mirror, out, depth, state);
      }
      if (copy !== undefined) copy.push(state.made);
    }
    out += ']';
    state.made = copy;
  } else {
    const proto = Object.getPrototypeOf(value);
    if (proto !== null && proto !== OBJECT_PROTOTYPE) {
      state.ancestors.pop();
      throw leave(state, Object.create(proto));
    }
    const keys = Reflect.ownKeys(value);
    // Symbol keys come last (a proxy may list them anywhere: the loop checks each key too).
    if (keys.length > 0 && typeof keys[keys.length - 1] === 'symbol') throw fault(state, FAULT.symbolKeys);
    out = '{';
    const copy = state.copy ? {} : undefined;
    let first = true;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      if (typeof key !== 'string') throw fault(state, FAULT.symbolKeys);
      const d = Object.getOwnPropertyDescriptor(value, key);
      if (d === undefined || !d.enumerable) continue;
      if (d.get !== undefined || d.set !== undefined) {
        leaveObject(value, keys, i, d, undefined, out, depth, state);
      }
      const item = d.value;
      if (item === undefined) {
        if (--state.budget < 0) throw fault(state, FAULT.tooMany);
        continue;
      }
      let text;
      try {
        if (depth < state.perMember) {
          // Each member of the first `perMember` levels has its own budget; one over it is written as
          // null and named (a second-level member as `outer\u0000key`).
          if (depth === 0) state.outer = key;
          state.left = state.limit;
          try {
            text = write(item, depth + 1, state);
          } catch (e) {
            if (e !== TOO_LARGE) throw e;
            state.oversized.push(depth === 0 ? key : `${state.outer}\u0000${key}`);
            state.made = null;
            text = 'null';
          }
        } else {
          spend(state, key.length + 4);
          text = write(item, depth + 1, state);
        }
      } catch (e) {
        if (e !== BAIL || through(state, key)) throw e;
        leaveObject(value, keys, i, undefined, state.mirror, out, depth, state);
      }
      out += (first ? '' : ',') + quoted(key) + ':' + text;
      if (copy !== undefined) setMember(copy, key, state.made);
      first = false;
    }
    out += '}';
    state.made = copy;
  }
  state.ancestors.pop();
  return out;
}

export function plainJson(value, maxDepth, maxValues) {
  walkThrew = false;
  leftover = undefined;
  const state = walkState(maxValues, maxDepth, undefined, undefined, 0, false);
  try {
    return write(value, 0, state);
  } catch (e) {
    if (caught(e) === BAIL) leftBy(state);
    return undefined;
  }
}

// One shape for every walk's state.
function walkState(budget, maxDepth, left, limit, perMember, copy) {
  return {
    budget, maxDepth, ancestors: [], left, limit, perMember, outer: '', oversized: [], copy, made: undefined,
    fault: undefined, at: '', mirror: undefined,
  };
}

// What `plainJsonWithin` read beyond its answer, taken (and let go) by src/js/fast.rs right after it
// returns.
const taken = { within: undefined };

// `value` as JSON text within `limit` bytes, when the walker read it whole: the text. Otherwise
// `undefined`, with what happened left for `takeWithin`: `undefined` when the reader must judge the
// value; `{ tooLarge: true }` once the budget runs out; with `perMember`, each top-level member has the
// budget and `{ json, oversized: [keys] }` names the members written as null for being over it.
// `perMember` counts levels: 1 budgets the top-level members, 2 their members as well (a tool call).
export function plainJsonWithin(value, limit, perMember, maxDepth, maxValues) {
  walkThrew = false;
  leftover = undefined;
  let state;
  try {
    // Inside the try: `Array.isArray` of a revoked proxy throws, and nothing may throw through wasm.
    const members = perMember > 0 && typeof value === 'object' && value !== null && !Array.isArray(value);
    state = walkState(maxValues, maxDepth, members ? undefined : limit, limit, members ? perMember : 0, false);
    const json = write(value, 0, state);
    if (state.oversized.length === 0) return json;
    taken.within = { json, oversized: state.oversized };
  } catch (e) {
    const why = caught(e);
    taken.within = why === TOO_LARGE ? { tooLarge: true } : undefined;
    if (why === BAIL) leftBy(state);
  }
  return undefined;
}

// What the last `plainJsonWithin` that gave no text found (taken once, right after it returns).
export function takeWithin() {
  const within = taken.within;
  taken.within = undefined;
  return within;
}

// A second copy of the newest walked payload, kept untouched (the handler may change its own): the
// payload of the record src/js/fast.rs builds for a row that keeps the very same JSON text
// (`transitionRecord`'s `pristine`), instead of parsing that text again. Used once.
let pristine;

// A copy of a copy the walker made (plain data only: nothing to check, no getters).
function clonePlain(value) {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const out = [];
    for (let i = 0; i < value.length; i++) out.push(clonePlain(value[i]));
    return out;
  }
  const out = {};
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i++) setMember(out, keys[i], clonePlain(value[keys[i]]));
  return out;
}

// `fire`'s options, read in one pass (src/js/fast.rs `fire_options`): `source`, `invoke`, `instance`,
// then `payload`, each read once. `undefined` when they hold nothing; otherwise one object saying what
// was read:
// - `text`, `copy`: no source, and the walker read the payload whole (nothing over `limit`, no lone
//   surrogate escape, which the core's parser leaves to the reader): its JSON text, and its copy (the
//   handler's input);
// - `members` with `source`, `invoke`, `instance` as read, when any of them is given (`source` not null); the
//   payload is read after them, as the member-by-member checks read it (`instance` names a list row,
//   docs/session.md §34);
// - `payload`: none of those; the payload as the walker read it (its mirror: no getters or proxies
//   left; or its copy, holding a lone surrogate), for the reader, which never reads the payload again;
// - `left`: the walk met what the reader refuses outright (a cycle, too deep, ...): `takeLeft`;
// - `tooLarge`: no source; the payload is over `limit`;
// - `bad`: what could not be read: 'options' (not an object), 'source', 'invoke', 'instance' or
//   'payload' (its getter threw), 'walk' (app code threw while the payload was walked: refused as
//   read, never read again).
// A new option is read here, once, into a field of this object (declared on `FireRead` in fast.rs).
export function fireOptions(options, limit, maxDepth, maxValues) {
  walkThrew = false;
  leftover = undefined;
  if (options === undefined || options === null) return undefined;
  if (typeof options !== 'object') return { bad: 'options' };
  let source;
  let payload;
  let invoke;
  try {
    source = options.source;
  } catch (_) {
    return { bad: 'source' };
  }
  try {
    invoke = options.invoke;
  } catch (_) {
    return { bad: 'invoke' };
  }
  let instance;
  try {
    instance = options.instance;
  } catch (_) {
    return { bad: 'instance' };
  }
  if ((source !== undefined && source !== null) || invoke !== undefined || instance !== undefined) {
    return { members: true, source, invoke, instance };
  }
  try {
    payload = options.payload;
  } catch (_) {
    return { bad: 'payload' };
  }
  if (payload === undefined) return undefined;
  const state = walkState(maxValues, maxDepth, limit, limit, false, true);
  let json;
  try {
    json = write(payload, 0, state);
  } catch (e) {
    if (e === TOO_LARGE) return { tooLarge: true };
    // App code threw while the payload was walked: refused as read, never read again.
    if (caught(e) !== BAIL) return { bad: 'walk' };
    if (state.fault !== undefined) {
      leftBy(state);
      return { left: true };
    }
    return { payload: state.mirror };
  }
  if (!json.includes('\\ud')) {
    pristine = clonePlain(state.made);
    return { text: json, copy: state.made };
  }
  // A lone surrogate, which the core's parser leaves to the reader: the walker's copy keeps it.
  return { payload: state.made };
}

// A handler's return value is deferred when it is a thenable: an object or function whose `then` is a
// function (that function, or undefined; a throwing `then` getter is not a thenable).
export function thenOf(value) {
  if ((typeof value !== 'object' || value === null) && typeof value !== 'function') return undefined;
  try {
    const then = value.then;
    return typeof then === 'function' ? then : undefined;
  } catch (_) {
    return undefined;
  }
}

// A returned failure: an object whose own `ok` is `false` (a throwing getter or proxy: not one).
export function isReturnedFailure(value) {
  if (typeof value !== 'object' || value === null) return false;
  try {
    return Object.hasOwn(value, 'ok') && value.ok === false;
  } catch (_) {
    return false;
  }
}

// A handler's return value as JSON text when it is plain data that is neither a thenable nor a
// returned failure; undefined sends it down src/js/session/host.rs's full classification.
export function returnedJson(value, maxDepth, maxValues) {
  walkThrew = false;
  leftover = undefined;
  if (typeof value === 'function' || thenOf(value) !== undefined || isReturnedFailure(value)) return undefined;
  const state = walkState(maxValues, maxDepth, undefined, undefined, 0, false);
  try {
    return write(value, 0, state);
  } catch (e) {
    if (caught(e) === BAIL) leftBy(state);
    return undefined;
  }
}

// A value read once into a mirror (see `leftover`), for the reader of authored values
// (src/js/convert.rs `to_def`), which then reads the mirror instead of the value: `{ mirror }`,
// `{ fault, at }` or `{ threw: true }`.
export function readOnce(value, maxDepth, maxValues) {
  const state = walkState(maxValues, maxDepth, undefined, undefined, 0, false);
  try {
    return { mirror: mirrorOf(value, 0, state) };
  } catch (e) {
    if (e !== BAIL) return { threw: true };
    return { fault: state.fault, at: state.at };
  }
}

// A TransitionRecord in serde's key order; absent members (undefined) are left out, JSON members
// (payload, guardUnevaluated, produced) arrive as JSON text, or, with `pristinePayload`, the payload is
// the kept copy of the newest walked payload (the row keeps that very text); the id is `<stage>#<n>`,
// the askId `ask#<askN>`. For `updateWithRecord` (src/js/fast.rs `update_with_record`).
function transitionRecord(stage, n, kind, principal, affordanceId, does, stimulus, inferred,
  basis, certainty, timestamp, payload, pristinePayload, outcome, effectVerified, fromNode, toNode,
  toNodeClaimed, arrival, unverifiedEdge, guardUnevaluated, produced, cursorVersion, askN, materialized) {
  const cause = { kind, principal };
  if (affordanceId !== undefined) cause.affordanceId = affordanceId;
  if (does !== undefined) cause.does = does;
  if (stimulus !== undefined) cause.stimulus = stimulus;
  if (inferred) cause.inferred = true;
  const t = {
    id: `${stage}#${n}`,
    cause,
    attribution: { principal, basis, certainty },
    timestamp: Number.isFinite(timestamp) ? timestamp : null,
  };
  if (payload !== undefined) {
    t.payload = JSON.parse(payload);
  } else if (pristinePayload) {
    t.payload = pristine;
    pristine = undefined;
  }
  t.outcome = outcome;
  if (effectVerified !== undefined) t.effectVerified = effectVerified;
  t.fromNode = fromNode;
  if (toNode !== undefined) t.toNode = toNode;
  if (toNodeClaimed) t.toNodeClaimed = true;
  if (arrival !== undefined) t.arrival = arrival;
  if (unverifiedEdge) t.unverifiedEdge = true;
  if (guardUnevaluated !== undefined) t.guardUnevaluated = JSON.parse(guardUnevaluated);
  if (produced !== undefined) t.produced = JSON.parse(produced);
  t.cursorVersion = cursorVersion;
  if (askN !== undefined) t.askId = `ask#${askN}`;
  if (materialized !== undefined) t.materialized = materialized;
  return t;
}

// An UpdateResult with its record (one call from src/js/fast.rs): `transitionRecord`'s arguments after
// the result's own.
export function updateWithRecord(ok, attributed, version, stage, n, kind, principal, affordanceId, does,
  stimulus, inferred, basis, certainty, timestamp, payload, pristinePayload, outcome, effectVerified,
  fromNode, toNode, toNodeClaimed, arrival, unverifiedEdge, guardUnevaluated, produced, cursorVersion,
  askN, materialized) {
  const t = transitionRecord(stage, n, kind, principal, affordanceId, does, stimulus, inferred, basis,
    certainty, timestamp, payload, pristinePayload, outcome, effectVerified, fromNode, toNode,
    toNodeClaimed, arrival, unverifiedEdge, guardUnevaluated, produced, cursorVersion, askN, materialized);
  return updateResult(ok, attributed, t, version);
}

export function updateResult(ok, attributed, transition, version) {
  const r = { ok };
  if (attributed !== undefined) r.attributed = attributed;
  if (transition !== undefined) r.transition = transition;
  r.version = version;
  return r;
}
