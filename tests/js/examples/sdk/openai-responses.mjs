// An OpenAI Responses API tool loop over a groundfacts port (the `openai` SDK), run against the local
// stand-in: flat function tools carrying `strict`, function_call items answered by
// function_call_output items, the record added after them, the stable instruction in `instructions`.
import fs from 'node:fs';
import OpenAI from 'openai';
import * as gf from 'groundfacts';
import { glueLines, notesApp, openAiResponses } from './stand-ins.mjs';

const log = [];
const api = await openAiResponses(log);
const { session, notes } = notesApp(gf);
const client = new OpenAI({ apiKey: 'test', baseURL: `${api.url}/v1`, maxRetries: 0 });

// glue:start
const port = gf.serveToAgent(session);
const tools = port.tools({ format: 'openai-responses' });
const instructions = port.turnContext({ format: 'openai-responses' }).system;
let input = [{ role: 'user', content: 'Add a note saying milk.' }];
let response;
for (let turn = 0; turn < 8; turn++) {
  response = await client.responses.create({ model: 'stand-in', instructions, input, tools, previous_response_id: response?.id ?? null });
  const calls = response.output.filter((item) => item.type === 'function_call');
  if (!calls.length) break;
  input = [...calls.map((call) => port.answer(call, { format: 'openai-responses' })), port.turnContext({ format: 'openai-responses' }).facts];
}
// glue:end

await api.close();
if (notes.join() !== 'milk') throw new Error(`the note was not added: ${JSON.stringify(notes)}`);
if (!response.output_text.startsWith('Added')) throw new Error('the loop did not end in text');
if (new Set(log.map((l) => l.instructions)).size !== 1) throw new Error('the instructions changed between turns');
if (!log.at(-1).last.content.includes('The app\'s record')) throw new Error('the record was not the last input item');
console.log(`openai-responses: ${log.length} requests, note added; glue lines: ${glueLines(fs.readFileSync(new URL(import.meta.url), 'utf8'))}`);
