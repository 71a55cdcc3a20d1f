// A component that does not use groundfacts: it must render and answer clicks while the wasm loads.
import { useState } from 'react';

export default function Plain() {
  const [clicks, setClicks] = useState(0);
  return (
    <button type="button" data-testid="plain" onClick={() => setClicks((n) => n + 1)}>
      plain clicks: {clicks}
    </button>
  );
}
