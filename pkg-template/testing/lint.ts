/**
 * `lintGraph`, `formatFindings`, `assertCleanGraph`: static checks of a compiled graph (docs/graph.md §13).
 *
 * Reads only `graph.describe()` (the compiled graph as plain data: src/graph/describe.rs) or such a
 * description itself, never a session: a lint step needs no app, no handlers and no run. The rules live
 * here, in TypeScript, and not in the Rust core: the module ships to every browser that loads the
 * package, the lint only to a test run, and decision 31 makes size the goal. The description costs the
 * module its serialisation only (docs/graph.md §13.4); the rules cost it nothing.
 *
 * Two rules come from the design document and must not vary (`missing-verify`, `dead-end-page`); the
 * others are the reference library's codes, read for our graph model: guards compare without coercion
 * (decision 12), containers hold no actions (docs/graph.md §2.2), a journey plans over existing
 * actions (docs/graph.md §2.4).
 * A finding never claims what the graph alone cannot prove: a guard key nothing writes is a warning
 * until `initialState` / `externalKeys` say what the app seeds, and tabs are judged only against the
 * containers the app says it reports (`observed`).
 *
 * Used by `index.ts` (the `groundfacts/testing` entry) and `app.ts` (`testApp(...).lint()`).
 */
import type { DescribedAction, DescribedCondition, GraphDescription, NavigationGraph } from 'groundfacts';

/** Every code `lintGraph` reports. */
export type LintCode =
  | 'missing-verify'
  | 'dead-end-page'
  | 'dangling-guard-key'
  | 'unsatisfiable-guard'
  | 'uncompletable-journey'
  | 'journey-step-order'
  | 'journey-step-cycle'
  | 'unreachable-page'
  | 'unconsumed-write'
  | 'waypoint-page'
  | 'ambiguous-binding'
  | 'unevidenceable-tab';

export type LintSeverity = 'error' | 'warning' | 'info';

/** One finding: what is wrong, where, the rule it breaks, and what to write instead. */
export interface LintFinding {
  code: LintCode;
  severity: LintSeverity;
  /** What it is about: `page 'projects'`, `action 'wizard.name-it'`, `journey 'new-project'`, `tab 'review.data'`. */
  where: string;
  /** The rule, said about this graph's values. */
  rule: string;
  /** What to change. */
  fix: string;
  /** The state keys involved, when the rule is about keys. */
  keys?: string[];
}

export interface LintOptions {
  /** The state the app starts with (its keys count as produced). Giving it makes unproducible keys errors. */
  initialState?: readonly string[] | { readonly [key: string]: unknown } | undefined;
  /** Keys the app reports from outside any action (a server push, a store it seeds). */
  externalKeys?: readonly string[] | undefined;
  /** The page sessions start on (default: the first declared page); reachability is judged from it. */
  startPage?: string | undefined;
  /** Other pages a person or an agent can land on directly (deep links). */
  entryPages?: readonly string[] | undefined;
  /**
   * The action ids the app wires a handler to. When given, an action with neither a handler nor a url
   * gesture cannot be performed, and a page whose actions are all like that is a dead end.
   */
  wired?: readonly string[] | undefined;
  /** Container paths the app reports with `show` / `observeFocus`. When given, tabs not among them are flagged. */
  observed?: readonly string[] | undefined;
}

/** A graph, or what `graph.describe()` returned for one. */
export type Lintable = NavigationGraph | GraphDescription;

const RANK: Record<LintSeverity, number> = { error: 3, warning: 2, info: 1 };

/**
 * The fix the session's own dead-end warning names (src/session/deadend.rs), for a page with nothing
 * on it: the same three ways out, so the lint and the running session say one thing.
 */
export function deadEndFix(page: string): string {
  return `Three ways out: registerActions('${page}', …) to wire what is on screen; pass navigate: (href) => router.push(href) to createSession so url gestures materialise; or read the route table with fromRoutes(routes, { crossLinks: true }) so every page offers links to the others.`;
}

function describeOf(graph: Lintable): GraphDescription {
  if (typeof (graph as NavigationGraph).describe === 'function') return (graph as NavigationGraph).describe();
  const data = graph as GraphDescription;
  if (data === null || typeof data !== 'object' || !Array.isArray(data.pages) || !Array.isArray(data.actions)) {
    throw new TypeError('groundfacts: lintGraph takes a NavigationGraph (from buildNavigationGraph) or what graph.describe() returned; pass the graph itself.');
  }
  return data;
}

function quote(items: readonly string[]): string {
  const q = items.map((s) => `'${s}'`);
  return q.length <= 1 ? q.join('') : `${q.slice(0, -1).join(', ')} and ${q[q.length - 1]}`;
}

function keysOf(conditions: readonly DescribedCondition[] | undefined): string[] {
  return [...new Set((conditions ?? []).map((c) => c.key))];
}

/** What an action declares it writes (`[]` when nothing). */
function writesOf(action: DescribedAction): string[] {
  return action.writes ?? [];
}

/** Keys an action needs before it can be performed: its `when` and its `enabledWhen`. */
function gateKeys(action: DescribedAction): string[] {
  return [...new Set([...keysOf(action.when), ...keysOf(action.enabledWhen)])];
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Whether `value` satisfies one condition, by the core's rules (no coercion, decision 12). */
function holds(value: unknown, op: string, threshold: unknown): boolean {
  switch (op) {
    case 'eq':
      return same(value, threshold);
    case 'ne':
      return !same(value, threshold);
    case 'in':
      return Array.isArray(threshold) && threshold.some((t) => same(t, value));
    case 'notIn':
      return !(Array.isArray(threshold) && threshold.some((t) => same(t, value)));
    default: {
      const comparable =
        (typeof value === 'number' && typeof threshold === 'number') || (typeof value === 'string' && typeof threshold === 'string');
      if (!comparable) return false;
      const [a, b] = [value as number | string, threshold as number | string];
      return op === 'gt' ? a > b : op === 'gte' ? a >= b : op === 'lt' ? a < b : op === 'lte' ? a <= b : false;
    }
  }
}

/** Why one key's conditions can never all hold, or null when some value might satisfy them. */
export function contradiction(conditions: readonly DescribedCondition[]): string | null {
  const inList = conditions.find((c) => c.op === 'in');
  if (inList && Array.isArray(inList.threshold) && inList.threshold.length === 0) return 'in: [] matches no value';
  // A finite set of candidates decides it: eq's value, in's members.
  const candidates: unknown[] = [];
  for (const c of conditions) {
    if (c.op === 'eq') candidates.push(c.threshold);
    if (c.op === 'in' && Array.isArray(c.threshold)) candidates.push(...c.threshold);
  }
  if (candidates.length > 0) {
    return candidates.some((v) => conditions.every((c) => holds(v, c.op, c.threshold))) ? null : 'no value satisfies all of its conditions at once';
  }
  // Ranges: an ordering compares numbers with numbers and strings with strings only.
  const ranges = conditions.filter((c) => ['gt', 'gte', 'lt', 'lte'].includes(c.op));
  const kinds = new Set(ranges.map((c) => typeof c.threshold));
  if (kinds.size > 1) return 'it orders against both a number and a string, and no value is both';
  for (const low of ranges.filter((c) => c.op === 'gt' || c.op === 'gte')) {
    for (const high of ranges.filter((c) => c.op === 'lt' || c.op === 'lte')) {
      const [l, h] = [low.threshold as number | string, high.threshold as number | string];
      if (l > h || (l === h && (low.op === 'gt' || high.op === 'lt'))) return `${low.op} ${JSON.stringify(l)} and ${high.op} ${JSON.stringify(h)} leave no value between them`;
    }
  }
  return null;
}

function unsatisfiable(conditions: readonly DescribedCondition[] | undefined): { key: string; why: string }[] {
  const out: { key: string; why: string }[] = [];
  for (const key of keysOf(conditions)) {
    const why = contradiction((conditions ?? []).filter((c) => c.key === key));
    if (why) out.push({ key, why });
  }
  return out;
}

/** Every finding provable from the compiled graph alone; `[]` for a clean graph. */
export function lintGraph(graph: Lintable, options: LintOptions = {}): LintFinding[] {
  const g = describeOf(graph);
  const findings: LintFinding[] = [];
  const add = (f: LintFinding): void => {
    findings.push(f);
  };
  const initial = options.initialState === undefined ? [] : Array.isArray(options.initialState) ? (options.initialState as string[]) : Object.keys(options.initialState);
  const external = [...(options.externalKeys ?? [])];
  const grounded = options.initialState !== undefined || options.externalKeys !== undefined;
  const given = new Set([...initial, ...external]);
  const writes = new Set(g.actions.flatMap((a) => a.writes ?? []));
  const producible = new Set([...writes, ...given]);
  const byId = new Map(g.actions.map((a) => [a.id, a]));
  const onPage = (page: string): DescribedAction[] => g.actions.filter((a) => a.on.includes(page));
  const wired = options.wired ? new Set(options.wired) : null;
  const performable = (a: DescribedAction): boolean =>
    unsatisfiable(a.when).length === 0 && unsatisfiable(a.enabledWhen).length === 0 && (wired === null || wired.has(a.id) || a.urlHref !== undefined);
  const seeds = 'The app seeds it? List it in initialState or externalKeys. Otherwise declare the write on the action that produces it, or drop the condition.';

  // 1. A step that can silently do nothing needs a verify (the design document's first fixed rule).
  for (const a of g.actions) {
    if (a.verify || a.origin === 'cross-link' || (a.goTo !== undefined && !writesOf(a).length)) continue;
    const claims = writesOf(a).length ? `declares it writes ${quote(writesOf(a))}` : 'changes nothing the graph can see';
    add({
      code: 'missing-verify',
      severity: 'error',
      where: `action '${a.id}'`,
      rule: `action '${a.id}' ${claims} and has no verify: a handler that returns without doing anything settles as if it had, and the agent moves on to the next step.`,
      fix: writesOf(a).length
        ? `Add verify: { '${writesOf(a)[0]}': { … } } (the app's own word that it happened), or a predicate verify: (state) => … when only the app can tell.`
        : `Add a verify predicate, verify: (state) => …, that asks the app whether it happened, or declare what it writes and verify that.`,
    });
  }

  // 2. A page an agent can land on needs at least one action it can actually perform (the second fixed rule).
  for (const page of g.pages) {
    const here = onPage(page.id);
    if (here.length === 0) {
      add({
        code: 'dead-end-page',
        severity: 'error',
        where: `page '${page.id}'`,
        rule: `page '${page.id}' has NO actions authored on it at all — an agent that lands here has nothing it can even attempt.`,
        fix: deadEndFix(page.id),
      });
      continue;
    }
    if (!here.some(performable)) {
      add({
        code: 'dead-end-page',
        severity: 'error',
        where: `page '${page.id}'`,
        rule: `page '${page.id}' offers ${quote(here.map((a) => a.id))}, but none can be performed: ${wired ? 'none is wired to a handler or a url gesture, or its guard can never hold' : 'every guard can never hold'}.`,
        fix: deadEndFix(page.id),
      });
      continue;
    }
    if (g.pages.length > 1 && !here.some((a) => a.goTo !== undefined && a.goTo !== page.id)) {
      add({
        code: 'dead-end-page',
        severity: 'warning',
        where: `page '${page.id}'`,
        rule: `page '${page.id}' has actions, but none leaves it: an agent that lands here can act, and then has no declared way out.`,
        fix: `Give it an action with goTo, or read the route table with fromRoutes(routes, { crossLinks: true }) so every page offers links to the others.`,
      });
    }
  }

  // 3–4. Guard keys nothing produces; guards that can never hold.
  const guarded: { where: string; conditions: readonly DescribedCondition[] | undefined; what: string }[] = [
    ...g.actions.flatMap((a) => [
      { where: `action '${a.id}'`, conditions: a.when, what: 'when' },
      { where: `action '${a.id}'`, conditions: a.enabledWhen, what: 'enabledWhen' },
    ]),
    ...g.journeys.map((j) => ({ where: `journey '${j.id}'`, conditions: j.when, what: 'when' })),
  ];
  for (const { where, conditions, what } of guarded) {
    const dangling = keysOf(conditions).filter((k) => !producible.has(k));
    if (dangling.length > 0) {
      add({
        code: 'dangling-guard-key',
        severity: grounded ? 'error' : 'warning',
        where,
        keys: dangling,
        rule: `${where} waits (${what}) on ${quote(dangling)}, which no action declares it writes${grounded ? ' and the app does not seed: it can never open' : ''}.`,
        fix: seeds,
      });
    }
    for (const { key, why } of unsatisfiable(conditions)) {
      add({
        code: 'unsatisfiable-guard',
        severity: 'error',
        where,
        keys: [key],
        rule: `${where}'s ${what} on '${key}' can never hold: ${why}.`,
        fix: `Correct the conditions on '${key}' (guards compare without coercion: 1 is not '1').`,
      });
    }
  }

  // 5–7. Journeys: a step waiting on a key nothing produces, a key only a later step produces, two steps waiting on each other.
  for (const j of g.journeys) {
    const steps = j.steps.map((id) => byId.get(id)).filter((a): a is DescribedAction => a !== undefined);
    const produced = new Set(given);
    steps.forEach((step, i) => {
      for (const key of gateKeys(step)) {
        if (produced.has(key)) continue;
        const later = steps.slice(i + 1).find((s) => writesOf(s).includes(key));
        if (later) {
          add({
            code: 'journey-step-order',
            severity: 'warning',
            where: `journey '${j.id}'`,
            keys: [key],
            rule: `journey '${j.id}': step '${step.id}' waits on '${key}', which only the later step '${later.id}' writes — in this order the step is blocked when the journey reaches it.`,
            fix: `List '${later.id}' before '${step.id}' in the journey's steps, or have an earlier step write '${key}'.`,
          });
        } else if (!producible.has(key)) {
          add({
            code: 'uncompletable-journey',
            severity: grounded ? 'error' : 'warning',
            where: `journey '${j.id}'`,
            keys: [key],
            rule: `journey '${j.id}' cannot finish: step '${step.id}' waits on '${key}', which no step or action writes${grounded ? ' and the app does not seed' : ''}.`,
            fix: seeds,
          });
        }
      }
      if (unsatisfiable(step.when).length + unsatisfiable(step.enabledWhen).length > 0) {
        add({
          code: 'uncompletable-journey',
          severity: 'error',
          where: `journey '${j.id}'`,
          rule: `journey '${j.id}' cannot finish: step '${step.id}' has a guard that can never hold.`,
          fix: `Correct the step's guard (see its unsatisfiable-guard finding).`,
        });
      }
      for (const key of step.writes ?? []) produced.add(key);
    });
    // Which steps can ever run, in any order, from what is given and what runnable steps write.
    const reached = new Set(given);
    const runnable = new Set<string>();
    for (let changed = true; changed; ) {
      changed = false;
      for (const s of steps) {
        if (runnable.has(s.id) || !gateKeys(s).every((k) => reached.has(k))) continue;
        runnable.add(s.id);
        for (const k of s.writes ?? []) reached.add(k);
        changed = true;
      }
    }
    const needs = (a: DescribedAction, b: DescribedAction): string[] => gateKeys(a).filter((k) => !reached.has(k) && writesOf(b).includes(k));
    for (const [i, a] of steps.entries()) {
      for (const b of steps.slice(i + 1)) {
        if (a.id === b.id || runnable.has(a.id) || runnable.has(b.id)) continue;
        const ab = needs(a, b);
        const ba = needs(b, a);
        if (ab.length && ba.length) {
          add({
            code: 'journey-step-cycle',
            severity: 'error',
            where: `journey '${j.id}'`,
            keys: [...new Set([...ab, ...ba])],
            rule: `journey '${j.id}': step '${a.id}' waits on ${quote(ab)}, written by '${b.id}', which waits on ${quote(ba)}, written by '${a.id}' — neither can go first.`,
            fix: `Seed one of those keys (initialState), or split a step so one of them needs nothing the other writes.`,
          });
        }
      }
    }
  }

  // 8. Pages nothing reaches from where sessions start.
  const start = options.startPage ?? g.pages[0]?.id;
  const reached = new Set<string>([...(start ? [start] : []), ...(options.entryPages ?? [])]);
  for (let queue = [...reached]; queue.length; ) {
    const page = queue.shift() as string;
    for (const a of onPage(page)) {
      if (a.goTo !== undefined && !reached.has(a.goTo)) {
        reached.add(a.goTo);
        queue.push(a.goTo);
      }
    }
  }
  for (const page of g.pages) {
    if (reached.has(page.id)) continue;
    add({
      code: 'unreachable-page',
      severity: 'warning',
      where: `page '${page.id}'`,
      rule: `page '${page.id}' cannot be reached from '${start}': no action offered along the way goes to it.`,
      fix: `Give a page that is reached an action with goTo: '${page.id}' (crossLinks does it for literal routes), or list it in entryPages when people land on it directly.`,
    });
  }

  // 9. Writes nothing reads: no guard, enabledWhen, verify or journey precondition.
  const read = new Set<string>([
    ...g.actions.flatMap((a) => [...keysOf(a.when), ...keysOf(a.enabledWhen), ...(a.verify?.kind === 'filter' ? keysOf(a.verify.conditions) : [])]),
    ...g.journeys.flatMap((j) => keysOf(j.when)),
  ]);
  for (const a of g.actions) {
    const unread = writesOf(a).filter((k) => !read.has(k));
    if (unread.length === 0) continue;
    add({
      code: 'unconsumed-write',
      severity: 'info',
      where: `action '${a.id}'`,
      keys: unread,
      rule: `action '${a.id}' declares it writes ${quote(unread)}, which no guard, enabledWhen or verify reads: the write is never checked and gates nothing.`,
      fix: `Verify it (verify: { '${unread[0]}': { … } }), or drop it from writes if the app no longer makes it.`,
    });
  }

  // 10. Most of the map is pages whose every action only moves elsewhere.
  const waypoints = g.pages.filter((p) => {
    const here = onPage(p.id);
    return here.length > 0 && here.every((a) => a.goTo !== undefined && !writesOf(a).length);
  });
  if (waypoints.length >= 3 && waypoints.length * 2 >= g.pages.length) {
    add({
      code: 'waypoint-page',
      severity: 'info',
      where: `pages ${quote(waypoints.map((p) => p.id))}`,
      rule: `${waypoints.length} of ${g.pages.length} pages only offer moves elsewhere: nothing on them does what a person came for.`,
      fix: `A menu or a hub is this shape and fine; when most pages are, make pages of the places where work ends and fold the rest into them.`,
    });
  }

  // 11. Two actions on one page that read the same: an agent, a person and a sensor cannot tell them apart.
  for (const page of g.pages) {
    const seen = new Map<string, string[]>();
    for (const a of onPage(page.id)) {
      const name = a.does.trim().replace(/\s+/g, ' ').toLowerCase();
      seen.set(name, [...(seen.get(name) ?? []), a.id]);
    }
    for (const [name, ids] of seen) {
      if (ids.length < 2) continue;
      add({
        code: 'ambiguous-binding',
        severity: 'error',
        where: `page '${page.id}'`,
        rule: `on page '${page.id}', ${quote(ids)} all read "${name}": the model chooses by that sentence and a sensor matches a control by its accessible name, so one of them is picked blindly.`,
        fix: `Give each its own does sentence, the one its control shows.`,
      });
    }
  }

  // 12. Tabs the app never reports: the facts block can never say the reader is in them.
  if (options.observed) {
    const observed = new Set(options.observed);
    for (const tab of g.containers.filter((c) => c.kind === 'tab' && !observed.has(c.path))) {
      add({
        code: 'unevidenceable-tab',
        severity: 'warning',
        where: `tab '${tab.path}'`,
        rule: `tab '${tab.path}' is declared, but the app does not report it: no action can enter a container, so only session.show / observeFocus can say a reader is there.`,
        fix: `Call session.show('${tab.path}') when the tab is shown and session.observeFocus('${tab.path}') when the reader moves into it, or drop the tab from the graph.`,
      });
    }
  }

  return findings.sort((a, b) => RANK[b.severity] - RANK[a.severity]);
}

/** The findings as text, most severe first: one paragraph each, `''` when there are none. */
export function formatFindings(findings: readonly LintFinding[]): string {
  return [...findings]
    .sort((a, b) => RANK[b.severity] - RANK[a.severity])
    .map((f) => `${f.severity} ${f.code} — ${f.where}\n  ${f.rule}\n  fix: ${f.fix}`)
    .join('\n\n');
}

/** What `assertCleanGraph` takes: the lint options, the codes to let through, and the lowest failing severity. */
export interface AssertCleanOptions extends LintOptions {
  /** Codes to let through: a code (`'unreachable-page'`) or a code at one place (`"unreachable-page@page 'admin'"`). */
  allow?: readonly (LintCode | `${LintCode}@${string}`)[] | undefined;
  /** The lowest severity that fails (default `'warning'`: errors and warnings fail, info never). */
  failOn?: LintSeverity | undefined;
}

/** The error `assertCleanGraph` throws; `findings` are the ones that failed it. */
export class GraphLintError extends Error {
  readonly findings: LintFinding[];
  constructor(message: string, findings: LintFinding[]) {
    super(message);
    this.name = 'GraphLintError';
    this.findings = findings;
  }
}

/**
 * Throws a `GraphLintError` listing every finding at or above `failOn` that `allow` does not name;
 * returns the findings let through otherwise. Plain `throw`, so any test runner reports it.
 */
export function assertCleanGraph(graph: Lintable, options: AssertCleanOptions = {}): LintFinding[] {
  const { allow = [], failOn = 'warning', ...lintOptions } = options;
  const all = lintGraph(graph, lintOptions);
  const allowed = (f: LintFinding): boolean => allow.some((a) => a === f.code || a === `${f.code}@${f.where}`);
  const failing = all.filter((f) => RANK[f.severity] >= RANK[failOn] && !allowed(f));
  if (failing.length > 0) {
    const id = describeOf(graph).id;
    throw new GraphLintError(
      `groundfacts: graph '${id}' has ${failing.length} lint finding(s) at or above ${failOn}. Fix them, or let one through with assertCleanGraph(graph, { allow: ['${failing[0]?.code}'] }).\n\n${formatFindings(failing)}`,
      failing,
    );
  }
  return all.filter((f) => !failing.includes(f));
}
