// A groundfacts MCP server on stdio (spawned by mcp.test.mjs through the SDK's StdioClientTransport):
// the notes app, served with groundfacts/mcp. A second graph is mounted when the client calls the
// first graph's `do_action` for `mount-more`, so the test sees a tools/list_changed over stdio.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import * as gf from 'groundfacts';
import { mcpServer } from 'groundfacts/mcp';

const graph = gf.buildNavigationGraph('notes', {
  pages: { list: { actions: {
    add: { does: 'Add a note', input: { type: 'object', properties: { text: { type: 'string' } } } },
    'mount-more': { does: 'Open the archive app beside this one', input: 'none' },
  } } },
});
const session = gf.createSession(graph);
const served = mcpServer(session, { name: 'notes' });
const archive = gf.createSession(gf.buildNavigationGraph('archive', { pages: { shelf: { actions: { find: { does: 'Find a note' } } } } }));
session.registerActions('list', {
  handlers: {
    add: () => {},
    'mount-more': () => { served.mount(archive); },
  },
});
await served.connect(new StdioServerTransport());
