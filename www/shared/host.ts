// What the widget, the scripted agent, the model relay and the compose pane need of an app: its
// session, the agent port over it, the port calls routed through one place (so a needs-confirm
// answer's receipts are kept for the ask card) and the router's path. A person's clicks go through the
// bindings' one-door helpers (useAction, use:groundfactsAction), not through here.
//
// Framework-neutral: the React demo makes one from the session its `<GroundfactsProvider>` owns, the
// SvelteKit demo from the session `createPersistedSession` made (www/svelte/src/lib/host.ts).

// What the shared agent code uses of a session and its port, written out here rather than imported from
// the package, so these files import nothing (types included) and each demo's own tooling checks them
// wherever they are compiled from. The package's `Session` and `AgentPort` fit these shapes.

/** One entry of `session.asks()`. */
export interface AskLike {
  askId: string;
  affordanceId: string;
  does?: string;
  answer?: 'approved' | 'declined';
  spent?: true;
}

/** What the agent code calls on a session. */
export interface Session {
  asks(): AskLike[];
  approve(askId: string, by: { by: string }): unknown;
  decline(askId: string, by: { by: string }): unknown;
  groundTruth(): { text: string };
  contextBrief(): { text: string };
}

/** What the agent code calls on the session's port (`serveToAgent(session)`). */
export interface AgentPort {
  call(name: string, args: Record<string, unknown>): unknown;
  tools(): { name: string; description: string }[];
  tools(options: { format: 'openai' }): unknown[];
  tools(options: { format: 'anthropic' }): unknown[];
  toolResult(result: Record<string, unknown>, options: { format: 'openai'; callId: string }): unknown;
  toolResult(result: Record<string, unknown>, options: { format: 'anthropic'; callId: string }): unknown;
}

/** What a needs-confirm answer carried, kept so the ask card can show its receipts. */
export interface AskReceipts {
  askId: string;
  action: string;
  does: string;
  willDo: unknown;
}

export interface AgentHost {
  session: Session;
  port: AgentPort;
  /** Every port call goes through here, so needs-confirm receipts are remembered for the card. */
  callTool(name: string, args: Record<string, unknown>): Record<string, unknown>;
  receiptsFor(askId: string): AskReceipts | undefined;
  /** The app router's current path, as the person sees it in the address bar. */
  routerPath(): string;
}

/** Read any value the port or session hands back as a plain JSON record. */
export function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/**
 * The agent host over `session` and its `port` (`serveToAgent(session)`, made by the app so this file
 * imports nothing at run time and both demos can share it), with the receipts memory.
 */
export function createAgentHost(session: Session, port: AgentPort, routerPath: () => string): AgentHost {
  const receipts = new Map<string, AskReceipts>();
  return {
    session,
    port,
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
      return result;
    },
    receiptsFor: (askId) => receipts.get(askId),
    routerPath,
  };
}
