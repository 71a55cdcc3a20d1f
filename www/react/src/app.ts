// The app's singletons outside React: its store, the wizard graph and the options the session is
// created with. (main.tsx makes the router from the table in routes.tsx.)
import type { SessionOptions } from 'groundfacts';
import { buildWizardGraph } from '../../shared/graph';
import { createProjectsStore } from '../../shared/store';

export const store = createProjectsStore();

// next-to-review's verify asks where the app really is: the browser router's location is the
// address bar, which React Router writes before it renders.
export const graph = buildWizardGraph(() => window.location.pathname);

/** What onWarn said, newest last; the widget lists them. */
export const warnings: string[] = [];

export const sessionOptions: SessionOptions = {
  state: store.projection(),
  onWarn: (message) => {
    warnings.push(message);
    console.warn(`[groundfacts] ${message}`);
  },
  // The human's side of the gate is the point of the demo: an agent's high-effect fire must cite a
  // person's recorded yes.
  requireHumanApproval: true,
};
