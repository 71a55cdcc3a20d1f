// Pins that the hand-written declarations hold under `exactOptionalPropertyTypes` (pkg-template/README.md:
// "an optional option accepts an explicit `undefined`"): every optional member of the bindings' props,
// specs and persist options, and of the core's hand-written input types, takes an explicit `undefined`,
// the way an app writes `persist={cond ? 'x' : undefined}`. Type-checked by scripts/test.sh with
// consumer.ts (tests/js/tsconfig.json maps 'groundfacts', its subpaths, 'react' and 'svelte/store').
import type { ActionControl, GroundfactsProviderProps, UseActionsSpec, PersistOptions as ReactPersist } from 'groundfacts/react';
import type { ActionsParameter, GroundfactsActionParameter, PersistOptions as SveltePersist } from 'groundfacts/svelte';
import type { SensorReport, WatchOptions } from 'groundfacts/sensor';
import type {
  ActionDef,
  AgentPort,
  FromRoutesOptions,
  JourneyDef,
  KeyCondition,
  McpToolCall,
  NavigationGraph,
  NavigationGraphDef,
  PageDef,
  RegisterActionsSpec,
  RouteTable,
  RoutesSource,
  Session,
} from 'groundfacts';

declare const graph: NavigationGraph;
declare const session: Session;
declare const port: AgentPort;
declare const maybe: boolean;
const name: string | undefined = maybe ? 'wizard' : undefined;

// groundfacts/react: every optional prop and member, explicitly undefined.
const props: GroundfactsProviderProps = {
  graph,
  options: undefined,
  router: undefined,
  navigate: undefined,
  persist: name,
  children: undefined,
};
const persistObject: GroundfactsProviderProps = { graph, persist: { key: 'k', storage: undefined } };
const reactPersist: ReactPersist = { key: 'k', storage: maybe ? null : undefined };
const useSpec: UseActionsSpec = { handlers: undefined, actions: undefined, enabled: undefined, busy: undefined };

// groundfacts/svelte: the same.
const sveltePersist: SveltePersist = { key: 'k', storage: undefined };
const svelteSpec: ActionsParameter = { session, page: 'home', busy: undefined, handlers: undefined, enabled: undefined };

// The core's hand-written input types.
const spec: RegisterActionsSpec = {
  handlers: undefined,
  actions: { x: { does: 'X', handler: undefined } },
  enabled: undefined,
};
const action: ActionDef = {
  does: 'Do it',
  input: undefined,
  writes: undefined,
  reads: undefined,
  verify: undefined,
  when: undefined,
  enabledWhen: undefined,
  goTo: undefined,
  confirm: undefined,
  role: undefined,
  binding: undefined,
};
const condition: KeyCondition = { eq: undefined, ne: undefined, gt: undefined, gte: undefined, lt: undefined, lte: undefined, in: undefined, notIn: undefined };
const page: PageDef = { route: undefined, does: undefined, when: undefined, actions: undefined, containers: undefined };
const journey: JourneyDef = { does: 'J', steps: ['a'], when: undefined };
const def: NavigationGraphDef = { does: undefined, sources: undefined, pages: undefined, actions: undefined, journeys: undefined };
const routes: RouteTable = { home: { route: '/', does: undefined } };
const routesOptions: FromRoutesOptions = { crossLinks: undefined };
const source: RoutesSource = { kind: 'routes', syntax: undefined, pages: { a: { route: '/', does: undefined, caseSensitive: undefined } }, crossLinks: undefined };
const toolCall: McpToolCall = { name: 'g.whats_here', arguments: undefined };
port.tools({ format: undefined });
port.answer(toolCall, { format: undefined });
session.confirmAsk('home.x', { source: undefined, input: undefined });
session.reportGap('text', { actionsMayBeStale: undefined });

void [props, persistObject, reactPersist, useSpec, sveltePersist, svelteSpec, spec, action, condition, page, journey, def, routes, routesOptions, source];

// The one door (docs/session.md §33): an untyped graph takes any id and input; optional members take undefined.
declare const control: ActionControl;
control.run(undefined);
control.run({ any: 1 });
const door: GroundfactsActionParameter = { session: undefined, id: 'any.action', input: undefined, options: undefined, onResult: undefined };
void door;
declare const root: Element;
const watching: WatchOptions = { root, onReport: undefined, inputFor: undefined, trust: undefined };
const report = (r: SensorReport): string => (r.kind === 'recorded' ? r.result.reason ?? r.action : r.kind);
void watching;
void report;
