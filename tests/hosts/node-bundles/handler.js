// A serverless function's shape: a module-level graph, a session per request, freed when it is done.
import { buildNavigationGraph, createSession, serveToAgent } from 'groundfacts';

const graph = buildNavigationGraph('fn', {
  pages: { home: { actions: { ping: { does: 'Ping the function', input: 'none' } } } },
});

export function handler() {
  const session = createSession(graph);
  session.registerActions('home', { handlers: { ping: () => {} } });
  const port = serveToAgent(session);
  const answer = port.call('fn.do_action', { action: 'ping' });
  const facts = session.groundTruth().text;
  port.free();
  session.free();
  return { ok: answer.ok, facts };
}

// Run as a script (the bundles are run with --run): print one JSON line.
if (process.argv.includes('--run')) console.log(JSON.stringify(handler()));
