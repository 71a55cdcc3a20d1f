// The widget's live mode against a stand-in model answered by Playwright's route interception (no
// network): the request carries the facts block and `port.tools({ format })` (names that API accepts),
// the model's one tool call goes
// through `port.call` and lands in the facts, and the second request carries the re-read facts.
// Used by the app tests (react.test.mjs; svelte.test.mjs may use it with 'anthropic').

import assert from 'node:assert/strict';
import { assertNoErrors, openPage, waitForText } from './harness.mjs';

const MODEL_ENDPOINTS = {
  openai: 'https://api.openai.com/v1/chat/completions',
  anthropic: 'https://api.anthropic.com/v1/messages',
};

/** One tool call, then text, in the provider's own response shape. */
function fakeModel(provider, requests) {
  const toolName = 'wizard_journey_new-project';
  const args = { step: 'name-it', input: { name: 'Named by the model' } };
  return async (route) => {
    const request = route.request();
    requests.push({ headers: request.headers(), body: JSON.parse(request.postData() ?? '{}') });
    const first = requests.length === 1;
    let body;
    if (provider === 'openai') {
      body = first
        ? { choices: [{ message: { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: toolName, arguments: JSON.stringify(args) } }] } }] }
        : { choices: [{ message: { role: 'assistant', content: 'Named it; the facts block confirms it.' } }] };
    } else {
      body = first
        ? { content: [{ type: 'tool_use', id: 'toolu_1', name: toolName, input: args }], stop_reason: 'tool_use' }
        : { content: [{ type: 'text', text: 'Named it; the facts block confirms it.' }], stop_reason: 'end_turn' };
    }
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
  };
}

/** Sends one message to the stand-in model from the widget at `${base}/projects/new` and checks the round trip. */
export async function relayThroughAModel(context, base, provider) {
  const { page, errors, problems } = await openPage(context);
  const requests = [];
  await page.route(MODEL_ENDPOINTS[provider], fakeModel(provider, requests));
  await page.goto(`${base}/projects/new`);
  await waitForText(page, 'facts', 'No actions have been performed in this app this session.', problems);
  await page.getByTestId('live').locator('summary').click();
  await page.getByTestId('live-provider').selectOption(provider);
  await page.getByTestId('live-key').fill('test-key-not-real');
  await page.getByTestId('live-send').click();
  await waitForText(page, 'transcript', 'Named it; the facts block confirms it.', problems);
  await waitForText(page, 'facts', 'DID happen — agent fired wizard.name-it (committed; declared effect observed)', problems);
  await waitForText(page, 'transcript', 'wizard_journey_new-project', problems);

  assert.equal(requests.length, 2, `${provider}: one tool round, then the answer`);
  const [ask, answer] = requests;
  const toolNames = (ask.body.tools ?? []).map((tool) => tool.function?.name ?? tool.name);
  assert.ok(toolNames.includes('wizard_whats_here') && toolNames.includes('wizard_do_action'), toolNames.join());
  const system = provider === 'openai' ? ask.body.messages[0].content : ask.body.system;
  assert.ok(system.includes('FACTS FROM THE APP (authoritative).'), system);
  assert.ok(system.includes('No actions have been performed in this app this session.'), system);
  const secondSystem = provider === 'openai' ? answer.body.messages[0].content : answer.body.system;
  assert.ok(secondSystem.includes('DID happen — agent fired wizard.name-it'), 'facts are re-read for every request');
  if (provider === 'openai') {
    assert.equal(ask.headers.authorization, 'Bearer test-key-not-real');
    const toolMessage = answer.body.messages.find((message) => message.role === 'tool');
    assert.equal(toolMessage.tool_call_id, 'call_1');
    assert.equal(JSON.parse(toolMessage.content).ok, true);
  } else {
    assert.equal(ask.headers['x-api-key'], 'test-key-not-real');
    const results = answer.body.messages.at(-1).content;
    assert.equal(results[0].type, 'tool_result');
    assert.equal(JSON.parse(results[0].content).ok, true);
  }
  assertNoErrors(errors, `live mode (${provider})`);
  await page.close();
}
