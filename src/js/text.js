// Text checks that must run on the JS side of the boundary: a JS string crossing into Rust is
// re-encoded as UTF-8, which silently turns a lone UTF-16 surrogate into U+FFFD. Names must never be
// changed silently (docs/decisions.md decision 23), so the reader in src/js/convert.rs asks here first.

/** The UTF-16 index of the first lone surrogate in `s`, or -1 when `s` is well-formed. */
export function loneSurrogateAt(s) {
  if (typeof s !== 'string') return -1;
  if (typeof s.isWellFormed === 'function' && s.isWellFormed()) return -1;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return i;
    }
    if (c >= 0xdc00 && c <= 0xdfff) return i;
  }
  return -1;
}
