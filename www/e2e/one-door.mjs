// One door per principal (docs/session.md §33, decision 38), as both demos show it on the Review
// page's Create button: the person's click went through the bindings' helper (useAction /
// use:groundfactsAction) and ran the store's createProject once, recorded as the person's; the agent's
// do_action of the same action runs the same handler once more, recorded as the agent's. The store's
// own count (`projects.count`, what its tap reports) counts the handler's runs. Used by react.test.mjs
// and svelte.test.mjs.
import assert from 'node:assert/strict';
import { waitForText } from './harness.mjs';

/** The Create button's rows by principal, and how many projects the app's store holds. */
function doors(page) {
  return page.evaluate(() => {
    const { session } = window.groundfactsDemo.host;
    return {
      rows: session
        .transitions()
        .filter((t) => t.cause.affordanceId === 'review.create-project')
        .map((t) => t.cause.principal),
      created: session.state()['projects.count'],
    };
  });
}

/** After exactly one person's click on Create: the agent fires the same control through the port. */
export async function agentAtTheSameControl(page, problems) {
  const create = page.getByTestId('create');
  assert.equal(await create.getAttribute('data-groundfacts-action'), 'review.create-project');
  assert.equal(await create.getAttribute('data-groundfacts-door'), 'helper', 'the helper marks its control for the sensor');
  const person = await doors(page);
  assert.deepEqual(person.rows, ['user'], 'one row for the person’s click, naming the person');
  // The agent's door: a high-effect action asks a person first (the demos enforce approval).
  const ask = await page.evaluate(() => window.groundfactsDemo.host.port.call('wizard.do_action', { action: 'create-project' }));
  if (ask.judgment === 'needs-confirm') {
    await page.evaluate((askId) => window.groundfactsDemo.host.session.approve(askId, { by: 'the e2e person' }), ask.askId);
  }
  const fired = await page.evaluate(() => window.groundfactsDemo.host.port.call('wizard.do_action', { action: 'create-project', confirm: true }));
  assert.equal(fired.ok, true, JSON.stringify(fired));
  await waitForText(page, 'facts', 'DID happen — agent fired review.create-project', problems);
  const both = await doors(page);
  assert.deepEqual(both.rows, ['user', 'agent'], 'the agent’s fire is the agent’s row');
  assert.equal(both.created, person.created + 1, 'the agent’s fire ran the same handler once');
}
