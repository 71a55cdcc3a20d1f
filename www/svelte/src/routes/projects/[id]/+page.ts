// A project's own page depends on the tab's projects, so it is not prerendered: the fallback page
// (adapter-static) serves it after a build, SSR renders its frame in dev and preview.
export const prerender = false;
