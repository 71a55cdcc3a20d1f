// Runs every SDK loop under tests/js/examples/sdk/ (each against its local stand-in) and checks each
// ended well and printed its glue line count; then shows the stand-ins refuse what the real APIs
// refuse, so a loop that misplaced the record would fail here.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { anthropicMessages, openAiChat } from '../js/examples/sdk/stand-ins.mjs';

const dir = fileURLToPath(new URL('../js/examples/sdk/', import.meta.url));
for (const loop of ['openai-chat', 'openai-responses', 'anthropic', 'ai-sdk', 'mcp-loop']) {
  test(`the ${loop} loop runs against its stand-in`, () => {
    const run = spawnSync(process.execPath, [`${dir}${loop}.mjs`], { encoding: 'utf8', timeout: 60_000 });
    assert.equal(run.status, 0, run.stderr || run.stdout);
    assert.match(run.stdout, new RegExp(`^${loop}: .*glue lines: \\d+$`, 'm'));
    process.stdout.write(`# ${run.stdout.trim()}\n`);
  });
}

const post = async (url, body) => {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return res.status;
};

test('the Anthropic stand-in refuses a text block before tool_result (as the API does)', async () => {
  const api = await anthropicMessages();
  const use = { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'g_why', input: {} }] };
  const result = { type: 'tool_result', tool_use_id: 't1', content: '{}' };
  const text = { type: 'text', text: 'facts' };
  assert.equal(await post(`${api.url}/v1/messages`, { messages: [{ role: 'user', content: 'hi' }, use, { role: 'user', content: [text, result] }] }), 400);
  assert.equal(await post(`${api.url}/v1/messages`, { messages: [{ role: 'user', content: 'hi' }, use, { role: 'user', content: [result, text] }] }), 200);
  await api.close();
});

test('the Chat stand-in refuses a message between tool_calls and their tool messages (as the API does)', async () => {
  const api = await openAiChat();
  const calls = { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'g_why', arguments: '{}' } }] };
  const tool = { role: 'tool', tool_call_id: 'c1', content: '{}' };
  const facts = { role: 'user', content: 'facts' };
  assert.equal(await post(`${api.url}/v1/chat/completions`, { messages: [{ role: 'user', content: 'hi' }, calls, facts, tool] }), 400);
  assert.equal(await post(`${api.url}/v1/chat/completions`, { messages: [{ role: 'user', content: 'hi' }, calls, tool, facts] }), 200);
  await api.close();
});
