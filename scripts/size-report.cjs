// The shipped module's size and what weighs most in it (docs/size.md).
// `--shipped <pkg>` prints the shipped wasm raw, gzip -9 and brotli (quality 11), and the wasm plus the
// JS glue a browser loads with it (the web entry, its loader, the wasm-bindgen glue, the reset file and
// the snippets) brotli, each against the target (≤ 200 KB gzip; goal ≤ 120 KB brotli for wasm + glue)
// as met / NOT met — a report, never a failure. `--targets` adds the verdicts (release builds).
// Otherwise it reads the name section of the release wasm cargo writes (before wasm-bindgen strips
// names and wasm-opt inlines) and prints function-body bytes grouped by owner (our modules by
// `groundfacts::<layer>::<module>`, everything else by crate), the largest functions, and the data:
// shares of the unoptimised code, which approximate the shipped module's; wasm-bindgen's describe
// functions (it removes them) are left out. No dependencies, so it runs wherever the build does;
// twiggy (`twiggy top|dominators|garbage|monos <file>`) digs deeper.
// Run: node scripts/size-report.cjs --shipped pkg [--targets]
//      node scripts/size-report.cjs target/wasm32-unknown-unknown/release/groundfacts.wasm [owners] [functions]
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');

const GZIP_TARGET = 200 * 1024;
const BROTLI_GOAL = 120 * 1024;

/** Every .js file under `dir`. */
function jsFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return jsFiles(full);
    return entry.name.endsWith('.js') ? [full] : [];
  });
}

function shipped(pkg, withTargets) {
  const gzip = (b) => zlib.gzipSync(b, { level: 9 }).length;
  const brotli = (b) => zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  const wasm = fs.readFileSync(path.join(pkg, 'groundfacts_bg.wasm'));
  const glue = ['groundfacts.js', 'groundfacts_load.js', 'groundfacts_web.js', 'groundfacts_reset.js']
    .map((name) => path.join(pkg, name))
    .filter((file) => fs.existsSync(file))
    .concat(jsFiles(path.join(pkg, 'snippets')));
  // Each file is fetched (and compressed) on its own.
  const glueBrotli = glue.reduce((sum, file) => sum + brotli(fs.readFileSync(file)), 0);
  const [raw, gz, br] = [wasm.length, gzip(wasm), brotli(wasm)];
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  const verdict = (ok) => (withTargets ? (ok ? '  met' : '  NOT met') : '');
  const out = [
    `shipped wasm: ${raw} B raw (${kb(raw)}), ${gz} B gzip -9 (${kb(gz)}), ${br} B brotli (${kb(br)})`,
    `target: wasm ≤ 200 KB gzip -9: ${kb(gz)}${verdict(gz <= GZIP_TARGET)}`,
    `goal: wasm + glue ≤ 120 KB brotli: ${kb(br)} + ${kb(glueBrotli)} (${glue.length} JS files) = ${kb(br + glueBrotli)}${verdict(br + glueBrotli <= BROTLI_GOAL)}`,
  ];
  process.stdout.write(out.map((l) => `size: ${l}\n`).join(''));
}

if (process.argv[2] === '--shipped') {
  shipped(process.argv[3] || 'pkg', process.argv.includes('--targets'));
  process.exit(0);
}

const [file, ownersArg, functionsArg] = process.argv.slice(2);
const SHOW_OWNERS = Number(ownersArg) || 12;
const SHOW_FUNCTIONS = Number(functionsArg) || 8;
const bytes = fs.readFileSync(file);

let at = 8;
function leb() {
  let result = 0;
  let shift = 0;
  for (;;) {
    const b = bytes[at++];
    result += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if (b < 0x80) return result;
  }
}
function name() {
  const length = leb();
  const text = bytes.toString('utf8', at, at + length);
  at += length;
  return text;
}

let importedFunctions = 0;
const bodies = []; // body sizes of defined functions, in index order
const names = new Map(); // function index → name
let dataBytes = 0;
while (at < bytes.length) {
  const id = bytes[at++];
  const size = leb();
  const end = at + size;
  if (id === 2) {
    for (let n = leb(); n > 0; n--) {
      name();
      name();
      const kind = bytes[at++];
      if (kind === 0) {
        importedFunctions++;
        leb();
      } else if (kind === 1) {
        at++; // table: reftype, then limits
        const flags = leb();
        leb();
        if (flags & 1) leb();
      } else if (kind === 2) {
        const flags = leb();
        leb();
        if (flags & 1) leb();
      } else if (kind === 3) {
        at += 2; // global: valtype, mutability
      } else {
        leb(); // tag
      }
    }
  } else if (id === 10) {
    for (let n = leb(); n > 0; n--) {
      const bodySize = leb();
      bodies.push(bodySize);
      at += bodySize;
    }
  } else if (id === 11) {
    dataBytes = size;
  } else if (id === 0 && name() === 'name') {
    while (at < end) {
      const sub = bytes[at++];
      const subSize = leb();
      const subEnd = at + subSize;
      if (sub === 1) {
        for (let n = leb(); n > 0; n--) {
          const index = leb();
          names.set(index, name());
        }
      }
      at = subEnd;
    }
  }
  at = end;
}

const ESCAPES = { SP: '@', BP: '*', RF: '&', LT: '<', GT: '>', LP: '(', RP: ')', C: ',' };

/** A Rust symbol readable: legacy (`_ZN…E`) fully, v0 (`_R…`, how std is mangled) as its identifiers. */
function demangle(symbol) {
  if (symbol.startsWith('_ZN')) {
    const parts = [];
    let i = 3;
    while (i < symbol.length && symbol[i] !== 'E') {
      const digits = symbol.slice(i).match(/^\d+/);
      if (!digits) break;
      i += digits[0].length;
      parts.push(symbol.slice(i, i + Number(digits[0])));
      i += Number(digits[0]);
    }
    if (/^h[0-9a-f]{16}$/.test(parts[parts.length - 1] || '')) parts.pop();
    return parts
      .map((p) => p.replace(/^_\$/, '$')
        .replace(/\$([A-Z]+|u[0-9a-f]+)\$/g, (_, e) => ESCAPES[e] || (e[0] === 'u' ? String.fromCharCode(parseInt(e.slice(1), 16)) : e))
        .replace(/\.\./g, '::'))
      .join('::');
  }
  if (symbol.startsWith('_R')) {
    const idents = [];
    const re = /(\d+)(_?)/g;
    for (let i = 2; i < symbol.length; ) {
      // Skip a crate disambiguator (`Cs<base62>_`) and a back-reference (`B<base62>_`).
      if ((symbol[i] === 's' && symbol[i - 1] === 'C') || symbol[i] === 'B') {
        const close = symbol.indexOf('_', i);
        if (close > i && /^[0-9a-zA-Z]*$/.test(symbol.slice(i + 1, close))) {
          i = close + 1;
          continue;
        }
      }
      re.lastIndex = i;
      const m = /\d/.test(symbol[i]) ? re.exec(symbol) : null;
      if (m && m.index === i) {
        const start = i + m[0].length;
        const length = Number(m[1]);
        idents.push(symbol.slice(start, start + length));
        i = start + length;
      } else {
        i++;
      }
    }
    return idents.filter((x) => /^[A-Za-z_][A-Za-z_0-9]*$/.test(x)).join('::');
  }
  return symbol;
}

/** `groundfacts::session::fire` for our code (the first of our paths a name mentions), else the crate. */
function owner(fn) {
  // `<Type as Trait>::f`: the trait impl's code belongs to our module that names it (the trait's first).
  const pair = fn.match(/^<(.+) as (.+?)>::[^:]+$/);
  if (pair) return owner(pair[2]).startsWith('groundfacts') ? owner(pair[2]) : owner(pair[1]);
  const ours = fn.match(/groundfacts::([a-z_0-9]+)(?:::([a-z_0-9]+))?/);
  if (ours) return ours[2] && !/^[A-Z]/.test(ours[2]) ? `groundfacts::${ours[1]}::${ours[2]}` : `groundfacts::${ours[1]}`;
  const crate = fn.match(/([a-z_][a-z_0-9]*)::/);
  return crate ? crate[1] : '(exports, memcpy and other unprefixed)';
}

const byOwner = new Map();
const functions = [];
let codeBytes = 0;
bodies.forEach((size, i) => {
  const fn = demangle(names.get(i + importedFunctions) || `function ${i + importedFunctions}`);
  // wasm-bindgen reads the describe functions at build time and removes them from the module.
  if (fn.startsWith('__wbindgen_describe') || /WasmDescribe|wasm_bindgen::describe/.test(fn)) return;
  codeBytes += size;
  functions.push([size, fn]);
  const key = owner(fn);
  byOwner.set(key, (byOwner.get(key) || 0) + size);
});

const kb = (n) => `${(n / 1024).toFixed(1).padStart(6)} KB`;
const pct = (n) => `${((100 * n) / codeBytes).toFixed(1).padStart(5)}%`;
const out = [];
out.push(`code ${kb(codeBytes).trim()} in ${functions.length} functions, data ${kb(dataBytes).trim()} (unoptimised; wasm-opt shrinks both)`);
const byCrate = new Map();
byOwner.forEach((size, key) => {
  const crate = key.split('::')[0];
  byCrate.set(crate, (byCrate.get(crate) || 0) + size);
});
const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
out.push(`by crate: ${top(byCrate, 8).map(([k, v]) => `${k} ${pct(v).trim()}`).join(', ')} (generic std/serde code is counted where it is defined)`);
out.push(`largest owners of code (our modules, other crates):`);
top(byOwner, SHOW_OWNERS).forEach(([key, size]) => out.push(`  ${pct(size)} ${kb(size)}  ${key}`));
out.push(`largest functions:`);
functions.sort((a, b) => b[0] - a[0]).slice(0, SHOW_FUNCTIONS)
  .forEach(([size, fn]) => out.push(`  ${pct(size)} ${kb(size)}  ${fn.slice(0, 110)}`));
process.stdout.write(out.map((l) => `size: ${l}\n`).join(''));
