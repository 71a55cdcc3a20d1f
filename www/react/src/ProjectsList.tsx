// The Projects list's rows (www/shared/project-rows.ts): one ProjectRow per project, each registering
// its own instance and its own handlers with useActions — mapping rows to components is all a list
// does, and unmounting a row takes its instance out of the session (docs/session.md §34). Its buttons
// are the person's door for that row (useAction with the row's instance, docs/session.md §33).
import { useAction, useActions } from 'groundfacts/react';
import { useSyncExternalStore } from 'react';
import { rowMarks } from '../../shared/project-rows';
import type { Project } from '../../shared/store';

function ProjectRow({ project }: { project: Project }) {
  const marks = useSyncExternalStore(rowMarks.subscribe, rowMarks.get);
  useActions(
    'projects',
    {
      instance: { id: project.id, label: project.name },
      handlers: { star: () => rowMarks.star(project.id), archive: () => rowMarks.archive(project.id) },
    },
    [project.id],
  );
  const star = useAction('projects.star', { instance: project.id });
  const archive = useAction('projects.archive', { instance: project.id });
  const starred = marks.starred.includes(project.id);
  const archived = marks.archived.includes(project.id);
  return (
    <li data-testid={`row-${project.id}`}>
      <code>{project.id}</code> {project.name} <span className="muted">({project.recipe})</span>
      {starred ? ' ★' : ''}
      {archived ? <span className="muted"> (archived)</span> : null}{' '}
      <button type="button" data-testid={`star-${project.id}`} {...star.props} onClick={() => star.run()}>
        Star
      </button>{' '}
      <button type="button" data-testid={`archive-${project.id}`} disabled={archived} {...archive.props} onClick={() => archive.run()}>
        Archive
      </button>
    </li>
  );
}

export function ProjectsList({ projects }: { projects: readonly Project[] }) {
  return (
    <ul data-testid="project-list">
      {projects.map((project) => (
        <ProjectRow key={project.id} project={project} />
      ))}
    </ul>
  );
}
