// adapter-node with SSR on (SvelteKit's default); nothing here is about groundfacts.
import adapter from '@sveltejs/adapter-node';

export default { kit: { adapter: adapter() } };
