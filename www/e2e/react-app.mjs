// What the React demo's browser tests share (react.test.mjs, react-persist.mjs): the seed's graded
// facts lines, the fresh block's sentence, opening a route on a fresh page, readers of the facts block
// (its version, its attempt lines, the block without versions) and a tool call through the demo's
// agent port. Uses harness.mjs.

import assert from 'node:assert/strict';
import { openPage, waitForText } from './harness.mjs';

// The seed's graded lines (guarded-journeys.md, "The facts block, at the end").
export const SEED = {
  greyed: "did NOT happen — agent's fire of wizard.next-to-review was refused: TOOL_DISABLED",
  named: 'DID happen — agent fired wizard.name-it (committed; declared effect observed)',
  badRecipe:
    "did NOT happen — agent fired wizard.pick-recipe (the app's own verify contract did not hold afterwards)",
  goodRecipe: 'DID happen — agent fired wizard.pick-recipe (committed; declared effect observed)',
  navigation:
    'ran, but the effect was unobservable — agent fired wizard.next-to-review (committed; nothing reported an effect to check it against)',
  created: 'DID happen — agent fired review.create-project (committed; declared effect observed)',
};
export const FRESH = 'No actions have been performed in this app this session.';

/** Opens `route` on a fresh page and waits for the app and its fresh facts block. */
export async function open(context, base, route) {
  const opened = await openPage(context);
  await opened.page.goto(`${base}${route}`);
  await waitForText(opened.page, 'facts', FRESH, opened.problems);
  return opened;
}

/** The facts block's "Attempts so far (version N):" line's N. */
export function versionIn(facts) {
  const found = /Attempts so far \(version (\d+)\):/.exec(facts);
  assert.ok(found, `no "Attempts so far (version N):" line in:\n${facts}`);
  return Number(found[1]);
}

/** The block's attempt lines ("  • …"), oldest first. */
export function attemptLines(facts) {
  return facts.split('\n').filter((line) => line.startsWith('  • '));
}

/** A tool call through the demo's agent port (the agent's side of the record). */
export function agentCall(page, name, args) {
  return page.evaluate(([tool, input]) => window.groundfactsDemo.host.port.call(tool, input), [name, args]);
}

/** The text with every "version N" made "version ?" (to compare what else a block says). */
export function withoutVersions(text) {
  return text.replace(/version \d+/g, 'version ?');
}
