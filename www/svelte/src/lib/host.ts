// The tab's agent host (www/shared/host.ts: the port over the session, the receipts memory kept for
// the ask cards): made from the session in session.ts, in the browser only. Used by ChatWidget.svelte
// and AskCards.svelte, with the widget, the scripted agent and the model relay shared with the React
// demo (www/shared). In the browser it is also `window.groundfactsDemo.host`, for the browser test and
// the console, as in the React demo.

import { serveToAgent } from 'groundfacts';
import { createAgentHost, type AgentHost } from '$shared/host';
import { session } from './session';

/** The tab's agent host; none on the server. */
export const host: AgentHost | undefined = session
  ? createAgentHost(session, serveToAgent(session), () => window.location.pathname)
  : undefined;

if (host) window.groundfactsDemo = { host };
