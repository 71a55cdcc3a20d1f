// Pins the typed surface of the port's model-API formats from a consumer's side: each `format` picks
// its own tool and result types (overloads), and exposeToWebMCP returns an unregister function with
// `ready`. Type-checked by scripts/test.sh with consumer.ts (tests/js/tsconfig.json).
import {
  buildNavigationGraph,
  createSession,
  exposeToWebMCP,
  serveToAgent,
  type AnthropicTool,
  type AnthropicToolResult,
  type ModelContextLike,
  type OpenAiTool,
  type OpenAiToolMessage,
  type OpenAiResponsesTool,
  type ToolDescription,
  type WebMcpExposure,
} from '../../pkg/groundfacts';

const graph = buildNavigationGraph('notes', { pages: { list: { actions: { add: { does: 'Add a note' } } } } });
const port = serveToAgent(createSession(graph));
const mcp: ToolDescription[] = port.tools({ format: 'mcp' });
const chat: OpenAiTool[] = port.tools({ format: 'openai' });
const flat: OpenAiResponsesTool[] = port.tools({ format: 'openai-responses' });
const claude: AnthropicTool[] = port.tools({ format: 'anthropic' });
const chatName: string = chat[0].function.name;
const schemaType: unknown = claude[0].input_schema;
const message: OpenAiToolMessage = port.answer(
  { id: 'call_1', type: 'function', function: { name: 'notes_do_action', arguments: '{"action":"add"}' } },
  { format: 'openai' },
);
const reply: AnthropicToolResult = port.toolResult(port.call('notes_whats_here', {}), { format: 'anthropic', callId: 'toolu_1' });
const context: ModelContextLike = { registerTool: () => undefined };
const exposure: WebMcpExposure = exposeToWebMCP(port, context);
const ready: Promise<void> = exposure.ready;
exposure();
// @ts-expect-error — the provider formats need the call id
port.toolResult(port.call('notes_whats_here', {}), { format: 'openai' });
// @ts-expect-error — an unknown format
port.tools({ format: 'gpt' });

void [mcp, flat, chatName, schemaType, message, reply, ready];
