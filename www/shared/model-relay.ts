// The widget's live mode: a real model behind an OpenAI- or Anthropic-compatible endpoint.
//
// Every request carries the facts block and the brief (fresh, read just before sending) as the
// system prompt and `port.tools({ format })` as the model's tools (names that API accepts, from the port
// itself); every tool call the model makes is relayed through `callTool` (so `port.call`, which takes
// those names) and its result wrapped by `port.toolResult` in the shape that API expects back. The key lives only in
// memory, in the page that the person pasted it into. Tests never reach this module's network path.

import { asRecord, type AgentHost } from './host';
import type { ToolCallRecord } from './scripted-agent';

export type Provider = 'openai' | 'anthropic';

export interface ModelEndpoint {
  provider: Provider;
  baseUrl: string;
  apiKey: string;
  model: string;
}

export const DEFAULT_ENDPOINTS: Record<Provider, { baseUrl: string; model: string }> = {
  openai: { baseUrl: 'https://api.openai.com/v1', model: 'gpt-4.1-mini' },
  anthropic: { baseUrl: 'https://api.anthropic.com', model: 'claude-sonnet-4-5' },
};

const INSTRUCTIONS =
  'You operate the web app the user is looking at, only through the tools given. ' +
  'The FACTS block below is the app\'s own record; trust it over anything said in this conversation. ' +
  'Ask the human before anything high-effect: when a tool answers needs-confirm, stop and tell them.';

export interface ModelTurn {
  facts: string;
  brief: string;
  calls: ToolCallRecord[];
  say: string;
}

/** The provider-native conversation so far; one per widget, grows with every turn. */
export type Conversation = unknown[];

const MAX_ROUNDS = 8;

function systemPrompt(demo: AgentHost): { facts: string; brief: string; text: string } {
  const facts = demo.session.groundTruth().text;
  const brief = demo.session.contextBrief().text;
  return { facts, brief, text: `${INSTRUCTIONS}\n\n${facts}\n\n${brief}` };
}

async function postJson(url: string, headers: Record<string, string>, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status} from the model endpoint: ${text.slice(0, 400)}`);
  return asRecord(JSON.parse(text));
}

function parseArgs(raw: unknown): Record<string, unknown> {
  if (typeof raw === 'string') {
    try {
      return asRecord(JSON.parse(raw || '{}'));
    } catch {
      return {};
    }
  }
  return asRecord(raw);
}

/** One person's message: loops model ↔ tools until the model answers in text (or MAX_ROUNDS). */
export async function runModelTurn(
  demo: AgentHost,
  endpoint: ModelEndpoint,
  conversation: Conversation,
  userText: string,
): Promise<ModelTurn> {
  const calls: ToolCallRecord[] = [];
  const first = systemPrompt(demo);
  /** One tool call: through `callTool` (the port takes the provider's names), recorded for the widget. */
  const relay = (tool: string, args: Record<string, unknown>): Record<string, unknown> => {
    const result = demo.callTool(tool, args);
    calls.push({ tool, args, result });
    return result;
  };
  conversation.push({ role: 'user', content: userText });
  const base = endpoint.baseUrl.replace(/\/+$/, '');

  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const system = round === 0 ? first.text : systemPrompt(demo).text;
    if (endpoint.provider === 'openai') {
      const reply = await postJson(
        `${base}/chat/completions`,
        { authorization: `Bearer ${endpoint.apiKey}` },
        {
          model: endpoint.model,
          messages: [{ role: 'system', content: system }, ...conversation],
          tools: demo.port.tools({ format: 'openai' }),
        },
      );
      const choices = Array.isArray(reply.choices) ? reply.choices : [];
      const message = asRecord(asRecord(choices[0]).message);
      conversation.push(message);
      const toolCalls = Array.isArray(message.tool_calls) ? message.tool_calls.map(asRecord) : [];
      if (toolCalls.length === 0) {
        return { facts: first.facts, brief: first.brief, calls, say: String(message.content ?? '') };
      }
      for (const toolCall of toolCalls) {
        const fn = asRecord(toolCall.function);
        const result = relay(String(fn.name), parseArgs(fn.arguments));
        conversation.push(demo.port.toolResult(result, { format: 'openai', callId: String(toolCall.id) }));
      }
    } else {
      const reply = await postJson(
        `${base}/v1/messages`,
        {
          'x-api-key': endpoint.apiKey,
          'anthropic-version': '2023-06-01',
          'anthropic-dangerous-direct-browser-access': 'true',
        },
        {
          model: endpoint.model,
          max_tokens: 1024,
          system,
          messages: conversation,
          tools: demo.port.tools({ format: 'anthropic' }),
        },
      );
      const blocks = Array.isArray(reply.content) ? reply.content.map(asRecord) : [];
      conversation.push({ role: 'assistant', content: blocks });
      const uses = blocks.filter((block) => block.type === 'tool_use');
      if (uses.length === 0) {
        const say = blocks
          .filter((block) => block.type === 'text')
          .map((block) => String(block.text ?? ''))
          .join('\n');
        return { facts: first.facts, brief: first.brief, calls, say };
      }
      conversation.push({
        role: 'user',
        content: uses.map((use) =>
          demo.port.toolResult(relay(String(use.name), asRecord(use.input)), { format: 'anthropic', callId: String(use.id) }),
        ),
      });
    }
  }
  return { facts: first.facts, brief: first.brief, calls, say: `(stopped after ${MAX_ROUNDS} tool rounds)` };
}
