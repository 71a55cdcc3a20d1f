// The package imported as an app imports it; the page shows the facts block after an agent's fire.
import { buildNavigationGraph, createSession, serveToAgent } from 'groundfacts';

const graph = buildNavigationGraph('linked', {
  pages: { home: { route: '/', actions: { bump: { does: 'Bump the counter', writes: ['bumps'] } } } },
});
const session = createSession(graph, () => {}, { node: 'home', state: { bumps: 0 } });
let bumps = 0;
session.registerActions('home', {
  handlers: {
    bump: () => {
      bumps += 1;
      session.updateState({ bumps });
    },
  },
});
const answer = serveToAgent(session).call('linked.do_action', { action: 'bump' });
document.querySelector('[data-testid=facts]').textContent = session.groundTruth().text;
document.querySelector('[data-testid=status]').textContent = answer.ok ? 'ready' : `refused: ${answer.reason}`;
