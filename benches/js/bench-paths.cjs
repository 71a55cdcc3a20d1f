// The bench-only build (cargo feature `bench-paths`: src/js/bench/paths.rs and src/js/bench/mod.rs,
// never shipped): the package's wasm with bench exports, run through the same wasm-bindgen and
// wasm-opt steps as scripts/build.sh, into target/bench-paths/ (node glue) and target/bench-paths-web/
// (the same module with the web glue, for the Chromium page). Used by boundary.cjs and bench.cjs.
// Building it overwrites cargo's release wasm, so the next scripts/build.sh relinks it.
'use strict';
const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');

const ROOT = path.join(__dirname, '..', '..');
const OUT = path.join(ROOT, 'target', 'bench-paths');
const OUT_WEB = path.join(ROOT, 'target', 'bench-paths-web');

function build() {
  const run = (cmd, args) => execFileSync(cmd, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  console.error('bench-paths: building the bench-paths wasm (cargo --features bench-paths) into target/bench-paths/');
  run('cargo', ['build', '--quiet', '--release', '--lib', '--target', 'wasm32-unknown-unknown', '--features', 'bench-paths']);
  const wasm = 'target/wasm32-unknown-unknown/release/groundfacts.wasm';
  run('wasm-bindgen', [wasm, '--target', 'nodejs', '--out-dir', OUT, '--out-name', 'groundfacts']);
  run('wasm-bindgen', [wasm, '--target', 'web', '--out-dir', OUT_WEB, '--out-name', 'groundfacts']);
  // The same wasm-opt run as scripts/build.sh, so sizes and speed compare with pkg/.
  run(path.join(ROOT, 'scripts', 'node_modules', '.bin', 'wasm-opt'), ['-Oz', '--enable-bulk-memory', '--enable-nontrapping-float-to-int',
    '--enable-sign-ext', '--enable-reference-types', '--enable-multivalue', '--enable-mutable-globals',
    path.join(OUT, 'groundfacts_bg.wasm'), '-o', path.join(OUT, 'groundfacts_bg.wasm')]);
  fs.copyFileSync(path.join(OUT, 'groundfacts_bg.wasm'), path.join(OUT_WEB, 'groundfacts_bg.wasm'));
}

const built = () => fs.existsSync(path.join(OUT, 'groundfacts.js'));

module.exports = { OUT, OUT_WEB, build, built };
