// ComposePane.tsx — a component that declares its own action while it is mounted: `<page>.send`
// exists only while the pane is open. Closed, the action leaves every tool list at once, and the
// facts block and the brief still name it with the caption each row captured when it was made. Its
// button is the person's door (useAction): a click runs the same handler the agent's do_action runs,
// once, and the row names the person.
import { useAction, useActions } from 'groundfacts/react';
import { useState } from 'react';

export function ComposePane({ page, onSent }: { page: string; onSent: (text: string) => void }) {
  const [text, setText] = useState('');
  const send = useAction(`${page}.send`);
  useActions(
    page,
    {
      actions: {
        send: {
          does: 'Send the message',
          input: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
        },
      },
      handlers: { send: (input: { text: string }) => onSent(input.text) },
    },
    [onSent],
  );
  return (
    <div className="compose" data-testid="compose-pane">
      <textarea value={text} onChange={(event) => setText(event.target.value)} data-testid="compose-text" />
      <button
        type="button"
        data-testid="compose-send"
        {...send.props}
        onClick={() => {
          send.run({ text }); // records nothing while the module loads
          setText('');
        }}
      >
        Send
      </button>
    </div>
  );
}
