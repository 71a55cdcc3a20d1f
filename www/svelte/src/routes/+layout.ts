// SSR stays on and every page that needs no browser state is prerendered at build time;
// /projects/[id] opts out (its +page.ts) and adapter-static's fallback page serves it.
export const prerender = true;
