// The scaffold's root, with the app wrapped in the groundfacts provider: React Router framework mode
// has no router object, so the provider takes useNavigate() as the session's navigate and
// useLocation().pathname as the page it starts on (server and browser) and reports.
import { GroundfactsProvider } from "groundfacts/react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useNavigate } from "react-router";
import type { Route } from "./+types/root";
import { Agent } from "./facts";
import { notesGraph } from "./graph";

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <GroundfactsProvider graph={notesGraph} navigate={useNavigate()} location={useLocation().pathname}>
      <Agent />
      <Outlet />
    </GroundfactsProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let message = "Oops!";
  let details = "An unexpected error occurred.";
  if (isRouteErrorResponse(error)) {
    message = error.status === 404 ? "404" : "Error";
    details = error.status === 404 ? "The requested page could not be found." : error.statusText || details;
  } else if (error instanceof Error) {
    details = error.message;
  }
  return (
    <main>
      <h1>{message}</h1>
      <p>{details}</p>
    </main>
  );
}
