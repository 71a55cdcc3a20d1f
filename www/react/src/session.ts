// session.ts — the provider's session, for the demo's components. groundfacts/react's useSession() is
// null while the module loads (docs/loading.md); this demo imports `groundfacts` itself (app.ts, the
// graph at module scope), which resolves only once the module is instantiated, so the provider has
// its session from its first render and every component below it can count on one.
import type { Session } from 'groundfacts';
import { useSession } from 'groundfacts/react';

export function useAppSession(): Session {
  const session = useSession();
  if (session === null) throw new Error('groundfacts demo: the provider has no session yet, but app.ts loaded the module before the first render.');
  return session;
}
