// A React component that registers its action and shows the facts block (groundfacts/react).
import { useEffect, useState } from 'react';
import { useActions, useGroundTruth, useSession } from 'groundfacts/react';

export function Notes({ onSession }) {
  const session = useSession();
  const facts = useGroundTruth();
  const [count, setCount] = useState(0);
  useActions('list', { handlers: { add: () => setCount((n) => n + 1) } });
  useEffect(() => {
    if (session !== null) onSession(session);
  }, [session, onSession]);
  return (
    <>
      <p>notes: {count}</p>
      <pre data-testid="facts">{facts === null ? 'loading' : facts.text}</pre>
    </>
  );
}
