// SvelteKit's ambient types for the demo (no locals, page data or platform of its own).
declare global {
  namespace App {}
}

export {};
