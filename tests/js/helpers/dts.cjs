// Reads the built package's .d.ts with the TypeScript compiler API (the pinned scripts/node_modules copy) and
// checks runtime values against its declared types: every own key of every object, at any depth, must be a
// declared property of the type at that position. The .d.ts is hand-written (src/js/types.rs), so this is
// what keeps it from drifting away from what the functions really return.
'use strict';
const path = require('path');

const ROOT = path.join(__dirname, '..', '..', '..');
const ts = require(path.join(ROOT, 'scripts', 'node_modules', 'typescript'));
const DTS = path.join(ROOT, 'pkg', 'groundfacts.d.ts');

function load() {
  const program = ts.createProgram([DTS], { strict: true, noEmit: true, types: [] });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(DTS);
  const exports = new Map();
  for (const symbol of checker.getExportsOfModule(checker.getSymbolAtLocation(source))) {
    exports.set(symbol.getName(), symbol);
  }
  return { checker, exports };
}

let loaded;

/** The declared type of an exported interface / type alias / class instance, by name. */
function declaredType(name) {
  loaded = loaded || load();
  const symbol = loaded.exports.get(name);
  if (!symbol) throw new Error(`the .d.ts exports no type named ${name}`);
  return loaded.checker.getDeclaredTypeOfSymbol(symbol);
}

/** The object-like members of a type (unions split, undefined/null and primitives dropped). */
function objectMembers(type) {
  const parts = type.isUnion() ? type.types : [type];
  return parts.filter((t) => (t.flags & ts.TypeFlags.Object) !== 0 || t.isIntersection());
}

/**
 * Every runtime key of `value` that `type` does not declare, as paths (`transition.cause.foo`).
 * Objects with an index signature accept any key (their values are still walked when typed).
 */
function undeclaredKeys(value, type, where = '') {
  const { checker } = loaded;
  const problems = [];
  if (value === null || typeof value !== 'object') return problems;
  const candidates = objectMembers(type);
  if (candidates.length === 0) return problems; // unknown / JsonValue-like: nothing declared to hold it to
  if (Array.isArray(value)) {
    const arrays = candidates.filter((t) => checker.isArrayType(t) || checker.isTupleType(t));
    if (arrays.length === 0) return [`${where || '(root)'} is an array but its type is not`];
    const element = checker.getTypeArguments(arrays[0])[0];
    value.forEach((item, i) => problems.push(...undeclaredKeys(item, element, `${where}[${i}]`)));
    return problems;
  }
  // Pick the union member that declares the most of this object's keys (a discriminated union resolves
  // to the right arm); an index signature declares everything.
  let best;
  let bestMissing;
  for (const candidate of candidates) {
    if (checker.isArrayType(candidate)) continue;
    const indexed = checker.getIndexInfosOfType(candidate).length > 0;
    const missing = indexed ? [] : Object.keys(value).filter((k) => !checker.getPropertyOfType(candidate, k));
    if (!best || missing.length < bestMissing.length) {
      best = candidate;
      bestMissing = missing;
    }
  }
  if (!best) return [`${where || '(root)'} is an object but its type is not`];
  problems.push(...bestMissing.map((k) => `${where ? `${where}.` : ''}${k}`));
  for (const [key, member] of Object.entries(value)) {
    const property = checker.getPropertyOfType(best, key);
    if (!property) continue;
    const memberType = checker.getNonNullableType(checker.getTypeOfSymbol(property));
    problems.push(...undeclaredKeys(member, memberType, where ? `${where}.${key}` : key));
  }
  return problems;
}

/** The runtime keys of `value` that the named .d.ts type does not declare (`Name[]` checks each element). */
function undeclared(value, typeName) {
  if (typeName.endsWith('[]')) {
    if (!Array.isArray(value)) return ['(root) is not an array'];
    const type = declaredType(typeName.slice(0, -2));
    return value.flatMap((item, i) => undeclaredKeys(item, type, `[${i}]`));
  }
  return undeclaredKeys(value, declaredType(typeName));
}

/** The declared property names of a named type (for the reverse check: names docs/api.md requires). */
function declaredProperties(typeName) {
  const type = declaredType(typeName);
  return loaded.checker.getPropertiesOfType(type).map((p) => p.getName());
}

module.exports = { undeclared, declaredProperties };
