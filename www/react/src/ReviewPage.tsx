// ReviewPage.tsx — the Review step, in two tabs (the page's containers, www/shared/review.ts):
// - Summary: the seed's draft and its Create button (review.create-project).
// - Data: a pretend upload of the plate-reader export (review.upload) and the Submit it unlocks
//   (review.submit, greyed by the graph until `upload.done`).
// The page registers the three handlers in one group while it is mounted and keeps the Upload
// control busy, in the app's own words, while an upload runs (`group.setBusy`, through
// upload.bindBusy). Selecting a tab tells the session what is visible (`session.show('review.<tab>')`);
// focus moving into a tab's panel tells it where the reader is (`session.observeFocus(path)`), which the
// facts block shows as `Focus: <path>.` and whats_here as `lookingAt`. Its buttons are the person's
// door (useAction): a click runs the handler the agent's do_action runs, recorded as the person's.
import { useAction, useAvailable } from 'groundfacts/react';
import { useAppSession } from './session';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { REVIEW_TABS, TAB_LABELS, type ReviewTab } from '../../shared/review';
import type { ProjectsState } from '../../shared/store';
import { SUBMIT_ACTION, UPLOAD_ACTION, UPLOAD_FILE, type UploadState } from '../../shared/upload';
import { store, upload } from './store';

function useProjects(): ProjectsState {
  return useSyncExternalStore(store.subscribe, store.get);
}

function useUpload(): UploadState {
  return useSyncExternalStore(upload.subscribe, upload.get);
}

export function ReviewPage() {
  const session = useAppSession();
  const [tab, setTab] = useState<ReviewTab>('summary');

  useEffect(() => {
    const group = session.registerActions('review', {
      handlers: {
        'create-project': store.createProject,
        upload: () => upload.start(session),
        submit: () => upload.submit(session),
      },
    });
    const stopBusy = upload.bindBusy(group, 'upload');
    return () => {
      stopBusy();
      group.unregister();
    };
  }, [session]);

  const select = (next: ReviewTab) => {
    setTab(next);
    session.show(`review.${next}`);
  };
  // Focus entering the panel (a click on one of its controls, or Tab) is where the reader is now. A
  // report that changes nothing records nothing, so every focusin may report.
  const onPanelFocus = () => session.observeFocus(`review.${tab}`, { principal: 'user' });

  return (
    <div>
      <h2>Review</h2>
      <div role="tablist" className="tabs">
        {REVIEW_TABS.map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={id === tab}
            className={id === tab ? 'current' : undefined}
            data-testid={`tab-${id}`}
            onClick={() => select(id)}
          >
            {TAB_LABELS[id]}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="tab-panel" tabIndex={0} data-testid={`panel-${tab}`} onFocus={onPanelFocus}>
        {tab === 'summary' ? <SummaryTab /> : <DataTab />}
      </div>
    </div>
  );
}

function SummaryTab() {
  const create = useAction('review.create-project');
  const { draftName, draftRecipe, projects } = useProjects();
  const last = projects[projects.length - 1];
  return (
    <>
      <p>
        Name: <strong>{draftName || '(unnamed)'}</strong> · Recipe: <strong>{draftRecipe || '(none)'}</strong>
      </p>
      <button type="button" data-testid="create" {...create.props} onClick={() => create.run()}>
        Create project
      </button>
      {last && (
        <p data-testid="created">
          Created <code>{last.id}</code> — {last.name}
        </p>
      )}
    </>
  );
}

function DataTab() {
  const session = useAppSession();
  const { status, progress, submitted } = useUpload();
  const uploadNow = useAction(UPLOAD_ACTION);
  const submitNow = useAction(SUBMIT_ACTION);
  // Re-rendered on every session change: whether Submit is greyed, and what would switch it on, are
  // the session's answers (the same the model's whats_here row carries).
  const offered = (useAvailable()?.edges ?? []).find((edge) => edge.affordanceId === SUBMIT_ACTION);
  const greyed = offered?.enabled === false;
  const freedBy = greyed ? session.whatUnblocks(SUBMIT_ACTION) : [];
  return (
    <>
      <p>
        File: <code>{UPLOAD_FILE}</code>{' '}
        <button
          type="button"
          data-testid="upload"
          disabled={status !== 'idle'}
          {...uploadNow.props}
          onClick={() => uploadNow.run()}
        >
          Upload
        </button>
        <progress max={100} value={progress} data-testid="upload-progress" />{' '}
        <span className="muted" data-testid="upload-status">
          {status === 'uploading' ? upload.busyLabel() : status === 'done' ? 'Uploaded.' : 'Not uploaded yet.'}
        </span>
      </p>
      <p>
        <button type="button" data-testid="submit" disabled={greyed} {...submitNow.props} onClick={() => submitNow.run()}>
          Submit for QC
        </button>{' '}
        <span className="muted" data-testid="submit-why">
          {submitted
            ? 'Submitted.'
            : greyed
              ? `Greyed until ${freedBy
                  .map((row) => `${row.action} writes ${row.viaKeys.join(', ')}${row.running ? ' (running now)' : ''}`)
                  .join('; ')}.`
              : 'Ready.'}
        </span>
      </p>
    </>
  );
}
