// The app's frame: the header with the router's links, the current page (React Router's <Outlet>),
// the compose area, and the chat widget beside it. It also taps the store into the session, and tells
// a restored session of an upload the reload cut off (shared/upload.ts). The page
// id is the matched route's `id`, the same id the graph took from the route table. The demo's
// stylesheet (shared with the Svelte demo) is imported here, so main.tsx is the README's recipe as is.
import { useStoreTap } from 'groundfacts/react';
import { useAppSession } from './session';
import { useCallback, useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation, useMatches } from 'react-router';
import { ROUTES } from '../../shared/graph';
import { ChatWidget } from './ChatWidget';
import { ComposePane } from './ComposePane';
import { HostContext, useNewAgentHost } from './host';
import { store, upload } from './store';
import '../../shared/styles.css';

const NAV_LINKS = [
  [ROUTES.projects.route, 'Projects'],
  [ROUTES.wizard.route, 'New project'],
  [ROUTES.review.route, 'Review'],
] as const;

export function Layout() {
  const session = useAppSession();
  const host = useNewAgentHost();
  useStoreTap(store.subscribe, store.projection);
  // A restored session may hold an Upload fire whose upload died with the old page: say so.
  useEffect(() => upload.reportLostUploads(session), [session]);
  const { pathname } = useLocation();
  const page = useMatches().at(-1)?.id ?? pathname;
  const [composing, setComposing] = useState(false);
  const [notes, setNotes] = useState<string[]>([]);
  const onSent = useCallback((text: string) => setNotes((all) => [...all, text]), []);

  return (
    <HostContext.Provider value={host}>
      <div className="layout">
        <main className="app">
          <header>
            <strong>Lab projects</strong> <span className="framework">React</span>
            <nav>
              {NAV_LINKS.map(([href, label]) => (
                <NavLink key={href} to={href} end className={({ isActive }) => (isActive ? 'current' : undefined)}>
                  {label}
                </NavLink>
              ))}
            </nav>
            <span className="url" data-testid="app-path">{pathname}</span>
          </header>
          <section className="page" data-testid={`page-${page}`}>
            <Outlet />
          </section>
          <section className="compose-area">
            <button type="button" data-testid="compose-toggle" onClick={() => setComposing((open) => !open)}>
              {composing ? 'Close the note pane' : 'Compose a note'}
            </button>
            <span className="muted"> notes sent: {notes.length}</span>
            {composing && page in ROUTES && <ComposePane key={page} page={page} onSent={onSent} />}
          </section>
        </main>
        <ChatWidget />
      </div>
    </HostContext.Provider>
  );
}
