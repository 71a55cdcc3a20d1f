// main.tsx — the entry. React Router 7's data router drives the app; <GroundfactsProvider> owns the
// session: it gives the session `router.navigate` as its navigate and reports every location change
// with sync(page, { principal: 'user' }). `persist` keeps the session in sessionStorage, so a reload
// continues the record (the app's store keeps itself too: store.ts). StrictMode is on, so every
// component's registration also lives through React's extra unmount and remount in development.
import { GroundfactsProvider } from 'groundfacts/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { graph, sessionOptions } from './app';
import { routes } from './routes';

const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <GroundfactsProvider graph={graph} router={router} options={sessionOptions} persist="wizard">
      <RouterProvider router={router} />
    </GroundfactsProvider>
  </StrictMode>,
);
