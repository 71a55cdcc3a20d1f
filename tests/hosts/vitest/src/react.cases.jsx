// The React Testing Library case, run under jsdom (react.jsdom.test.jsx) and happy-dom (react.happy-dom.test.jsx).
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { GroundfactsProvider } from 'groundfacts/react';
import { loadGroundfacts } from 'groundfacts/load';
import { graph } from './graph.js';
import { Notes } from './Notes.jsx';

afterEach(cleanup);

test('React: a component registers its action; a fire through the port shows in the facts block', async () => {
  let session = null;
  render(
    <GroundfactsProvider graph={graph}>
      <Notes onSession={(s) => { session = s; }} />
    </GroundfactsProvider>,
  );
  const gf = await loadGroundfacts();
  await screen.findByText(/You are on: list\./);
  expect(session).not.toBeNull();
  const port = gf.serveToAgent(session);
  let answer;
  act(() => {
    answer = port.call('notes.do_action', { action: 'add' });
  });
  expect(answer.ok).toBe(true);
  await screen.findByText('notes: 1');
  expect(screen.getByTestId('facts').textContent).toMatch(/agent fired list\.add/);
  port.free();
});
