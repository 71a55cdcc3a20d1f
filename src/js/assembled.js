// What the boundary builds or keeps on the JS side without walking an app value: the accepted fire
// result and `groundTruth()`'s block (the fast path, src/js/fast.rs), `fire`'s id table (fast.rs `id_arg`), and the general
// route's parse with long texts set in place (src/js/out.rs). Used through wasm-bindgen by those two
// files. Linted by scripts/lint-js.sh.

// `fire`'s id without crossing as text when the same string has crossed before: the index
// src/js/fast.rs `id_arg` keeps its text under, -1 for a string not kept yet, -2 for anything that is
// not a string (fast.rs then reads it itself and refuses it with its own error). One table per wasm
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

// The general route out (src/js/out.rs `to_js`): `JSON.parse` of serde_json text, then up to two
// long texts set in place (their keys are in `json` already, so the key order holds).
export function parseWithTexts(json, key1, text1, key2, text2) {
  const out = JSON.parse(json);
  if (key1 !== undefined) out[key1] = text1;
  if (key2 !== undefined) out[key2] = text2;
  return out;
}
