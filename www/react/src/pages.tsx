// The Projects list and the wizard's first step (the review step, with its tabs, is ReviewPage.tsx).
// A page that owns actions binds the store's functions by reference with useActions (registered on
// mount, unregistered on unmount); its buttons are the person's door (useAction), so a person's clicks
// run the same handlers as the agent's and are on the same record, each row naming its principal.
import { useAction, useActions } from 'groundfacts/react';
import { useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { ROUTES } from '../../shared/graph';
import { RECIPES, type ProjectsState } from '../../shared/store';
import { ProjectsList } from './ProjectsList';
import { store } from './store';

/** The app's own store (not the session): re-render when it notifies. */
function useProjects(): ProjectsState {
  return useSyncExternalStore(store.subscribe, store.get);
}

export function ProjectsPage() {
  const { projects } = useProjects();
  return (
    <div>
      <h2>Projects</h2>
      {projects.length === 0 ? (
        <p className="muted">No projects yet.</p>
      ) : (
        <ProjectsList projects={projects} />
      )}
      <Link to={ROUTES.wizard.route} data-testid="new-project">
        New project
      </Link>
    </div>
  );
}

export function WizardPage() {
  const { draftName, draftRecipe } = useProjects();
  const [name, setName] = useState(draftName);
  const [recipe, setRecipe] = useState(draftRecipe || RECIPES[0] || '');
  const nameIt = useAction('wizard.name-it');
  const pickRecipe = useAction('wizard.pick-recipe');
  const next = useAction('wizard.next-to-review');
  useActions('wizard', { handlers: { 'name-it': store.nameIt, 'pick-recipe': store.pickRecipe } });
  // next-to-review is in no handler map: it materialises through navigate (the router's navigate).
  return (
    <div>
      <h2>New project</h2>
      <label>
        Name <input value={name} onChange={(event) => setName(event.target.value)} data-testid="name-input" />
      </label>
      <button type="button" data-testid="name-it" {...nameIt.props} onClick={() => nameIt.run({ name })}>
        Name it
      </button>
      {draftName !== '' && (
        <p>
          <label>
            Recipe{' '}
            <select value={recipe} onChange={(event) => setRecipe(event.target.value)} data-testid="recipe-select">
              {RECIPES.map((id) => (
                <option key={id}>{id}</option>
              ))}
            </select>
          </label>
          <button type="button" data-testid="pick-recipe" {...pickRecipe.props} onClick={() => pickRecipe.run({ recipe })}>
            Pick recipe
          </button>
        </p>
      )}
      <p className="muted">
        Draft: {draftName || '(unnamed)'} · {draftRecipe || '(no recipe)'}
      </p>
      <button type="button" data-testid="next" disabled={draftRecipe === ''} {...next.props} onClick={() => next.run()}>
        Next: review
      </button>
    </div>
  );
}
