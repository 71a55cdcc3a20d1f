// The React demo: the guarded project wizard (left) and the chat widget on groundTruth (right).
import { useState } from 'react';
import { NAV_LINKS, pageForPath, type Demo } from '../../shared/demo';
import { ROUTES } from '../../shared/graph';
import { ChatWidget } from './ChatWidget';
import { ComposePane } from './ComposePane';
import { usePath } from './hooks';
import { ProjectsPage, ReviewPage, WizardPage } from './pages';

export function App({ demo }: { demo: Demo }) {
  const path = usePath(demo);
  const page = pageForPath(demo.graph, path);
  const [composing, setComposing] = useState(false);
  const [notes, setNotes] = useState<string[]>([]);

  const link = (href: string, label: string) => (
    <a
      key={href}
      href={href}
      className={path === href ? 'current' : undefined}
      onClick={(event) => {
        event.preventDefault();
        demo.router.push(href);
      }}
    >
      {label}
    </a>
  );

  return (
    <div className="layout">
      <main className="app">
        <header>
          <strong>Lab projects</strong> <span className="framework">React</span>
          <nav>{NAV_LINKS.map(([href, label]) => link(href, label))}</nav>
          <span className="url" data-testid="app-path">{path}</span>
        </header>
        <section className="page" data-testid={`page-${page}`}>
          {page === 'projects' && <ProjectsPage demo={demo} />}
          {page === 'wizard' && <WizardPage demo={demo} />}
          {page === 'review' && <ReviewPage demo={demo} />}
          {page !== 'projects' && page !== 'wizard' && page !== 'review' && <p>No page at {path}.</p>}
        </section>
        <section className="compose-area">
          <button type="button" data-testid="compose-toggle" onClick={() => setComposing((open) => !open)}>
            {composing ? 'Close the note pane' : 'Compose a note'}
          </button>
          <span className="muted"> notes sent: {notes.length}</span>
          {composing && page in ROUTES && (
            <ComposePane key={page} demo={demo} page={page} onSent={(text) => setNotes((all) => [...all, text])} />
          )}
        </section>
      </main>
      <ChatWidget demo={demo} />
    </div>
  );
}
