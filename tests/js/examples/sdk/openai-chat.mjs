// An OpenAI Chat Completions tool loop over a groundfacts port (the `openai` SDK), run against the
// local stand-in. The glue between the markers is all an app writes; the stand-in refuses a request
// that puts anything between an assistant's tool_calls and their tool messages.
import fs from 'node:fs';
import OpenAI from 'openai';
import * as gf from 'groundfacts';
import { glueLines, notesApp, openAiChat } from './stand-ins.mjs';

const log = [];
const api = await openAiChat(log);
const { session, notes } = notesApp(gf);
const client = new OpenAI({ apiKey: 'test', baseURL: `${api.url}/v1`, maxRetries: 0 });

// glue:start
const port = gf.serveToAgent(session);
const tools = port.tools({ format: 'openai' });
const messages = [{ role: 'system', content: port.turnContext({ format: 'openai' }).system }, { role: 'user', content: 'Add a note saying milk.' }];
for (let turn = 0; turn < 8; turn++) {
  const completion = await client.chat.completions.create({ model: 'stand-in', messages, tools });
  const message = completion.choices[0].message;
  messages.push(message);
  if (!message.tool_calls?.length) break;
  for (const call of message.tool_calls) messages.push(port.answer(call, { format: 'openai' }));
  messages.push(port.turnContext({ format: 'openai' }).facts); // the record, last
}
// glue:end

await api.close();
const final = messages.at(-1);
if (notes.join() !== 'milk') throw new Error(`the note was not added: ${JSON.stringify(notes)}`);
if (typeof final.content !== 'string' || !final.content.startsWith('Added')) throw new Error('the loop did not end in text');
const last = log.at(-1).last;
if (last.role !== 'user' || !last.content.includes('The app\'s record')) throw new Error('the record was not the last message');
console.log(`openai-chat: ${log.length} requests, note added; glue lines: ${glueLines(fs.readFileSync(new URL(import.meta.url), 'utf8'))}`);
