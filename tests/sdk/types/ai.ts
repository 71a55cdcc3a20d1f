// groundfacts with the AI SDK (`ai`): tools from the port's schemas, and the record placed by prepareStep.
import { jsonSchema, tool, type ModelMessage, type PrepareStepResult, type ToolSet } from 'ai';
import { buildNavigationGraph, createSession, serveToAgent } from 'groundfacts';

const graph = buildNavigationGraph('notes', { pages: { list: { actions: { add: { does: 'Add a note' } } } } });
const port = serveToAgent(createSession(graph));

const tools: ToolSet = Object.fromEntries(
  port.tools({ format: 'openai-responses' }).map((t) => [
    t.name,
    tool({ description: t.description, inputSchema: jsonSchema(t.parameters), execute: async (input) => port.call(t.name, input) }),
  ]),
);

function prepareStep({ messages }: { messages: ModelMessage[] }): PrepareStepResult<ToolSet> {
  const context = port.turnContext({ format: 'ai-sdk' });
  return { instructions: context.system, messages: [...messages, context.facts] };
}

export { tools, prepareStep };
