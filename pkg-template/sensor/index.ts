/**
 * `groundfacts/sensor` — the DOM sensor (docs/session.md §33): `watchPage(session, { root })` records a
 * person's clicks and submits on the page's declared controls as the person's acts, for an app whose
 * controls run their own handlers (an `onClick` that calls the store). Each is recorded with
 * `fire(id, { source: 'user', invoke: false })`: the app's own handler performs the act, the session
 * runs nothing again, and the usual settlement follows (the app's store report settles it).
 *
 * - Listens in the capture phase under `root`, so the record exists before the app's own handler runs
 *   and reports its store change; that report then settles this very fire (credited by queue order:
 *   the block says "attributed by inference", as for any report made outside a handler).
 * - Matches the clicked element, or an ancestor (up to `root`), to an action offered on the current
 *   page: first by `data-groundfacts-action="<id>"`, then by ARIA role and accessible name where the
 *   action declares `control: { role, name }`. Two actions answering to one role and name are
 *   ambiguous: nothing is recorded and `onReport` says so. A submit matches its form the same way.
 * - Never double-records: a control a one-door helper wires (`useAction`, `groundfactsAction`) carries
 *   `data-groundfacts-door="helper"`, and an action a mounted helper records is stood down for by id.
 * - An action that takes input is recorded only with the input `inputFor` returns (the sensor never
 *   scrapes a form for it); otherwise `onReport` says `needs-input`.
 * - A list's row (docs/session.md §34): the matched control, or its nearest ancestor up to `root`, that
 *   carries `data-groundfacts-instance="<row id>"` names the row, and the fire carries it as `instance`.
 *   Without one the fire goes without an instance and the session refuses it as it refuses any such
 *   fire (`INSTANCE_REQUIRED`; a row id no live row reported, `INSTANCE_UNKNOWN`): the sensor never
 *   guesses a row.
 * - Only a person's gesture: `event.isTrusted` unless `trust` says otherwise (tests, harnesses).
 * - `coverage()`: the actions on offer on the current page, which of them the sensor has seen on
 *   screen under `root` since it started (a `MutationObserver` notes them as they appear, and each
 *   call scans again), and which it never saw — the controls the sensor cannot attribute.
 *
 * Uses only types from the core (`session.available`, `session.fire`) and ./door.ts; nothing runs at
 * import, so it loads on the server. Built to `pkg/sensor/index.js` + `.d.ts`.
 */
import type { AvailableEdge, FireOptions, FireResult, Session } from 'groundfacts';
import { ACTION_ATTRIBUTE, DOOR_ATTRIBUTE, claimedByDoor } from './door.js';
import { accessibleName, roleOf } from './aria.js';

export {
  ACTION_ATTRIBUTE,
  DOOR_ATTRIBUTE,
  DOOR_HELPER,
  NO_DOOR,
  claimDoor,
  claimedByDoor,
  firePersonal,
  readDoor,
  sameDoor,
  type DoorFireOptions,
  type DoorView,
} from './door.js';
export { accessibleName, roleOf } from './aria.js';

/**
 * The attribute naming the list row a control belongs to: `data-groundfacts-instance="<row id>"`, on
 * the control or an ancestor (docs/session.md §34). The sensor fires with it as `instance`.
 */
export const INSTANCE_ATTRIBUTE = 'data-groundfacts-instance';

/** Everything the sensor did, and everything it declined to record. */
export type SensorReport =
  /**
   * A person's act recorded (`result` is the session's answer: a refusal is recorded too); `instance`
   * is the row id the control's `data-groundfacts-instance` gave, when it had one.
   */
  | { readonly kind: 'recorded'; readonly action: string; readonly instance?: string; readonly result: FireResult }
  /** The control is a one-door helper's (or its action is): the helper records it. */
  | { readonly kind: 'helper'; readonly action: string }
  /** The action takes input and `inputFor` gave none: not recorded. */
  | { readonly kind: 'needs-input'; readonly action: string }
  /** Several offered actions answer to the control's role and name: not recorded. */
  | { readonly kind: 'ambiguous'; readonly candidates: readonly string[] }
  /** `data-groundfacts-action` names an action not on offer here now: not recorded. */
  | { readonly kind: 'not-offered'; readonly action: string }
  /** `session.fire` threw (a freed session, a module restart); the app's own event went on. */
  | { readonly kind: 'error'; readonly action: string; readonly error: unknown };

export interface WatchOptions {
  /** Where to listen (a `document`, or an element the app renders into). Required: nothing global is assumed. */
  root: Document | Element;
  /** Each report, as it happens. */
  onReport?: ((report: SensorReport) => void) | undefined;
  /** The input to record for an action that takes one; `undefined` leaves the act unrecorded. */
  inputFor?: ((action: string, element: Element, event: Event) => unknown) | undefined;
  /** Whether an event is a person's gesture. Default: `event.isTrusted`. */
  trust?: ((event: Event) => boolean) | undefined;
}

/** `coverage()`: the current page's actions and whether a control of each was seen on screen. */
export interface SensorCoverage {
  /** The page the session is on. */
  readonly page: string;
  /** The actions offered on that page now, in served order. */
  readonly declared: readonly string[];
  /** Those seen on screen under `root` since the watch started. */
  readonly seen: readonly string[];
  /** Those never seen: no control the sensor can attribute to them appeared. */
  readonly unseen: readonly string[];
}

/** What `watchPage` returns. */
export interface PageWatch {
  coverage(): SensorCoverage;
  /** Remove the listeners and the observer (idempotent). */
  stop(): void;
}

/** A deeper parent chain than any real control nesting, shallow enough to bound the walk. */
const MAX_HOPS = 64;

function takesInput(edge: AvailableEdge): boolean {
  const expects = edge.expects;
  return expects !== undefined && expects !== 'none';
}

const nameKey = (role: string, name: string): string => `${role}\u0000${name}`;

/** The offered edges by id and by declared (role, name). */
function index(edges: readonly AvailableEdge[]): { byId: Map<string, AvailableEdge>; byName: Map<string, AvailableEdge[]> } {
  const byId = new Map<string, AvailableEdge>();
  const byName = new Map<string, AvailableEdge[]>();
  for (const edge of edges) {
    byId.set(edge.affordanceId, edge);
    const control = edge.control;
    if (!control) continue;
    const key = nameKey(control.role, control.name);
    const bucket = byName.get(key);
    if (bucket) bucket.push(edge);
    else byName.set(key, [edge]);
  }
  return { byId, byName };
}

type Match =
  | { readonly kind: 'one'; readonly edge: AvailableEdge; readonly element: Element }
  | { readonly kind: 'many'; readonly candidates: readonly string[] }
  | { readonly kind: 'not-offered'; readonly action: string }
  | { readonly kind: 'none' };

/**
 * The nearest element from `start` up to `root` that names or presents an offered action. A click
 * never matches a form (its submit is the form's act); a submit matches only its form.
 */
function match(start: Element | null, root: Document | Element, edges: ReturnType<typeof index>, gesture: 'click' | 'submit'): Match {
  let node: Element | null = start;
  const hopsMax = gesture === 'submit' ? 1 : MAX_HOPS;
  for (let hops = 0; node !== null && hops < hopsMax; hops += 1) {
    if (gesture === 'click' && node.tagName === 'FORM') {
      if (node === root) break;
      node = node.parentElement;
      continue;
    }
    const named = node.getAttribute(ACTION_ATTRIBUTE);
    if (named !== null) {
      const edge = edges.byId.get(named);
      return edge ? { kind: 'one', edge, element: node } : { kind: 'not-offered', action: named };
    }
    const role = roleOf(node);
    if (role !== '' && edges.byName.size > 0) {
      const claimed = edges.byName.get(nameKey(role, accessibleName(node)));
      if (claimed && claimed.length === 1 && claimed[0]) return { kind: 'one', edge: claimed[0], element: node };
      if (claimed && claimed.length > 1) return { kind: 'many', candidates: claimed.map((e) => e.affordanceId) };
    }
    if (node === root) break;
    node = node.parentElement;
  }
  return { kind: 'none' };
}

/** The row id of the nearest element from `start` up to `root` carrying `data-groundfacts-instance`. */
function rowOf(start: Element, root: Document | Element): string | undefined {
  let node: Element | null = start;
  for (let hops = 0; node !== null && hops < MAX_HOPS; hops += 1) {
    const row = node.getAttribute(INSTANCE_ATTRIBUTE);
    if (row !== null) return row;
    if (node === root) break;
    node = node.parentElement;
  }
  return undefined;
}

function elementOf(target: EventTarget | null): Element | null {
  return target !== null && typeof (target as Element).getAttribute === 'function' ? (target as Element) : null;
}

/**
 * Watches `root` for a person's clicks and submits on the current page's declared controls and records
 * each as the person's act (`invoke: false`: the app's own handler performs it). See the file comment.
 */
export function watchPage(session: Session, options: WatchOptions): PageWatch {
  const { root } = options;
  const trust = options.trust ?? ((event: Event) => event.isTrusted);
  const report = (r: SensorReport): void => {
    try {
      options.onReport?.(r);
    } catch {
      // an app's listener never breaks the page's own event
    }
  };
  const seen = new Set<string>();

  const handle = (event: Event, gesture: 'click' | 'submit'): void => {
    if (!trust(event)) return;
    let edges: ReturnType<typeof index>;
    try {
      edges = index(session.available().edges);
    } catch (error) {
      report({ kind: 'error', action: '', error });
      return;
    }
    const found = match(elementOf(event.target), root, edges, gesture);
    if (found.kind === 'none') return;
    if (found.kind === 'many') return report({ kind: 'ambiguous', candidates: found.candidates });
    if (found.kind === 'not-offered') return report({ kind: 'not-offered', action: found.action });
    const action = found.edge.affordanceId;
    seen.add(action);
    if (found.element.hasAttribute(DOOR_ATTRIBUTE) || claimedByDoor(session, action)) return report({ kind: 'helper', action });
    let input: unknown;
    if (takesInput(found.edge)) {
      input = options.inputFor?.(action, found.element, event);
      if (input === undefined) return report({ kind: 'needs-input', action });
    }
    const instance = rowOf(found.element, root);
    const fired: FireOptions = { source: 'user', invoke: false };
    if (input !== undefined) fired.payload = input as never;
    if (instance !== undefined) fired.instance = instance;
    try {
      const result = session.fire(action, fired);
      report(instance === undefined ? { kind: 'recorded', action, result } : { kind: 'recorded', action, instance, result });
    } catch (error) {
      report({ kind: 'error', action, error });
    }
  };

  const onClick = (event: Event): void => handle(event, 'click');
  const onSubmit = (event: Event): void => handle(event, 'submit');
  root.addEventListener('click', onClick, true);
  root.addEventListener('submit', onSubmit, true);

  /** Notes every offered action a control under `root` presents now. */
  const scan = (): void => {
    let edges: ReturnType<typeof index>;
    try {
      edges = index(session.available().edges);
    } catch {
      return;
    }
    for (const element of Array.from(root.querySelectorAll(`[${ACTION_ATTRIBUTE}]`))) {
      const id = element.getAttribute(ACTION_ATTRIBUTE);
      if (id !== null && edges.byId.has(id)) seen.add(id);
    }
    if (edges.byName.size === 0) return;
    for (const element of Array.from(root.querySelectorAll('*'))) {
      const role = roleOf(element);
      if (role === '') continue;
      const claimed = edges.byName.get(nameKey(role, accessibleName(element)));
      if (claimed && claimed.length === 1 && claimed[0]) seen.add(claimed[0].affordanceId);
    }
  };
  const View = (root.ownerDocument ?? (root as Document)).defaultView;
  const observer = View && typeof View.MutationObserver === 'function' ? new View.MutationObserver(scan) : null;
  observer?.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: [ACTION_ATTRIBUTE, 'aria-label', 'role'] });
  scan();

  let stopped = false;
  return {
    coverage() {
      scan();
      const available = session.available();
      const declared = available.edges.map((e) => e.affordanceId);
      return {
        page: available.node,
        declared,
        seen: declared.filter((id) => seen.has(id)),
        unseen: declared.filter((id) => !seen.has(id)),
      };
    },
    stop() {
      if (stopped) return;
      stopped = true;
      root.removeEventListener('click', onClick, true);
      root.removeEventListener('submit', onSubmit, true);
      observer?.disconnect();
    },
  };
}
