// The AI SDK's generateText with several steps over a groundfacts port (`ai` + `@ai-sdk/openai`'s
// Chat Completions model), run against the local Chat Completions stand-in. The port's tools become
// AI SDK tools through jsonSchema(); prepareStep adds the record after each step's tool results.
import fs from 'node:fs';
import { generateText, isStepCount, jsonSchema, tool } from 'ai';
import { createOpenAI } from '@ai-sdk/openai';
import * as gf from 'groundfacts';
import { glueLines, notesApp, openAiChat } from './stand-ins.mjs';

const log = [];
const api = await openAiChat(log);
const { session, notes } = notesApp(gf);
const model = createOpenAI({ apiKey: 'test', baseURL: `${api.url}/v1` }).chat('stand-in');

// glue:start
const port = gf.serveToAgent(session);
const tools = Object.fromEntries(port.tools({ format: 'openai-responses' }).map((t) => [
  t.name,
  tool({ description: t.description, inputSchema: jsonSchema(t.parameters), execute: async (input) => port.call(t.name, input) }),
]));
const result = await generateText({
  model, tools, stopWhen: isStepCount(8), maxRetries: 0,
  instructions: port.turnContext({ format: 'ai-sdk' }).system,
  prompt: 'Add a note saying milk.',
  prepareStep: ({ messages }) => ({ messages: [...messages, port.turnContext({ format: 'ai-sdk' }).facts] }),
});
// glue:end

await api.close();
if (notes.join() !== 'milk') throw new Error(`the note was not added: ${JSON.stringify(notes)}`);
if (!result.text.startsWith('Added')) throw new Error(`the loop did not end in text: ${result.text}`);
const last = log.at(-1).last;
if (last.role !== 'user' || !String(last.content).includes('The app\'s record')) throw new Error('the record was not the last message');
console.log(`ai-sdk: ${log.length} requests over ${result.steps.length} steps, note added; glue lines: ${glueLines(fs.readFileSync(new URL(import.meta.url), 'utf8'))}`);
