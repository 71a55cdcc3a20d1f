// The app's graph and the options its session is created with. The graph's pages come from the very
// route objects React Router renders (fromReactRouter); main.tsx makes the router from the same table.
import { fromReactRouter, type SessionOptions } from 'groundfacts';
import { buildWizardGraph, ROUTES } from '../../shared/graph';
import { routes } from './routes';
import { store, upload, warnings } from './store';

// The app has no page at '/', and the seed's session starts on the wizard (before the router exists).
if (window.location.pathname === '/') window.history.replaceState(null, '', ROUTES.wizard.route);

// next-to-review's verify asks where the app really is: the browser router's location is the
// address bar, which React Router writes before it renders.
export const graph = buildWizardGraph(() => window.location.pathname, fromReactRouter(routes, { crossLinks: true }));

export const sessionOptions: SessionOptions = {
  state: { ...store.projection(), ...upload.projection() },
  onWarn: (message) => {
    warnings.push(message);
    console.warn(`[groundfacts] ${message}`);
  },
  // The human's side of the gate is the point of the demo: an agent's high-effect fire must cite a
  // person's recorded yes.
  requireHumanApproval: true,
};
