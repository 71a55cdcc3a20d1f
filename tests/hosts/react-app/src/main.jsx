// The entry: a React root. The page is App (the provider's tree beside Plain, a component that never
// touches groundfacts); with ?without=1 it is Plain alone, with no groundfacts module loaded at all —
// the baseline of the throttled-hydration benchmark. Both are loaded the same way, so they compare.
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

const page = new URLSearchParams(location.search).has('without') ? import('./Plain.jsx') : import('./App.jsx');
page.then(({ default: Page }) => {
  createRoot(document.getElementById('root')).render(createElement(Page));
});
