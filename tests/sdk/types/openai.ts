// groundfacts' OpenAI shapes against the `openai` package's own types: Chat Completions and Responses.
import type OpenAI from 'openai';
import type {
  ChatCompletionFunctionTool,
  ChatCompletionMessageParam,
  ChatCompletionMessageToolCall,
  ChatCompletionTool,
  ChatCompletionToolMessageParam,
} from 'openai/resources/chat/completions';
import type { FunctionTool, ResponseInputItem, ResponseOutputItem, Tool } from 'openai/resources/responses/responses';
import { buildNavigationGraph, createSession, serveToAgent, type ToolFormat } from 'groundfacts';

const graph = buildNavigationGraph('notes', { pages: { list: { actions: { add: { does: 'Add a note' } } } } });
const port = serveToAgent(createSession(graph));

// Chat Completions: tools, a tool call as the SDK types it (function or custom), the tool message.
const chatTools: ChatCompletionTool[] = port.tools({ format: 'openai' });
const functionTools: ChatCompletionFunctionTool[] = port.tools({ format: 'openai' });
declare const toolCalls: ChatCompletionMessageToolCall[];
const messages: ChatCompletionMessageParam[] = [];
for (const call of toolCalls) {
  const message: ChatCompletionToolMessageParam = port.answer(call, { format: 'openai' });
  messages.push(message);
}
const chatContext = port.turnContext({ format: 'openai' });
messages.unshift({ role: 'system', content: chatContext.system });
messages.push(chatContext.facts);
const chatBody: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming = { model: 'm', messages, tools: chatTools };

// Responses: flat function tools carrying `strict`, function_call items, their outputs.
const responseTools: Tool[] = port.tools({ format: 'openai-responses' });
const flat: FunctionTool[] = port.tools({ format: 'openai-responses' });
declare const output: ResponseOutputItem[];
const input: ResponseInputItem[] = [];
for (const item of output) {
  if (item.type === 'function_call') input.push(port.answer(item, { format: 'openai-responses' }));
}
const responsesContext = port.turnContext({ format: 'openai-responses' });
input.push(responsesContext.facts);
const responsesBody: OpenAI.Responses.ResponseCreateParamsNonStreaming = {
  model: 'm',
  instructions: responsesContext.system,
  input,
  tools: responseTools,
};

// A settled answer, as the message each API expects.
async function later(id: string, callId: string): Promise<ResponseInputItem> {
  const chat: ChatCompletionToolMessageParam = await port.settledAnswer(id, { format: 'openai', callId });
  void chat;
  return port.settledAnswer(id, { format: 'openai-responses', callId });
}

// A format held in a variable.
declare const format: ToolFormat;
const anyTools = port.tools({ format });

export { functionTools, flat, chatBody, responsesBody, later, anyTools };
