// The framework-neutral core both demo apps share: store, router, graph, session, port — wired.
//
// Uses the groundfacts package (createSession, matchRoute, serveToAgent) and the plain store and
// router beside it. The React and the Svelte app each render it and mount their own actions.
// Wiring, as the seed describes it: the session gets the router's own `push` as navigate, the store's
// every change is reported whole with `updateState`, the router's every move with `sync`.

import { createSession, matchRoute, serveToAgent } from 'groundfacts';
import { buildWizardGraph, ROUTES, type WizardGraph } from './graph';
import { createHistoryRouter, type HistoryRouter } from './router';
import { createProjectsStore, type ProjectsStore } from './store';

export type Session = ReturnType<typeof createSession>;
export type AgentPort = ReturnType<typeof serveToAgent>;
export type ToolDescription = ReturnType<AgentPort['tools']>[number];
export type ActionGroup = ReturnType<Session['registerActions']>;
/** What a page or pane hands `registerActions`: its handlers and any actions it declares itself. */
export type ActionSpec = Parameters<Session['registerActions']>[1];

/** What a needs-confirm answer carried, kept so the ask card can show its receipts. */
export interface AskReceipts {
  askId: string;
  action: string;
  does: string;
  willDo: unknown;
}

export interface Demo {
  store: ProjectsStore;
  router: HistoryRouter;
  graph: WizardGraph;
  session: Session;
  port: AgentPort;
  warnings: string[];
  /** Every port call goes through here, so needs-confirm receipts are remembered for the card. */
  callTool(name: string, args: Record<string, unknown>): Record<string, unknown>;
  receiptsFor(askId: string): AskReceipts | undefined;
  /** A person's click on an app control: a fire with `source: 'user'`, recorded like any other. */
  act(actionId: string, payload?: unknown): Record<string, unknown>;
  /** Something changed; listeners re-read the session on the next task. */
  changed(): void;
  onChange(listener: () => void): () => void;
  /** Counts notified changes; a cheap snapshot for UI bindings. */
  revision(): number;
  /** The router's path (what `host.ts`'s AgentHost asks). */
  routerPath(): string;
}

/** Read any value the port or session hands back as a plain JSON record. */
export function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

export function pageForPath(graph: WizardGraph, path: string): string {
  return matchRoute(graph, path) ?? path;
}

/** The app header's links, in order. */
export const NAV_LINKS: readonly (readonly [href: string, label: string])[] = [
  [ROUTES.projects.route, 'Projects'],
  [ROUTES.wizard.route, 'New project'],
  [ROUTES.review.route, 'Review'],
];

/**
 * Mount-scoped wiring, the part both frameworks share: registerActions now, and the returned function
 * unregisters. A React effect or a Svelte onMount calls it and returns what it returns.
 */
export function mountActions(demo: Demo, page: string, spec: ActionSpec): () => void {
  const group = demo.session.registerActions(page, spec);
  demo.changed();
  return () => {
    group.unregister();
    demo.changed();
  };
}

export function createDemo(): Demo {
  const router = createHistoryRouter();
  // The app has no page at '/', and the seed's session starts on the wizard.
  if (router.path() === '/' || router.path() === '') {
    window.history.replaceState(null, '', ROUTES.wizard.route);
  }
  const store = createProjectsStore();
  const graph = buildWizardGraph(() => router.path());
  const warnings: string[] = [];
  const listeners = new Set<() => void>();
  const receipts = new Map<string, AskReceipts>();
  let scheduled = false;
  let revision = 0;

  const changed = (): void => {
    if (scheduled) return;
    scheduled = true;
    // A macrotask: after the session's coalesced structure flush (a microtask) has run.
    setTimeout(() => {
      scheduled = false;
      revision += 1;
      for (const listener of [...listeners]) listener();
    }, 0);
  };

  const session = createSession(graph, (href: string) => router.push(href), {
    node: pageForPath(graph, router.path()),
    state: store.projection(),
    onWarn: (message: string) => {
      warnings.push(message);
      console.warn(`[groundfacts] ${message}`);
      changed();
    },
    // The human's side of the gate is the point of the demo: an agent's high-effect fire must
    // cite a person's recorded yes.
    requireHumanApproval: true,
  });

  // The store tap: the whole flat projection, after every notify.
  store.subscribe(() => {
    session.updateState(store.projection());
    changed();
  });
  // The router tap, kept apart from the store: a navigation is not a state delta.
  router.subscribe(() => {
    session.sync(pageForPath(graph, router.path()));
    changed();
  });

  const port = serveToAgent(session);

  return {
    store,
    router,
    graph,
    session,
    port,
    warnings,
    callTool(name, args) {
      const result = asRecord(port.call(name, args));
      if (result.judgment === 'needs-confirm' && typeof result.askId === 'string') {
        const card = asRecord(result.receipts);
        receipts.set(result.askId, {
          askId: result.askId,
          action: typeof result.action === 'string' ? result.action : String(result.step ?? ''),
          does: typeof result.does === 'string' ? result.does : '',
          willDo: card.willDo,
        });
      }
      changed();
      return result;
    },
    receiptsFor: (askId) => receipts.get(askId),
    act(actionId, payload) {
      const result = asRecord(session.fire(actionId, { source: 'user', payload }));
      changed();
      return result;
    },
    changed,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    revision: () => revision,
    routerPath: () => router.path(),
  };
}
