// SvelteKit's ambient types for the demo (no locals, page data or platform of its own), and the test
// hook lib/host.ts sets in the browser.
import type { AgentHost } from '$shared/host';

declare global {
  namespace App {}
  interface Window {
    /** For the browser test and the console: the tab's agent host (its session and port). */
    groundfactsDemo?: { host: AgentHost };
  }
}

export {};
