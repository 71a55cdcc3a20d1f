// The compose pane's own action, shared by the React and the Svelte pane: `<page>.send` is declared
// when the pane mounts and exists only while it is open. Close it and the action leaves every tool
// list at once, but history keeps the caption ("Send the message") each row captured when minted.

import type { AgentHost, Session } from './host';

/** The id the pane's action has on `page`. */
export function sendActionId(page: string): string {
  return `${page}.send`;
}

/** What the pane registers on mount: the `send` declaration and its handler. */
export function composeActions(onSent: (text: string) => void): Parameters<Session['registerActions']>[1] {
  return {
    actions: {
      send: {
        does: 'Send the message',
        input: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      },
    },
    handlers: {
      send: (input: unknown) => {
        const value = typeof input === 'object' && input !== null ? (input as { text?: unknown }).text : undefined;
        onSent(typeof value === 'string' ? value : '');
        return { sent: true };
      },
    },
  };
}

/** The pane's Send button: the person fires `<page>.send` through the session. */
export function sendNote(demo: AgentHost, page: string, text: string): void {
  demo.act(sendActionId(page), { text });
}
