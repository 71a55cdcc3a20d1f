// The tab's agent host (www/shared/host.ts: the port over the session, the receipts memory kept for
// the ask cards): made from the session in session.ts, in the browser only, and made again over the
// new session after a module restart (session.ts's liveSession). Used by ChatWidget.svelte
// and AskCards.svelte, with the widget, the scripted agent and the model relay shared with the React
// demo (www/shared). In the browser it is also `window.groundfactsDemo.host`, for the browser test and
// the console, as in the React demo.

import { serveToAgent, type Session } from 'groundfacts';
import type { LiveSession } from 'groundfacts/svelte';
import { createAgentHost, type AgentHost } from '$shared/host';
import { session } from './session';

/** A host that answers from the live session's host now: one per session, made when first asked. */
function hostOver(live: LiveSession): AgentHost {
  let madeFor: Session | null = null;
  let made: AgentHost | null = null;
  const now = (): AgentHost => {
    if (made === null || madeFor !== live.current) { // never null here: session.ts made it with the module loaded
      madeFor = live.current!;
      made = createAgentHost(madeFor, serveToAgent(madeFor), () => window.location.pathname);
    }
    return made;
  };
  return {
    get session() {
      return now().session;
    },
    get port() {
      return now().port;
    },
    callTool: (name, args) => now().callTool(name, args),
    receiptsFor: (askId) => now().receiptsFor(askId),
    routerPath: () => window.location.pathname,
  };
}

/** The tab's agent host; none on the server. */
export const host: AgentHost | undefined = session ? hostOver(session) : undefined;

if (host) window.groundfactsDemo = { host };
