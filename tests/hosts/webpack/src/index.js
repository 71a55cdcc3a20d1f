// The whole app: the package README's usage, bundled by webpack 5 with no config. It reports what it saw
// on window.__groundfacts for tests/hosts/hosts.test.mjs.
import { buildNavigationGraph, fromRoutes, createSession, serveToAgent, GraphValidationError } from 'groundfacts';

const report = {};
try {
  const graph = buildNavigationGraph('notes', {
    sources: [fromRoutes({ list: '/notes', editor: '/notes/new' })],
    pages: { editor: { actions: { save: { does: 'Save the note', writes: ['notes.count'], verify: { 'notes.count': { gt: 0 } } } } } },
  });
  const store = { 'notes.count': 0 };
  const session = createSession(graph, undefined, { node: 'editor', state: store });
  session.registerActions('editor', {
    handlers: {
      save: () => {
        store['notes.count'] += 1;
        session.updateState(store); // re-enters the session from inside fire()
      },
    },
  });
  report.effectStatus = serveToAgent(session).call('notes.do_action', { action: 'save' }).effectStatus;
  report.facts = session.groundTruth().text;
  try {
    buildNavigationGraph('bad', { pages: { a: { actions: { go: { does: 'Go', goTo: 'nowhere' } } } } });
  } catch (err) {
    report.errorIsTyped = err instanceof GraphValidationError;
    report.errorCode = err.code;
  }
} catch (err) {
  report.error = String(err && err.stack ? err.stack : err);
}
window.__groundfacts = report;
const out = document.createElement('pre');
out.id = 'out';
out.textContent = JSON.stringify(report, null, 2);
document.body.append(out);
