// The app: a graph written at module scope (lazyGraph: nothing is called in the module here), the
// provider around a component that registers an action and shows the facts block, and Plain beside
// it. window.hostApp lets the browser test fire through the agent port.
import { useEffect, useState } from 'react';
import { GroundfactsProvider, lazyGraph, useActions, useGroundTruth, useGroundfactsStatus, useSession } from 'groundfacts/react';
import { loadedGroundfacts } from 'groundfacts/load';
import Plain from './Plain.jsx';

const graph = lazyGraph('host', {
  pages: { home: { actions: { bump: { does: 'Bump the counter', input: 'none' } } } },
});

function Facts() {
  const status = useGroundfactsStatus();
  const session = useSession();
  const facts = useGroundTruth();
  const [bumps, setBumps] = useState(0);
  useActions('home', { handlers: { bump: () => setBumps((n) => n + 1) } });
  useEffect(() => {
    if (session === null) return undefined;
    const port = loadedGroundfacts().serveToAgent(session);
    window.hostApp = { bump: () => port.call('host.do_action', { action: 'bump' }) };
    return () => {
      delete window.hostApp;
      port.free();
    };
  }, [session]);
  return (
    <section>
      <p data-testid="status">{status}</p>
      <p data-testid="session">{session === null ? 'no session' : 'session'}</p>
      <p data-testid="bumps">bumps: {bumps}</p>
      <pre data-testid="facts">{facts === null ? '' : facts.text}</pre>
    </section>
  );
}

export default function App() {
  return (
    <>
      <Plain />
      <GroundfactsProvider graph={graph}>
        <p data-testid="child">a child of the provider</p>
        <Facts />
      </GroundfactsProvider>
    </>
  );
}
