// The app has no page at '/': the seed's session starts on the wizard.
import { redirect } from '@sveltejs/kit';

export function load(): never {
  redirect(307, '/projects/new');
}
