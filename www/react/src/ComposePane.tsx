// A pane that DECLARES ITS OWN ACTION at mount: `<page>.send` exists only while it is open.
// Close it and the action leaves every tool list at once — but history keeps the caption
// ("Send the message") each row captured when it was minted.
import { useState } from 'react';
import type { Demo } from '../../shared/demo';
import { useRegisterActions } from './hooks';

export function ComposePane({ demo, page, onSent }: { demo: Demo; page: string; onSent: (text: string) => void }) {
  const [text, setText] = useState('');
  useRegisterActions(
    demo,
    page,
    () => ({
      actions: {
        send: {
          does: 'Send the message',
          input: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
        },
      },
      handlers: {
        send: (input: unknown) => {
          const value = typeof input === 'object' && input !== null ? (input as { text?: unknown }).text : undefined;
          const message = typeof value === 'string' ? value : '';
          onSent(message);
          return { sent: true };
        },
      },
    }),
    [],
  );
  return (
    <div className="compose" data-testid="compose-pane">
      <h3>Compose a note</h3>
      <textarea value={text} onChange={(event) => setText(event.target.value)} data-testid="compose-text" />
      <button
        type="button"
        data-testid="compose-send"
        onClick={() => {
          demo.act(`${page}.send`, { text });
          setText('');
        }}
      >
        Send
      </button>
      <span className="muted"> action id: <code>{page}.send</code></span>
    </div>
  );
}
