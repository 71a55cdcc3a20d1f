/**
 * `groundfacts/mcp` — the agent port served over MCP with the official SDK
 * (`@modelcontextprotocol/sdk`, an optional peer dependency; docs/facts-and-serving.md §10–§12).
 *
 * - `mcpServer(sessionOrPort?, options?)` makes an SDK `McpServer` whose tools are the port's tools:
 *   each with its input schema and description, `annotations.readOnlyHint` on the reading tools
 *   (`whats_here`, `why`, `did_it_work`), and every call answered by `port.call` — the result as
 *   `structuredContent`, `isError` only for an error of the call itself (a refusal is an answer).
 *   The text content is what a model reads: for `whats_here`, the facts block and the brief, then
 *   the rest of the result as JSON; for the other tools, the result as JSON.
 * - `mount(sessionOrPort)` serves another port beside the others (one server, several graphs: their
 *   tool names carry the graph id) and returns the function that takes it away; a port whose tool
 *   names are already served replaces the one serving them (a new session of the same graph). Every
 *   change of the served set sends `notifications/tools/list_changed` to a connected client.
 * - The server works over any SDK transport: stdio, Streamable HTTP, the in-memory pair.
 *
 * A tool name is the port's own (`notes.whats_here`) where MCP's name rule (`[A-Za-z0-9_.-]`, 1–128)
 * accepts it, else its provider name (`notes_whats_here`, docs/facts-and-serving.md §11).
 * Uses the SDK's `McpServer` (its low-level request handlers: the port's schemas are JSON Schema, and
 * the port, not the SDK, answers malformed arguments) and the core's `serveToAgent`. Used by apps and
 * tests/js/mcp.test.cjs, tests/js/examples/mcp-loop.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { serveToAgent } from 'groundfacts';
import type { AgentPort, ServeOptions, ServeResult, Session } from 'groundfacts';

/** Options of `mcpServer`. */
export interface McpServeOptions {
  /** The server's name in the MCP handshake (default `'groundfacts'`). */
  name?: string | undefined;
  /** Its version (default `'1.0.0'`). */
  version?: string | undefined;
  /** Instructions the client may give its model (default: the port's own stable instruction). */
  instructions?: string | undefined;
  /** The options a session is served with (`serveToAgent(session, serve)`); ignored for a port. */
  serve?: ServeOptions | undefined;
}

/** What `mcpServer` returns. */
export interface GroundfactsMcpServer {
  /** The SDK server: `connect` it to a transport (stdio, Streamable HTTP, in-memory). */
  readonly server: McpServer;
  /** Serve another session or port beside the others; returns the function that takes it away. */
  mount(sessionOrPort: Session | AgentPort, serve?: ServeOptions): () => void;
  /** The tools served now, as `tools/list` answers. */
  tools(): Tool[];
  /** `server.connect(transport)`. */
  connect(transport: Transport): Promise<void>;
  /** `server.close()`. */
  close(): Promise<void>;
}

interface Served {
  port: AgentPort;
  /** Name served → the port's own name. */
  names: Map<string, string>;
  tools: Tool[];
}

const MCP_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

function isPort(value: Session | AgentPort): value is AgentPort {
  return 'answer' in value && typeof value.answer === 'function';
}

/** The port's tools as MCP serves them: the reading tools are the last four but `do_action`. */
function describe(port: AgentPort): Served {
  const own = port.tools();
  const provider = port.tools({ format: 'anthropic' });
  const names = new Map<string, string>();
  const tools: Tool[] = own.map((tool, i) => {
    const name = MCP_NAME.test(tool.name) ? tool.name : (provider[i]?.name ?? tool.name);
    names.set(name, tool.name);
    // The array ends whats_here, why, do_action, did_it_work (docs/facts-and-serving.md §4.2).
    const fromEnd = own.length - i;
    const readOnly = fromEnd === 4 || fromEnd === 3 || fromEnd === 1;
    return { name, description: tool.description, inputSchema: tool.inputSchema, annotations: { readOnlyHint: readOnly } };
  });
  return { port, names, tools };
}

/** A port result as MCP's tool result: the facts block and brief as text, the result as structured content. */
function toMcp(result: ServeResult): CallToolResult {
  const content: CallToolResult['content'] = [];
  if (typeof result.facts === 'string') {
    const { facts, brief, ...rest } = result;
    content.push({ type: 'text', text: typeof brief === 'string' ? `${facts}\n\n${brief}` : facts });
    content.push({ type: 'text', text: JSON.stringify(rest) });
  } else {
    content.push({ type: 'text', text: JSON.stringify(result) });
  }
  return { content, structuredContent: { ...result }, isError: result.judgment === 'error' };
}

/**
 * An MCP server over the port of `sessionOrPort` (a session is served with `options.serve`); more
 * ports can be mounted later. Connect `server` to a transport to serve it.
 */
export function mcpServer(sessionOrPort?: Session | AgentPort, options: McpServeOptions = {}): GroundfactsMcpServer {
  const mounted: Served[] = [];
  const first = sessionOrPort === undefined ? undefined : isPort(sessionOrPort) ? sessionOrPort : serveToAgent(sessionOrPort, options.serve);
  const instructions = options.instructions ?? first?.turnContext({ format: 'mcp' }).system;
  const server = new McpServer(
    { name: options.name ?? 'groundfacts', version: options.version ?? '1.0.0' },
    { capabilities: { tools: { listChanged: true } }, ...(instructions === undefined ? {} : { instructions }) },
  );
  const listed = (): Tool[] => mounted.flatMap((served) => served.tools);
  const changed = (): void => {
    if (server.isConnected()) server.sendToolListChanged();
  };
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed() }));
  server.server.setRequestHandler(CallToolRequestSchema, (request) => {
    const name = request.params.name;
    const args = request.params.arguments ?? {};
    const served = mounted.find((s) => s.names.has(name));
    if (served) return toMcp(served.port.call(served.names.get(name) ?? name, args));
    const any = mounted[0];
    if (any) return toMcp(any.port.call(name, args));
    return { content: [{ type: 'text', text: `groundfacts: no tool is served (nothing is mounted), so '${name}' was not run.` }], isError: true };
  });

  const mount = (target: Session | AgentPort, serve?: ServeOptions): (() => void) => {
    const port = isPort(target) ? target : serveToAgent(target, serve ?? options.serve);
    const served = describe(port);
    // A port serving the same names (a new session of one graph) replaces the one serving them.
    for (let i = mounted.length - 1; i >= 0; i--) {
      const other = mounted[i];
      if (other && [...served.names.keys()].some((n) => other.names.has(n))) mounted.splice(i, 1);
    }
    mounted.push(served);
    changed();
    return () => {
      const at = mounted.indexOf(served);
      if (at >= 0) {
        mounted.splice(at, 1);
        changed();
      }
    };
  };
  if (first) mount(first);

  return {
    server,
    mount,
    tools: listed,
    connect: (transport) => server.connect(transport),
    close: () => server.close(),
  };
}
