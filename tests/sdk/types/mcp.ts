// groundfacts' MCP shapes and `groundfacts/mcp` against `@modelcontextprotocol/sdk`'s own types.
import type { CallToolRequest, CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { buildNavigationGraph, createSession, serveToAgent } from 'groundfacts';
import { mcpServer, type GroundfactsMcpServer } from 'groundfacts/mcp';

const graph = buildNavigationGraph('notes', { pages: { list: { actions: { add: { does: 'Add a note' } } } } });
const session = createSession(graph);
const port = serveToAgent(session);

const tools: Tool[] = port.tools();
const alsoTools: Tool[] = port.tools({ format: 'mcp' });
declare const request: CallToolRequest;
const result: CallToolResult = port.answer(request.params);
const direct: CallToolResult = port.toolResult(port.call('notes.whats_here', {}));
const context = port.turnContext({ format: 'mcp' });
const block: CallToolResult['content'][number] = context.facts;

const served: GroundfactsMcpServer = mcpServer(port, { name: 'notes' });
const server: McpServer = served.server;
const unmount: () => void = served.mount(serveToAgent(createSession(graph)));
async function connect(): Promise<void> {
  const [, serverSide] = InMemoryTransport.createLinkedPair();
  await served.server.connect(serverSide);
}

export { tools, alsoTools, result, direct, block, server, unmount, connect };
