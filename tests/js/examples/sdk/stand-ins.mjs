// Local stand-ins for the model APIs the SDK loops talk to (loopback HTTP, no network): each checks a
// request as the real API does — the ordering rules below answer 400 as the API would — and plays a
// scripted model: look (whats_here), act (do_action), then answer in text. They are test fixtures, not
// part of the package. Used by the loops beside this file (run by tests/sdk/examples.test.mjs).
import http from 'node:http';

const NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** Start a loopback server whose handler maps a JSON body to [status, JSON]; resolves its base URL. */
export async function listen(handle) {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      let status = 200;
      let out;
      try {
        [status, out] = handle(req.url ?? '', JSON.parse(body || '{}'));
      } catch (error) {
        [status, out] = [500, { error: { message: String(error) } }];
      }
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(out));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)), server };
}

const bad = (message) => [400, { error: { type: 'invalid_request_error', message } }];

/** The scripted model's next move from the tool names it was given and the turn number. */
function script(names, turn) {
  const find = (word) => names.find((n) => n.endsWith(word));
  if (turn === 0) return { tool: find('whats_here'), args: {} };
  if (turn === 1) return { tool: find('do_action'), args: { action: 'add', input: { text: 'milk' } } };
  return { text: 'Added the note; the record shows it ran.' };
}

/** OpenAI Chat Completions: nothing may stand between an assistant's tool_calls and their tool messages. */
export function openAiChat(log = []) {
  return listen((url, body) => {
    if (!url.endsWith('/chat/completions')) return [404, { error: { message: 'not found' } }];
    const names = (body.tools ?? []).map((t) => t.function?.name);
    if (names.some((n) => !NAME.test(n ?? ''))) return bad('tools[].function.name must match ^[a-zA-Z0-9_-]{1,64}$');
    const messages = body.messages ?? [];
    let open = [];
    for (const [i, m] of messages.entries()) {
      if (open.length && m.role !== 'tool') {
        return bad(`messages[${i}]: an assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. Missing: ${open.join(', ')}`);
      }
      if (m.role === 'tool') {
        if (!open.includes(m.tool_call_id)) return bad(`messages[${i}]: a 'tool' message must respond to a preceding 'tool_calls' id`);
        open = open.filter((id) => id !== m.tool_call_id);
      }
      if (m.role === 'assistant' && m.tool_calls) open = m.tool_calls.map((c) => c.id);
    }
    if (open.length) return bad(`tool calls without responses: ${open.join(', ')}`);
    const turn = messages.filter((m) => m.role === 'assistant').length;
    log.push({ api: 'chat', turn, last: messages.at(-1) });
    const move = script(names, turn);
    const message = move.text
      ? { role: 'assistant', content: move.text }
      : { role: 'assistant', content: null, tool_calls: [{ id: `call_${turn}`, type: 'function', function: { name: move.tool, arguments: JSON.stringify(move.args) } }] };
    return [200, {
      id: `chatcmpl-${turn}`, object: 'chat.completion', created: 0, model: body.model,
      choices: [{ index: 0, message, finish_reason: move.text ? 'stop' : 'tool_calls', logprobs: null }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    }];
  });
}

/** OpenAI Responses: every function_call_output answers a function_call; function tools carry `strict`. */
export function openAiResponses(log = []) {
  const calls = new Map(); // response id → call ids it made
  let n = 0;
  return listen((url, body) => {
    if (!url.endsWith('/responses')) return [404, { error: { message: 'not found' } }];
    for (const t of body.tools ?? []) {
      if (!NAME.test(t.name ?? '')) return bad('tools[].name must match ^[a-zA-Z0-9_-]{1,64}$');
      if (typeof t.strict !== 'boolean') return bad(`tools[].strict: a function tool must say whether it is strict`);
    }
    const input = Array.isArray(body.input) ? body.input : [{ role: 'user', content: body.input }];
    const known = new Set(body.previous_response_id ? (calls.get(body.previous_response_id) ?? []) : []);
    for (const item of input) if (item.type === 'function_call') known.add(item.call_id);
    for (const [i, item] of input.entries()) {
      if (item.type === 'function_call_output' && !known.has(item.call_id)) {
        return bad(`input[${i}]: No tool call found for function call output with call_id ${item.call_id}.`);
      }
    }
    const turn = n++;
    log.push({ api: 'responses', turn, last: input.at(-1), instructions: body.instructions });
    const move = script((body.tools ?? []).map((t) => t.name), turn);
    const id = `resp_${turn}`;
    const output = move.text
      ? [{ type: 'message', id: `msg_${turn}`, role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: move.text, annotations: [] }] }]
      : [{ type: 'function_call', id: `fc_${turn}`, call_id: `call_${turn}`, name: move.tool, arguments: JSON.stringify(move.args), status: 'completed' }];
    calls.set(id, output.filter((o) => o.type === 'function_call').map((o) => o.call_id));
    return [200, { id, object: 'response', created_at: 0, status: 'completed', model: body.model, output, usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 } }];
  });
}

/** Anthropic Messages: a user message answering tool_use blocks starts with their tool_result blocks. */
export function anthropicMessages(log = []) {
  return listen((url, body) => {
    if (!url.endsWith('/messages')) return [404, { error: { message: 'not found' } }];
    for (const t of body.tools ?? []) {
      if (!NAME.test(t.name ?? '')) return bad('tools.name: String should match pattern ^[a-zA-Z0-9_-]{1,64}$');
      if (t.input_schema?.type !== 'object') return bad('tools.input_schema.type: Input should be object');
    }
    const messages = body.messages ?? [];
    for (const [i, m] of messages.entries()) {
      const prev = messages[i - 1];
      const uses = prev?.role === 'assistant' && Array.isArray(prev.content) ? prev.content.filter((b) => b.type === 'tool_use').map((b) => b.id) : [];
      if (!uses.length) continue;
      const blocks = Array.isArray(m.content) ? m.content : [{ type: 'text', text: m.content }];
      const firstOther = blocks.findIndex((b) => b.type !== 'tool_result');
      const lastResult = blocks.findLastIndex((b) => b.type === 'tool_result');
      if (firstOther !== -1 && firstOther < lastResult) {
        return bad(`messages.${i}: tool_result blocks must come first in the user message that follows tool_use; a ${blocks[firstOther].type} block stands before them`);
      }
      const answered = blocks.filter((b) => b.type === 'tool_result').map((b) => b.tool_use_id);
      const missing = uses.filter((id) => !answered.includes(id));
      if (missing.length) return bad(`messages.${i}: tool_use ids were found without tool_result blocks immediately after: ${missing.join(', ')}`);
    }
    const turn = messages.filter((m) => m.role === 'assistant').length;
    log.push({ api: 'anthropic', turn, last: messages.at(-1), system: body.system });
    const move = script((body.tools ?? []).map((t) => t.name), turn);
    const content = move.text
      ? [{ type: 'text', text: move.text }]
      : [{ type: 'tool_use', id: `toolu_${turn}`, name: move.tool, input: move.args }];
    return [200, {
      id: `msg_${turn}`, type: 'message', role: 'assistant', model: body.model, content,
      stop_reason: move.text ? 'end_turn' : 'tool_use', stop_sequence: null,
      usage: { input_tokens: 1, output_tokens: 1 },
    }];
  });
}

/** The glue line count of an example: the lines between its `// glue:start` and `// glue:end` markers. */
export function glueLines(source) {
  const lines = source.split('\n');
  const start = lines.findIndex((l) => l.includes('// glue:start'));
  const end = lines.findIndex((l) => l.includes('// glue:end'));
  return lines.slice(start + 1, end).filter((l) => l.trim() && !l.trim().startsWith('//')).length;
}

/** The app every loop drives: one page with an `add` action that records a note. */
export function notesApp(gf) {
  const graph = gf.buildNavigationGraph('notes', {
    pages: { list: { actions: { add: { does: 'Add a note', input: { type: 'object', properties: { text: { type: 'string' } } } } } } },
  });
  const session = gf.createSession(graph);
  const notes = [];
  session.registerActions('list', { handlers: { add: (input) => { notes.push(input?.text); } } });
  return { session, notes };
}
