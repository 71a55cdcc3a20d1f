// `pattern` in input contracts, by the engine's own RegExp (ECMA-262 with the `u` flag: the dialect
// JSON Schema names; code points, as the native engine counts). src/js/pattern.rs hands these to the
// core (`crate::pattern`). Compiled once per source text; `test` without the `g` or `y` flag keeps no
// state between calls.

const compiled = new Map();

/** Why `source` is not a regular expression (the engine's message), or undefined when it is. */
export function patternError(source) {
  try {
    compiled.set(source, new RegExp(source, 'u'));
    return undefined;
  } catch (err) {
    return String((err && err.message) || err);
  }
}

/** Whether `source` matches somewhere in `text`; a source that does not compile judges nothing. */
export function patternMatches(source, text) {
  let re = compiled.get(source);
  if (re === undefined) {
    try {
      re = new RegExp(source, 'u');
    } catch {
      re = null;
    }
    compiled.set(source, re);
  }
  return re === null || re.test(text);
}
