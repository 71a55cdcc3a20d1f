// The @testing-library/svelte case (svelteTesting()), run under jsdom and happy-dom.
import { render, screen } from '@testing-library/svelte';
import { flushSync } from 'svelte';
import { expect, test } from 'vitest';
import { loadGroundfacts } from 'groundfacts/load';
import Notes from './Notes.svelte';

test('Svelte: a component registers its action; a fire through the port shows in the facts block', async () => {
  let session = null;
  render(Notes, { onSession: (s) => { session = s; } });
  const gf = await loadGroundfacts();
  await screen.findByText(/You are on: list\./);
  expect(session).not.toBeNull();
  const port = gf.serveToAgent(session);
  const answer = port.call('notes.do_action', { action: 'add' });
  flushSync();
  expect(answer.ok).toBe(true);
  await screen.findByText('notes: 1');
  expect(screen.getByTestId('facts').textContent).toMatch(/agent fired list\.add/);
  port.free();
});
