// The route table React Router renders: one layout (the app beside the chat widget) around the
// wizard's three pages. The page ids the session knows come from the graph (shared/graph.ts), which
// lists the same paths; `/` redirects to the wizard, where the seed's session starts.
import { Navigate, type RouteObject } from 'react-router';
import { ROUTES } from '../../shared/graph';
import { Layout } from './Layout';
import { ProjectsPage, ReviewPage, WizardPage } from './pages';

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <Navigate to={ROUTES.wizard.route} replace /> },
      { path: ROUTES.projects.route, element: <ProjectsPage /> },
      { path: ROUTES.wizard.route, element: <WizardPage /> },
      { path: ROUTES.review.route, element: <ReviewPage /> },
      { path: '*', element: <p>No page here.</p> },
    ],
  },
];
