// FactsPanel.tsx — what the model is told to trust: the facts block, then the brief, re-rendered on
// every change of the session (useSyncExternalStore over session.subscribe; nothing polls).
import { useContextBrief, useGroundTruth } from 'groundfacts/react';

export function FactsPanel() {
  const facts = useGroundTruth();
  const brief = useContextBrief();
  return (
    <>
      <pre className="facts" data-testid="facts">{facts?.text}</pre>
      <pre className="brief" data-testid="brief">{brief?.text}</pre>
    </>
  );
}
