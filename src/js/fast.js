// The boundary's fast paths in JS (src/js/fast.rs declares and documents them): plain data read into
// JSON text in one pass, with the limits src/js/convert.rs's reader uses (MAX_DEPTH, MAX_VALUES, passed
// in by fast.rs on every call: there is no second copy here), the one test of what a handler's return
// value is (a thenable, a returned failure), and results assembled here. Used through wasm-bindgen by
// src/js/fast.rs. Linted by scripts/lint-js.sh.

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

// Whether a key named `__proto__` has crossed in through the walker since this module loaded. The
// ledgers are built by serde-wasm-bindgen, which sets object members by assignment: assigning
// `__proto__` sets the prototype instead of making an own member, so once such a key may be held,
// src/js/convert.rs `to_js_objects` hands data out by `JSON.parse` instead (docs/boundary.md,
// "A member named `__proto__`").
let protoKeySeen = false;

// Read by src/js/convert.rs (through fast.rs) before it builds a result with serde-wasm-bindgen.
export function sawProtoKey() {
  return protoKeySeen;
}

// An own data member, read without running app code: an accessor (a getter) is left to the reader,
// which runs it once (docs/session.md §30: every argument is read at most once per call). A proxy's
// traps still run here; one that throws ends the read (`walkThrew`), never a second read.
function member(value, key) {
  const d = Object.getOwnPropertyDescriptor(value, key);
  if (d === undefined) return undefined;
  if (d.get !== undefined || d.set !== undefined) throw BAIL;
  return d.value;
}

// Whether the newest walk ended because app code (a getter, a proxy trap, a call back in) threw:
// src/js/fast.rs asks (`takeThrew`) only after a walk gave no answer, and then refuses the value
// instead of reading it a second time.
let walkThrew = false;

// `e` as the walker's catch sees it: its own markers pass, anything else is app code that threw.
function caught(e) {
  if (e !== BAIL && e !== TOO_LARGE) walkThrew = true;
  return e;
}

export function takeThrew() {
  const threw = walkThrew;
  walkThrew = false;
  return threw;
}

// The walker: `value` as JSON text, or a throw (BAIL: the reader must judge it; TOO_LARGE: over the
// byte budget). With `state.copy`, it also leaves in `state.made` a copy of what it wrote, the value
// `JSON.parse` of the text would give (-0 as 0, non-finite numbers and `undefined` in arrays as null).
function write(value, depth, state) {
  if (--state.budget < 0) throw BAIL;
  switch (typeof value) {
    case 'string': spend(state, value.length + 2); state.made = value; return quoted(value);
    case 'boolean': state.made = value; return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) {
        state.made = null;
        return 'null';
      }
      if (Number.isInteger(value) && !Number.isSafeInteger(value)) throw BAIL;
      state.made = value === 0 ? 0 : value; // -0 is written 0
      return String(value);
    case 'undefined': state.made = null; return 'null';
    case 'object':
      if (value === null) {
        state.made = null;
        return 'null';
      }
      break;
    default: throw BAIL;
  }
  if (depth >= state.maxDepth || state.ancestors.includes(value)) throw BAIL;
  state.ancestors.push(value);
  let out;
  if (Array.isArray(value)) {
    const length = value.length;
    if (typeof length !== 'number') throw BAIL;
    out = '[';
    const copy = state.copy ? [] : undefined;
    for (let i = 0; i < length; i++) {
      if (i > 0) out += ',';
      out += write(member(value, i), depth + 1, state);
      if (copy !== undefined) copy.push(state.made);
    }
    out += ']';
    state.made = copy;
  } else {
    const proto = Object.getPrototypeOf(value);
    if (proto !== null && proto !== OBJECT_PROTOTYPE) throw BAIL;
    if (Object.getOwnPropertySymbols(value).length > 0) throw BAIL;
    const keys = Object.keys(value);
    out = '{';
    const copy = state.copy ? {} : undefined;
    let first = true;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      if (key === '__proto__') protoKeySeen = true;
      const item = member(value, key);
      if (item === undefined) {
        if (--state.budget < 0) throw BAIL;
        continue;
      }
      let text;
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
  try {
    return write(value, 0, walkState(maxValues, maxDepth, undefined, undefined, false, false));
  } catch (e) {
    caught(e);
    return undefined;
  }
}

// One shape for every walk's state.
function walkState(budget, maxDepth, left, limit, perMember, copy) {
  return { budget, maxDepth, ancestors: [], left, limit, perMember, outer: '', oversized: [], copy, made: undefined };
}

// What `fireOptions` and `plainJsonWithin` read beyond their answer, taken (and let go) by
// src/js/fast.rs right after they return.
const taken = { text: undefined, copy: undefined, member: undefined, within: undefined };

// `value` as JSON text within `limit` bytes, when the walker read it whole: the text. Otherwise
// `undefined`, with what happened left for `takeWithin`: `undefined` when the reader must judge the
// value; `{ tooLarge: true }` once the budget runs out; with `perMember`, each top-level member has the
// budget and `{ json, oversized: [keys] }` names the members written as null for being over it.
// `perMember` counts levels: 1 budgets the top-level members, 2 their members as well (a tool call).
export function plainJsonWithin(value, limit, perMember, maxDepth, maxValues) {
  walkThrew = false;
  try {
    // Inside the try: `Array.isArray` of a revoked proxy throws, and nothing may throw through wasm.
    const members = perMember > 0 && typeof value === 'object' && value !== null && !Array.isArray(value);
    const state = walkState(maxValues, maxDepth, members ? undefined : limit, limit, members ? perMember : 0, false);
    const json = write(value, 0, state);
    if (state.oversized.length === 0) return json;
    taken.within = { json, oversized: state.oversized };
  } catch (e) {
    taken.within = caught(e) === TOO_LARGE ? { tooLarge: true } : undefined;
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

// `fire`'s options in one pass (src/js/fast.rs `fire_options`), `source` then `payload`, each read
// once. The answer is a number, with what was read left for `takeText` / `takeCopy` / `takeMember`:
// 0: no source and no payload; 1: options is not an object; 2 / 3: the `source` / `payload` getter
// threw; 4: no source, the payload is over `limit`; 5: no source, the walker read the payload whole
// (nothing over `limit`, no lone surrogate escape, which the core's parser leaves to the reader): its
// JSON text and the walker's copy of it (the handler's input); 6: a source (checked before the payload
// is read, as member by member); 7: no source, the payload as read, which the walker left to the reader;
// 8: no source, and app code (a getter a level down, a proxy trap) threw while the payload was walked.
export function fireOptions(options, limit, maxDepth, maxValues) {
  walkThrew = false;
  if (options === undefined || options === null) return 0;
  if (typeof options !== 'object') return 1;
  let source;
  let payload;
  try {
    source = options.source;
  } catch (_) {
    return 2;
  }
  if (source !== undefined && source !== null) {
    taken.member = source;
    return 6;
  }
  try {
    payload = options.payload;
  } catch (_) {
    return 3;
  }
  if (payload === undefined) return 0;
  const state = walkState(maxValues, maxDepth, limit, limit, false, true);
  let json;
  try {
    json = write(payload, 0, state);
  } catch (e) {
    if (e === TOO_LARGE) return 4;
    // App code threw while the payload was walked: refused as read, never read again (8).
    if (caught(e) !== BAIL) return 8;
    json = undefined;
  }
  if (json !== undefined && !json.includes('\\ud')) {
    taken.text = json;
    taken.copy = state.made;
    pristine = clonePlain(state.made);
    return 5;
  }
  taken.member = payload;
  return 7;
}

export function takeText() {
  const text = taken.text;
  taken.text = undefined;
  return text;
}

export function takeCopy() {
  const copy = taken.copy;
  taken.copy = undefined;
  return copy;
}

export function takeMember() {
  const member = taken.member;
  taken.member = undefined;
  return member;
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
  if (typeof value === 'function' || thenOf(value) !== undefined || isReturnedFailure(value)) return undefined;
  try {
    return write(value, 0, { budget: maxValues, maxDepth, ancestors: [] });
  } catch (e) {
    caught(e);
    return undefined;
  }
}

// `fire`'s id without crossing as text when the same string has crossed before: the index
// src/js/fast.rs `id_arg` keeps its text under, -1 for a string not kept yet, -2 for anything that is
// not a string (fast.rs then reads it as before, so its error is unchanged). One table per wasm
// instance (`idTable`, asked once by each): this module outlives a module reset (docs/session.md §24),
// and a new instance keeps its ids at other indexes.
const idTables = [];
export function idTable() {
  idTables.push(new Map());
  return idTables.length - 1;
}

export function keptId(value, table) {
  if (typeof value !== 'string') return -2;
  const at = idTables[table].get(value);
  return at === undefined ? -1 : at;
}

export function keepId(value, table, at) {
  idTables[table].set(value, at);
}

// `stage` and `n` make the transition id (`<stage>#<n>`); `n` < 0: `stage` is the whole id.
export function acceptedFire(stage, n, settlement, effectStatus, version) {
  return { ok: true, transitionId: n < 0 ? stage : `${stage}#${n}`, settlement, effectStatus, version };
}

export function renderedBlock(node, version, text) {
  return { node, version, text };
}

export function parseWithTexts(json, key1, text1, key2, text2) {
  const out = JSON.parse(json);
  if (key1 !== undefined) out[key1] = text1;
  if (key2 !== undefined) out[key2] = text2;
  return out;
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
