// A pane that DECLARES ITS OWN ACTION at mount: `<page>.send` exists only while it is open.
// Close it and the action leaves every tool list at once — but history keeps the caption
// ("Send the message") each row captured when it was minted. The action lives in shared/compose.ts.
import { useState } from 'react';
import { composeActions, sendActionId, sendNote } from '../../shared/compose';
import type { Demo } from '../../shared/demo';
import { useRegisterActions } from './hooks';

export function ComposePane({ demo, page, onSent }: { demo: Demo; page: string; onSent: (text: string) => void }) {
  const [text, setText] = useState('');
  useRegisterActions(demo, page, () => composeActions(onSent), []);
  return (
    <div className="compose" data-testid="compose-pane">
      <h3>Compose a note</h3>
      <textarea value={text} onChange={(event) => setText(event.target.value)} data-testid="compose-text" />
      <button
        type="button"
        data-testid="compose-send"
        onClick={() => {
          sendNote(demo, page, text);
          setText('');
        }}
      >
        Send
      </button>
      <span className="muted"> action id: <code>{sendActionId(page)}</code></span>
    </div>
  );
}
