// adapter-static with SSR on (SvelteKit's default); nothing here is about groundfacts.
import adapter from '@sveltejs/adapter-static';

export default { kit: { adapter: adapter() } };
