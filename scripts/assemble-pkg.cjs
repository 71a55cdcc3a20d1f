// Finishes the two wasm-bindgen outputs (called by scripts/build.sh):
// - re-exports the JS error classes (defined in an inline snippet the generated glue imports but does not
//   export) from each package entry, so `import { GraphValidationError } from 'groundfacts'` works;
// - pkg/: package.json from pkg-template/package.json (+ the crate version), the package README;
// - pkg-node/: a CommonJS package.json, and an ES-module marker for the snippets folder (the snippet is
//   ES syntax; node >= 20.19 loads it through require).
'use strict';
const fs = require('fs');
const path = require('path');

const root = process.argv[2];
const ERROR_CLASSES = ['GraphValidationError', 'ReentrancyError', 'SessionError'];

function findErrorSnippet(pkgDir) {
  const snippets = path.join(pkgDir, 'snippets');
  const stack = fs.existsSync(snippets) ? [snippets] : [];
  while (stack.length) {
    const dir = stack.pop();
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) stack.push(full);
      else if (entry.name.endsWith('.js') && fs.readFileSync(full, 'utf8').includes('class GraphValidationError')) {
        return './' + path.relative(pkgDir, full).split(path.sep).join('/');
      }
    }
  }
  throw new Error(`assemble-pkg: no snippet defines GraphValidationError under ${snippets}`);
}

function cargoVersion() {
  const toml = fs.readFileSync(path.join(root, 'Cargo.toml'), 'utf8');
  const match = /^\[package\][^[]*?^version\s*=\s*"([^"]+)"/ms.exec(toml);
  if (!match) throw new Error('assemble-pkg: no [package] version in Cargo.toml');
  return match[1];
}

// pkg/ — the published bundler package.
const pkg = path.join(root, 'pkg');
const bundlerSnippet = findErrorSnippet(pkg);
fs.appendFileSync(path.join(pkg, 'groundfacts.js'), `export { ${ERROR_CLASSES.join(', ')} } from "${bundlerSnippet}";\n`);
const template = JSON.parse(fs.readFileSync(path.join(root, 'pkg-template', 'package.json'), 'utf8'));
const manifest = { name: template.name, type: 'module', version: cargoVersion(), ...template };
manifest.name = 'groundfacts';
fs.writeFileSync(path.join(pkg, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
for (const file of fs.readdirSync(path.join(root, 'pkg-template'))) {
  if (file !== 'package.json') fs.copyFileSync(path.join(root, 'pkg-template', file), path.join(pkg, file));
}
fs.rmSync(path.join(pkg, '.gitignore'), { force: true });

// pkg-node/ — CommonJS, for node tests and benches.
const node = path.join(root, 'pkg-node');
const nodeSnippet = findErrorSnippet(node);
fs.appendFileSync(
  path.join(node, 'groundfacts.js'),
  `const __groundfactsErrors = require(${JSON.stringify(nodeSnippet)});\n` +
    ERROR_CLASSES.map((c) => `exports.${c} = __groundfactsErrors.${c};\n`).join(''),
);
fs.writeFileSync(path.join(node, 'snippets', 'package.json'), '{ "type": "module" }\n');
fs.writeFileSync(
  path.join(node, 'package.json'),
  JSON.stringify({ name: 'groundfacts', private: true, type: 'commonjs', version: cargoVersion(), main: 'groundfacts.js', types: 'groundfacts.d.ts' }, null, 2) + '\n',
);
fs.rmSync(path.join(node, '.gitignore'), { force: true });
