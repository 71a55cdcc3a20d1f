// What the chat widget's agents talk to: the session, its agent port, and the receipts of the
// port's needs-confirm answers (kept so the ask card can show them). Browser-only: made from the
// session in session.ts. Used by agent.ts, widget.ts, model-relay.ts and ChatWidget.svelte.

import { serveToAgent, type Session } from 'groundfacts';
import { session } from './session';

export type AgentPort = ReturnType<typeof serveToAgent>;

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
  /** The browser's path: the scripted agent says where the router is. */
  path(): string;
}

/** Read any value the port or session hands back as a plain JSON record. */
export function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

export function createAgentHost(session: Session): AgentHost {
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
    path: () => window.location.pathname,
  };
}

/** The tab's agent host; none on the server. */
export const host: AgentHost | undefined = session ? createAgentHost(session) : undefined;
