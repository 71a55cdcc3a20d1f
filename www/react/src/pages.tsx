// The wizard's three pages. Pages that own actions bind the store's functions by reference when
// they mount (useRegisterActions) and release them when they unmount; their buttons fire through
// the session as the person (`source: 'user'`), so a human's clicks are on the record too.
import { useState } from 'react';
import type { Demo } from '../../shared/demo';
import { ROUTES } from '../../shared/graph';
import { RECIPES } from '../../shared/store';
import { useProjects, useRegisterActions } from './hooks';

export function ProjectsPage({ demo }: { demo: Demo }) {
  const { projects } = useProjects(demo);
  return (
    <div>
      <h2>Projects</h2>
      {projects.length === 0 ? (
        <p className="muted">No projects yet.</p>
      ) : (
        <ul data-testid="project-list">
          {projects.map((project) => (
            <li key={project.id}>
              <code>{project.id}</code> {project.name} <span className="muted">({project.recipe})</span>
            </li>
          ))}
        </ul>
      )}
      <button type="button" onClick={() => demo.router.push(ROUTES.wizard.route)}>
        New project
      </button>
    </div>
  );
}

export function WizardPage({ demo }: { demo: Demo }) {
  const { draftName, draftRecipe } = useProjects(demo);
  const [name, setName] = useState(draftName);
  const [recipe, setRecipe] = useState(draftRecipe || RECIPES[0] || '');
  useRegisterActions(
    demo,
    'wizard',
    () => ({ handlers: { 'name-it': demo.store.nameIt, 'pick-recipe': demo.store.pickRecipe } }),
    [],
  );
  // next-to-review is in no handler map: it materialises through navigate (the router's push).
  return (
    <div>
      <h2>New project</h2>
      <label>
        Name <input value={name} onChange={(event) => setName(event.target.value)} data-testid="name-input" />
      </label>
      <button type="button" onClick={() => demo.act('wizard.name-it', { name })}>
        Name it
      </button>
      {draftName !== '' && (
        <p>
          <label>
            Recipe{' '}
            <select value={recipe} onChange={(event) => setRecipe(event.target.value)}>
              {RECIPES.map((id) => (
                <option key={id}>{id}</option>
              ))}
            </select>
          </label>
          <button type="button" onClick={() => demo.act('wizard.pick-recipe', { recipe })}>
            Pick recipe
          </button>
        </p>
      )}
      <p className="muted">
        Draft: {draftName || '(unnamed)'} · {draftRecipe || '(no recipe)'}
      </p>
      <button type="button" disabled={draftRecipe === ''} onClick={() => demo.act('wizard.next-to-review')}>
        Next: review
      </button>
    </div>
  );
}

export function ReviewPage({ demo }: { demo: Demo }) {
  const { draftName, draftRecipe, projects } = useProjects(demo);
  useRegisterActions(demo, 'review', () => ({ handlers: { 'create-project': demo.store.createProject } }), []);
  const last = projects[projects.length - 1];
  return (
    <div>
      <h2>Review</h2>
      <p>
        Name: <strong>{draftName || '(unnamed)'}</strong> · Recipe: <strong>{draftRecipe || '(none)'}</strong>
      </p>
      <button type="button" onClick={() => demo.act('review.create-project')}>
        Create project
      </button>
      {last && (
        <p data-testid="created">
          Created <code>{last.id}</code> — {last.name}
        </p>
      )}
    </div>
  );
}
