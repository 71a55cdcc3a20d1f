/**
 * `groundfacts/testing` — check a graph before it ships, and test an agent flow without a browser
 * (docs/graph.md §13; the package README's "Testing your graph").
 *
 * - `lintGraph(graph, options?)`: typed findings `{ code, severity, where, rule, fix }` — the design
 *   document's two fixed rules (`missing-verify`, `dead-end-page`) and the reference's codes read for our
 *   graph model; `formatFindings(findings)`; `assertCleanGraph(graph, { allow })`, which throws a
 *   `GraphLintError` any test runner shows (`lint.ts`).
 * - `testApp(graph, { state, handlers, clock })`: a headless app — store, router stand-in, the port and
 *   a scripted agent — over a real session (`app.ts`).
 *
 * Runs in Node and in browsers; imports only the core package. Used by apps' tests.
 */
export {
  assertCleanGraph,
  contradiction,
  deadEndFix,
  formatFindings,
  GraphLintError,
  lintGraph,
  type AssertCleanOptions,
  type Lintable,
  type LintCode,
  type LintFinding,
  type LintOptions,
  type LintSeverity,
} from './lint.js';
export {
  createTestClock,
  flush,
  testApp,
  type ScriptedAgent,
  type TestApp,
  type TestAppOptions,
  type TestClock,
  type TestHandler,
  type TestRouter,
  type TestStore,
} from './app.js';
