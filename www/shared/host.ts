// What the widget, the scripted agent, the model relay and the compose pane need of an app: its
// session, the agent port over it, the port calls routed through one place (so a needs-confirm
// answer's receipts are kept for the ask card), a person's clicks as fires, and the router's path.
//
// Framework-neutral. The React demo makes one with `createAgentHost` from the session its
// `<GroundfactsProvider>` owns.

import { serveToAgent, type createSession } from 'groundfacts';

export type Session = ReturnType<typeof createSession>;
export type AgentPort = ReturnType<typeof serveToAgent>;
export type ToolDescription = ReturnType<AgentPort['tools']>[number];

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
  /** A person's click on an app control: a fire with `source: 'user'`, recorded like any other. */
  act(actionId: string, payload?: unknown): Record<string, unknown>;
  /** The app router's current path, as the person sees it in the address bar. */
  routerPath(): string;
}

/** Read any value the port or session hands back as a plain JSON record. */
export function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** The port over `session`, with the receipts memory and the person's fire. */
export function createAgentHost(session: Session, routerPath: () => string): AgentHost {
  const port = serveToAgent(session);
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
    act: (actionId, payload) => asRecord(session.fire(actionId, { source: 'user', payload })),
    routerPath,
  };
}
