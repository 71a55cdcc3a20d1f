// The app: the provider over a recipe graph, an editor page that registers its save handler and wires
// its button as the person's door (useAction), and the facts block read through useGroundTruth().
// It imports groundfacts/react and nothing else from the package.
import { useState } from 'react';
import { GroundfactsProvider, useAction, useActions, useGroundTruth, useGroundfactsStatus, useSession } from 'groundfacts/react';
import { graph } from './graph.js';

function Editor() {
  const session = useSession();
  const [count, setCount] = useState(0);
  useActions(
    'editor',
    {
      handlers: {
        save: () => {
          setCount(count + 1);
          session.updateState({ 'notes.count': count + 1 });
        },
      },
    },
    [session, count],
  );
  const save = useAction('editor.save');
  return (
    <section>
      <button type="button" data-testid="save" {...save.props} disabled={!save.enabled} onClick={() => save.run()}>
        Save
      </button>
      <p data-testid="count">notes: {count}</p>
    </section>
  );
}

function Facts() {
  const status = useGroundfactsStatus();
  const facts = useGroundTruth();
  return (
    <section>
      <p data-testid="status">{status}</p>
      <pre data-testid="facts">{facts === null ? '' : facts.text}</pre>
    </section>
  );
}

export function App() {
  return (
    <GroundfactsProvider graph={graph} options={{ node: 'editor', state: { 'notes.count': 0 } }}>
      <Editor />
      <Facts />
    </GroundfactsProvider>
  );
}
