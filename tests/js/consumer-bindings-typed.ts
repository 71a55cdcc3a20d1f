// Typed graphs through the bindings (docs/graph.md §14): an app registers its graph once
// (`declare module 'groundfacts' { interface Register { graph: typeof graph } }`), and React's
// `useActions` / `useSession` and Svelte's `registerActions` / `attachActions` are typed by it. Each
// `@ts-expect-error` line is a bad case that must fail to compile. Its own program
// (tsconfig.typed-bindings.json, run by scripts/test.sh): the registration applies to the whole program.
import { buildNavigationGraph, fromRoutes, type ActionId } from 'groundfacts';
import { useAction, useActions, useSession } from 'groundfacts/react';
import { actionState, attachActions, registerActions } from 'groundfacts/svelte';

const graph = buildNavigationGraph('notes', {
  sources: [fromRoutes({ list: '/notes', editor: '/notes/new' }, { crossLinks: true })],
  pages: {
    editor: {
      actions: {
        save: { does: 'Save the note', input: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } },
        discard: { does: 'Discard the draft', input: 'none' },
      },
    },
  },
});

declare module 'groundfacts' {
  interface Register {
    graph: typeof graph;
  }
}

const ids: ActionId<typeof graph>[] = ['editor.save', 'editor.discard', 'go-to-list', 'go-to-editor'];
void ids;

export function Editor(): void {
  const session = useSession(); // null while the module loads (docs/loading.md)
  session?.fire('editor.save');
  // @ts-expect-error an action id the registered graph does not have
  session?.fire('editor.sav');
  useActions('editor', { handlers: { save: ({ text }) => text.trim(), discard: () => undefined } }, []);
  // @ts-expect-error an unknown action name on the page
  useActions('editor', { handlers: { publish: () => undefined } });
  // @ts-expect-error the input is { text: string }: there is no `body`
  useActions('editor', { handlers: { save: ({ body }) => body } });
  // @ts-expect-error a page the registered graph does not have
  useActions('settings', { handlers: {} });
  // The one door (docs/session.md §33): ids and inputs typed by the registered graph.
  const save = useAction('editor.save');
  save.run({ text: 'hello' });
  useAction('go-to-list').run();
  // @ts-expect-error an action id the registered graph does not have
  useAction('editor.sav');
  // @ts-expect-error the input is { text: string }: there is no `body`
  save.run({ body: 'hello' });
}

actionState(undefined, 'editor.discard').run();
// @ts-expect-error an action id the registered graph does not have
actionState(undefined, 'editor.publish');
// @ts-expect-error `text` is a string
actionState(undefined, 'editor.save').run({ text: 3 });

declare const element: Element;
registerActions(element, { session: undefined, page: 'editor', handlers: { save: ({ text }) => text.length } });
// @ts-expect-error an unknown action name on the page
registerActions(element, { session: undefined, page: 'editor', handlers: { publish: () => undefined } });
attachActions(undefined, 'editor', { handlers: { 'editor.save': ({ text }) => text } });
// @ts-expect-error `text` is a string
attachActions(undefined, 'editor', { handlers: { save: ({ text }) => text.toFixed() } });
