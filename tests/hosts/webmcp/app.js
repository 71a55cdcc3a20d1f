// The app side: a graph, a session with one wired action, and its port exposed through WebMCP. The
// agent side (tests/hosts/webmcp.test.mjs) only ever talks to document.modelContext.
import { buildNavigationGraph, createSession, serveToAgent, exposeToWebMCP } from '/node_modules/groundfacts/groundfacts.js';

const graph = buildNavigationGraph('notes', {
  pages: {
    editor: {
      actions: {
        save: { does: 'Save the note', input: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] }, writes: ['notes.count'] },
      },
    },
  },
});
const store = { 'notes.count': 0 };
const session = createSession(graph, undefined, { node: 'editor', state: store });
session.registerActions('editor', {
  handlers: {
    save: () => {
      store['notes.count'] += 1;
      session.updateState(store);
    },
  },
});
const port = serveToAgent(session);
const unregister = exposeToWebMCP(port);
const show = () => { document.getElementById('facts').textContent = session.groundTruth().text; };
show();
window.__app = {
  facts: () => session.groundTruth().text,
  show,
  unregister,
  ready: unregister.ready.then(() => 'ready', (error) => `refused: ${error.message}`),
};
