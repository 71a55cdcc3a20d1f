// A minimal client-side router over the History API.
//
// `push` is what the session is given as `navigate`: a claimed hop really moves the URL, and the
// next-to-review verify predicate asks `path()` whether it did. Both apps render from `path()`.

export interface HistoryRouter {
  path(): string;
  push(href: string): void;
  replace(href: string): void;
  subscribe(listener: () => void): () => void;
}

export function createHistoryRouter(): HistoryRouter {
  const listeners = new Set<() => void>();
  const notify = (): void => {
    for (const listener of [...listeners]) listener();
  };
  window.addEventListener('popstate', notify);

  return {
    path: () => window.location.pathname,
    push(href) {
      if (href === window.location.pathname) return;
      window.history.pushState(null, '', href);
      notify();
    },
    replace(href) {
      window.history.replaceState(null, '', href);
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
