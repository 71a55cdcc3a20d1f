// What the binding tests (tests/js/react-binding.test.cjs, tests/js/one-door.test.cjs, tests/js/reset-react.gc.cjs,
// tests/js/reset-svelte.gc.cjs) share: a
// consumer folder that resolves groundfacts, groundfacts/react, groundfacts/svelte, React and Svelte
// as an app does (a copy of pkg/, the pinned React and Svelte of scripts/node_modules); a React root
// over a stub container (components render nothing); a graph with containers; a router stub; an
// in-memory Storage; and `exhaust`, which makes the wasm memory run out through public calls (the
// caller lowers V8's wasm memory ceiling first, as tests/js/trap.gc.cjs explains).
'use strict';
const assert = require('node:assert/strict');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { pathToFileURL } = require('url');

const ROOT = path.join(__dirname, '..', '..', '..');
const PKG = path.join(ROOT, 'pkg');
const TOOLS = path.join(ROOT, 'scripts', 'node_modules');

let loaded;
/** { gf, gr, sv, sensor, store, React, createRoot, renderToString } as a consumer app resolves them. */
async function load() {
  if (loaded) return loaded;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'groundfacts-reset-'));
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  fs.mkdirSync(path.join(dir, 'node_modules'));
  fs.cpSync(PKG, path.join(dir, 'node_modules', 'groundfacts'), { recursive: true });
  for (const name of ['react', 'react-dom', 'scheduler', 'svelte']) {
    fs.symlinkSync(path.join(TOOLS, name), path.join(dir, 'node_modules', name), 'dir');
  }
  fs.writeFileSync(path.join(dir, 'package.json'), '{ "name": "consumer", "private": true, "type": "module" }');
  fs.writeFileSync(
    path.join(dir, 'entry.js'),
    [
      "export * as gf from 'groundfacts';",
      "export * as gr from 'groundfacts/react';",
      "export * as sv from 'groundfacts/svelte';",
      "export * as sensor from 'groundfacts/sensor';",
      "export * as store from 'svelte/store';",
      "export * as React from 'react';",
      "export { createRoot } from 'react-dom/client';",
      "export { renderToString } from 'react-dom/server';",
      '',
    ].join('\n'),
  );
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  globalThis.window ??= { HTMLIFrameElement: class {} };
  loaded = await import(pathToFileURL(path.join(dir, 'entry.js')).href);
  return loaded;
}

/** A root over a stub container: enough for react-dom while every component renders null. */
function mount(React, createRoot, element) {
  const document = { nodeType: 9, addEventListener() {}, removeEventListener() {}, defaultView: null };
  const container = {
    nodeType: 1, nodeName: 'DIV', tagName: 'DIV', namespaceURI: 'http://www.w3.org/1999/xhtml',
    ownerDocument: document, childNodes: [], firstChild: null, textContent: '',
    addEventListener() {}, removeEventListener() {}, appendChild() {}, removeChild() {},
  };
  const root = createRoot(container);
  const act = (fn) => React.act(async () => fn());
  return {
    render: (next) => act(() => root.render(next)),
    unmount: () => act(() => root.unmount()),
    first: act(() => root.render(element)),
  };
}

const RESET_GRAPH = {
  pages: {
    home: { route: '/', actions: { 'open-review': { does: 'Open the review', goTo: 'review', input: 'none' } } },
    review: {
      route: '/review',
      containers: {
        files: { kind: 'tab', does: 'the uploaded files', containers: { upload: { kind: 'modal', does: 'the upload dialog' } } },
        notes: { kind: 'tab', does: "the reviewer's notes" },
      },
      actions: {
        save: { does: 'Save the review', input: 'none' },
        submit: { does: 'Submit the review', input: 'none' },
      },
    },
  },
};

/** A React Router 7 data router as the binding uses it; `go(path)` is a person's move, `pushed` the agent's. */
function routerStub(start) {
  const listeners = new Set();
  const router = {
    state: { location: { pathname: start } },
    pushed: [],
    go(pathname) {
      router.state = { location: { pathname } };
      for (const listener of [...listeners]) listener(router.state);
    },
    navigate(href) {
      router.pushed.push(href);
      router.go(href);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return router;
}

function memoryStorage() {
  const map = new Map();
  return {
    getItem: (key) => (map.has(key) ? map.get(key) : null),
    setItem: (key, value) => map.set(key, String(value)),
    removeItem: (key) => map.delete(key),
  };
}

const CHUNK = 'x'.repeat(8 * 1024 * 1024);
/** Fill the wasm memory (8 MiB state values in sessions of their own) until a call throws; returns the error. */
function exhaust(gf, graph) {
  const keep = [];
  try {
    for (let i = 0; i < 100000; i++) {
      const session = gf.createSession(graph, null, { maxValueBytes: 16 * 1024 * 1024 });
      keep.push(session);
      for (let k = 0; k < 4; k++) assert.equal(session.updateState({ [`k${k}`]: CHUNK }).ok, true);
    }
  } catch (error) {
    return error;
  }
  throw new Error('the memory never ran out');
}

module.exports = { load, mount, exhaust, routerStub, memoryStorage, RESET_GRAPH };
