// An Anthropic Messages tool loop over a groundfacts port (`@anthropic-ai/sdk`), run against the local
// stand-in, which refuses a text block placed before the tool_result blocks: the record goes at the
// end of the user message, the stable instruction in `system`.
import fs from 'node:fs';
import Anthropic from '@anthropic-ai/sdk';
import * as gf from 'groundfacts';
import { anthropicMessages, glueLines, notesApp } from './stand-ins.mjs';

const log = [];
const api = await anthropicMessages(log);
const { session, notes } = notesApp(gf);
const client = new Anthropic({ apiKey: 'test', baseURL: api.url, maxRetries: 0 });

// glue:start
const port = gf.serveToAgent(session);
const tools = port.tools({ format: 'anthropic' });
const system = port.turnContext({ format: 'anthropic' }).system;
const messages = [{ role: 'user', content: 'Add a note saying milk.' }];
let reply;
for (let turn = 0; turn < 8; turn++) {
  reply = await client.messages.create({ model: 'stand-in', max_tokens: 1024, system, tools, messages });
  messages.push({ role: 'assistant', content: reply.content });
  const uses = reply.content.filter((block) => block.type === 'tool_use');
  if (!uses.length) break;
  const results = uses.map((use) => port.answer(use, { format: 'anthropic' }));
  messages.push({ role: 'user', content: [...results, port.turnContext({ format: 'anthropic' }).facts] });
}
// glue:end

await api.close();
if (notes.join() !== 'milk') throw new Error(`the note was not added: ${JSON.stringify(notes)}`);
if (reply.content[0]?.type !== 'text') throw new Error('the loop did not end in text');
if (new Set(log.map((l) => l.system)).size !== 1) throw new Error('the system prompt changed between turns');
const last = log.at(-1).last.content;
if (last.at(-1).type !== 'text' || last[0].type !== 'tool_result') throw new Error('the record was not after the tool results');
console.log(`anthropic: ${log.length} requests, note added; glue lines: ${glueLines(fs.readFileSync(new URL(import.meta.url), 'utf8'))}`);
