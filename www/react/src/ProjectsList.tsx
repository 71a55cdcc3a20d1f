// The Projects list's rows (www/shared/project-rows.ts): one ProjectRow per project, each registering
// its own instance and its own handlers with useActions — mapping rows to components is all a list
// does, and unmounting a row takes its instance out of the session (docs/session.md §34).
import { useActions } from 'groundfacts/react';
import { useSyncExternalStore } from 'react';
import { rowMarks } from '../../shared/project-rows';
import { clickRow } from '../../shared/row-click';
import type { Project } from '../../shared/store';
import { useAppSession } from './session';

function ProjectRow({ project }: { project: Project }) {
  const session = useAppSession();
  const marks = useSyncExternalStore(rowMarks.subscribe, rowMarks.get);
  useActions(
    'projects',
    {
      instance: { id: project.id, label: project.name },
      handlers: { star: () => rowMarks.star(project.id), archive: () => rowMarks.archive(project.id) },
    },
    [project.id],
  );
  const starred = marks.starred.includes(project.id);
  const archived = marks.archived.includes(project.id);
  return (
    <li data-testid={`row-${project.id}`}>
      <code>{project.id}</code> {project.name} <span className="muted">({project.recipe})</span>
      {starred ? ' ★' : ''}
      {archived ? <span className="muted"> (archived)</span> : null}{' '}
      <button type="button" data-testid={`star-${project.id}`} onClick={() => clickRow(session, 'projects.star', project.id)}>
        Star
      </button>{' '}
      <button type="button" data-testid={`archive-${project.id}`} disabled={archived} onClick={() => clickRow(session, 'projects.archive', project.id)}>
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
