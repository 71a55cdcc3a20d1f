// groundfacts' Anthropic shapes against `@anthropic-ai/sdk`'s own types (Messages API).
import type Anthropic from '@anthropic-ai/sdk';
import type {
  ContentBlock,
  ContentBlockParam,
  MessageParam,
  Tool,
  ToolResultBlockParam,
  ToolUnion,
  ToolUseBlock,
} from '@anthropic-ai/sdk/resources/messages';
import { buildNavigationGraph, createSession, serveToAgent } from 'groundfacts';

const graph = buildNavigationGraph('notes', { pages: { list: { actions: { add: { does: 'Add a note' } } } } });
const port = serveToAgent(createSession(graph));

const tools: Tool[] = port.tools({ format: 'anthropic' });
const union: ToolUnion[] = port.tools({ format: 'anthropic' });
declare const content: ContentBlock[];
const results: ContentBlockParam[] = [];
for (const block of content) {
  if (block.type === 'tool_use') {
    const use: ToolUseBlock = block; // input: unknown, as the SDK types it
    const result: ToolResultBlockParam = port.answer(use, { format: 'anthropic' });
    results.push(result);
  }
}
// The record goes last: after the tool_result blocks, never before them.
const context = port.turnContext({ format: 'anthropic' });
results.push(context.facts);
const next: MessageParam = { role: 'user', content: results };
const body: Anthropic.MessageCreateParamsNonStreaming = {
  model: 'm',
  max_tokens: 1024,
  system: context.system,
  tools,
  messages: [next],
};

async function later(id: string, callId: string): Promise<ToolResultBlockParam> {
  return port.settledAnswer(id, { format: 'anthropic', callId });
}

export { union, body, later };
