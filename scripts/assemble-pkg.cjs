// Turns wasm-pack's web-target output (pkg/) and wasm-bindgen's nodejs-target glue for the same module
// (argv[3]) into the one published package (called by scripts/build.sh). pkg-template/README.md, "What
// each host needs", says why the package has this shape; in short:
// - groundfacts.js: the entry for browsers and bundlers (`browser` / `default` conditions). It
//   instantiates groundfacts_bg.wasm with top-level await through the web-target glue
//   (groundfacts_web.js), so a bundler sees only an ES module and a `new URL('….wasm', import.meta.url)`
//   asset, which Vite (dev and build), webpack 5 and the browser itself handle with no config;
// - groundfacts.cjs: the node entry for `require` (nodejs-target glue: compiles the module synchronously
//   from its own folder); groundfacts.node.mjs: the node entry for `import`, re-exporting groundfacts.cjs,
//   so `import` and `require` in one process share one wasm instance (no dual-package hazard);
// - both entries also export the JS error classes (defined in a snippet the glue imports but does not
//   export), so `import { GraphValidationError } from 'groundfacts'` works everywhere;
// - package.json from pkg-template/package.json (+ the crate version), the README, and each framework
//   binding pkg-template/<name>/index.ts compiled to pkg/<name>/index.js + index.d.ts (pinned tsc).
'use strict';
const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');

const root = process.argv[2];
const nodeGlue = process.argv[3];
const pkg = path.join(root, 'pkg');
const template = path.join(root, 'pkg-template');
const ERROR_CLASSES = ['GraphValidationError', 'ReentrancyError', 'SessionError'];

function fail(message) {
  throw new Error(`assemble-pkg: ${message}`);
}

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
  return fail(`no snippet defines GraphValidationError under ${snippets}`);
}

function cargoVersion() {
  const toml = fs.readFileSync(path.join(root, 'Cargo.toml'), 'utf8');
  const match = /^\[package\][^[]*?^version\s*=\s*"([^"]+)"/ms.exec(toml);
  if (!match) fail('no [package] version in Cargo.toml');
  return match[1];
}

// 1. The node glue: CommonJS beside the one .wasm (it reads `${__dirname}/groundfacts_bg.wasm`). Its
//    snippets are the web output's (identical files, ES syntax, `.js` in a "type": "module" package):
//    node >= 20.19 loads them through require.
const snippet = findErrorSnippet(pkg);
function sameSnippets(dir) {
  for (const entry of fs.readdirSync(path.join(nodeGlue, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) sameSnippets(rel);
    else if (!fs.existsSync(path.join(pkg, rel)) || !fs.readFileSync(path.join(pkg, rel)).equals(fs.readFileSync(path.join(nodeGlue, rel)))) {
      fail(`the nodejs glue's ${rel} differs from the web glue's: the node entry cannot share pkg/snippets`);
    }
  }
}
if (fs.existsSync(path.join(nodeGlue, 'snippets'))) sameSnippets('snippets');
const nodeSource = fs.readFileSync(path.join(nodeGlue, 'groundfacts.js'), 'utf8');
fs.writeFileSync(
  path.join(pkg, 'groundfacts.cjs'),
  nodeSource +
    `const __groundfactsErrors = require(${JSON.stringify(snippet)});\n` +
    ERROR_CLASSES.map((c) => `exports.${c} = __groundfactsErrors.${c};\n`).join(''),
);
const glueNames = [...nodeSource.matchAll(/^exports\.(\w+) = /gm)].map((m) => m[1]);
if (glueNames.length === 0) fail('found no `exports.X =` in the nodejs glue');

// 2. The browser/bundler entry over the web glue, exporting exactly the node entry's names.
fs.renameSync(path.join(pkg, 'groundfacts.js'), path.join(pkg, 'groundfacts_web.js'));
const webSource = fs.readFileSync(path.join(pkg, 'groundfacts_web.js'), 'utf8');
const webNames = new Set([
  ...[...webSource.matchAll(/^export (?:class|function|const|let) (\w+)/gm)].map((m) => m[1]),
  ...[...webSource.matchAll(/^export \{([^}]*)\}/gm)].flatMap((m) => m[1].split(',').map((n) => n.trim().split(/\s+as\s+/).pop())),
]);
const missing = glueNames.filter((n) => !webNames.has(n));
if (missing.length) fail(`the web glue lacks what the node glue exports: ${missing.join(', ')}`);
fs.writeFileSync(
  path.join(pkg, 'groundfacts.js'),
  `// groundfacts for browsers and bundlers: instantiates the module once, with top-level await, before any
// export is usable. (Node loads groundfacts.cjs / groundfacts.node.mjs instead; see package.json exports.)
import __wbg_init from './groundfacts_web.js';
await __wbg_init({ module_or_path: new URL('./groundfacts_bg.wasm', import.meta.url) });
export { ${glueNames.join(', ')} } from './groundfacts_web.js';
export { ${ERROR_CLASSES.join(', ')} } from ${JSON.stringify(snippet)};
`,
);

// 3. The node ESM entry: the CommonJS one, re-exported by name (one instance for import and require).
fs.writeFileSync(
  path.join(pkg, 'groundfacts.node.mjs'),
  `// groundfacts for node's \`import\`: the CommonJS entry re-exported, so that \`import\` and \`require\` in
// one process share one wasm instance, one set of classes and one set of error classes.
import groundfacts from './groundfacts.cjs';
export const { ${[...glueNames, ...ERROR_CLASSES].join(', ')} } = groundfacts;
`,
);

// 4. Types: the nodejs glue's .d.ts (the web one also declares the init function, which the entries
//    call themselves), once for ESM and once for CommonJS consumers.
fs.copyFileSync(path.join(nodeGlue, 'groundfacts.d.ts'), path.join(pkg, 'groundfacts.d.ts'));
fs.copyFileSync(path.join(nodeGlue, 'groundfacts.d.ts'), path.join(pkg, 'groundfacts.d.cts'));
for (const stale of ['groundfacts_bg.wasm.d.ts', 'groundfacts_web.d.ts', '.gitignore']) {
  fs.rmSync(path.join(pkg, stale), { force: true });
}

// 5. The manifest and the README.
const templateManifest = JSON.parse(fs.readFileSync(path.join(template, 'package.json'), 'utf8'));
const manifest = { name: templateManifest.name, version: cargoVersion(), ...templateManifest };
const bindings = fs
  .readdirSync(template, { withFileTypes: true })
  .filter((e) => e.isDirectory() && fs.existsSync(path.join(template, e.name, 'index.ts')))
  .map((e) => e.name);
for (const [subpath, target] of Object.entries(manifest.exports)) {
  const name = subpath.slice(2);
  if (typeof target === 'object' && target.types && target.types.startsWith(`./${name}/`) && !bindings.includes(name)) {
    console.error(`assemble-pkg: pkg-template/${name}/index.ts is absent: the package ships no "${subpath}" export`);
    delete manifest.exports[subpath];
    manifest.files = manifest.files.filter((f) => f !== `${name}/`);
  }
}
fs.writeFileSync(path.join(pkg, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
for (const entry of fs.readdirSync(template, { withFileTypes: true })) {
  if (entry.isFile() && entry.name !== 'package.json') fs.copyFileSync(path.join(template, entry.name), path.join(pkg, entry.name));
}

// 6. Framework bindings: pkg-template/<name>/index.ts → pkg/<name>/index.js + index.d.ts. They import the
//    core as 'groundfacts' (resolved here to pkg/ itself) and react / svelte types from scripts/node_modules.
if (bindings.length) {
  const stage = path.join(root, 'target', 'bindings-ts');
  fs.rmSync(stage, { recursive: true, force: true });
  const modules = path.join(stage, 'node_modules');
  fs.mkdirSync(path.join(modules, '@types'), { recursive: true });
  const tools = path.join(root, 'scripts', 'node_modules');
  fs.symlinkSync(pkg, path.join(modules, 'groundfacts'), 'dir');
  fs.symlinkSync(path.join(tools, 'svelte'), path.join(modules, 'svelte'), 'dir');
  fs.symlinkSync(path.join(tools, '@types', 'react'), path.join(modules, '@types', 'react'), 'dir');
  for (const name of bindings) fs.cpSync(path.join(template, name), path.join(stage, 'src', name), { recursive: true });
  fs.writeFileSync(
    path.join(stage, 'tsconfig.json'),
    JSON.stringify(
      {
        compilerOptions: {
          target: 'ES2022',
          lib: ['ES2022', 'DOM', 'ESNext.Disposable'],
          module: 'ESNext',
          moduleResolution: 'bundler',
          strict: true,
          declaration: true,
          skipLibCheck: true,
          types: [],
          rootDir: 'src',
          outDir: pkg,
        },
        files: bindings.map((name) => `src/${name}/index.ts`),
      },
      null,
      2,
    ),
  );
  execFileSync(path.join(tools, '.bin', 'tsc'), ['-p', stage], { stdio: 'inherit' });
  for (const name of bindings) {
    for (const file of ['index.js', 'index.d.ts']) {
      if (!fs.existsSync(path.join(pkg, name, file))) fail(`tsc did not emit pkg/${name}/${file}`);
    }
  }
}
