// The agent side of the demo inside React: one AgentHost (shared/host.ts: the port over the
// provider's session, the receipts memory) per session, handed down by context. The test hooks
// (window.groundfactsDemo) let the browser test act on the session from outside React.
import { serveToAgent } from 'groundfacts';
import { useAppSession } from './session';
import { createContext, useContext, useEffect, useMemo } from 'react';
import { createAgentHost, type AgentHost } from '../../shared/host';

declare global {
  interface Window {
    /** For the browser test and the console: the live session and the agent port over it. */
    groundfactsDemo?: { host: AgentHost };
  }
}

export const HostContext = createContext<AgentHost | null>(null);

/** Makes the host for the provider's session (once per session) and exposes it to the test. */
export function useNewAgentHost(): AgentHost {
  const session = useAppSession();
  const host = useMemo(
    () => createAgentHost(session, serveToAgent(session), () => window.location.pathname),
    [session],
  );
  useEffect(() => {
    window.groundfactsDemo = { host };
  }, [host]);
  return host;
}

export function useAgentHost(): AgentHost {
  const host = useContext(HostContext);
  if (host === null) throw new Error('useAgentHost() outside <Layout>');
  return host;
}
