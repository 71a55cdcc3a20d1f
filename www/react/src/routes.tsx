// The route table React Router renders and the graph reads (fromReactRouter in app.ts): one pathless
// layout (the app beside the chat widget) around the wizard's three pages and a not-found page. Each
// route's `id` is its page id in the session, `handle.does` its caption.
import type { RouteObject } from 'react-router';
import { ROUTES } from '../../shared/graph';
import { Layout } from './Layout';
import { ProjectsPage, WizardPage } from './pages';
import { ReviewPage } from './ReviewPage';

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { id: 'projects', path: ROUTES.projects.route, handle: { does: ROUTES.projects.does }, element: <ProjectsPage /> },
      { id: 'wizard', path: ROUTES.wizard.route, handle: { does: ROUTES.wizard.does }, element: <WizardPage /> },
      { id: 'review', path: ROUTES.review.route, handle: { does: ROUTES.review.does }, element: <ReviewPage /> },
      { id: 'not-found', path: '*', handle: { does: 'a page this app does not have' }, element: <p>No page here.</p> },
    ],
  },
];
