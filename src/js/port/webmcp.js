// WebMCP registration for `exposeToWebMCP` (src/js/port/mod.rs): offers an AgentPort's tools to an agent
// through a page's model context (`document.modelContext`, or the older `navigator.modelContext`).
// Rust builds the descriptors (names, descriptions, schemas, read-only hints); this module adds the
// `execute` functions, registers them, and returns the function that takes them all back.
// Works with both registration styles in use: an AbortSignal option (the current draft) and a
// returned `{ unregister() }` handle or `unregisterTool(name)` (earlier drafts).

/** The page's model context, or undefined when the browser (or a polyfill) offers none. */
export function findModelContext() {
  const doc = globalThis.document;
  if (doc && doc.modelContext) return doc.modelContext;
  const nav = globalThis.navigator;
  if (nav && nav.modelContext) return nav.modelContext;
  return undefined;
}

/**
 * Registers `tools` on `context`, each executing `port.call(name, input)`. Returns a function that
 * unregisters every one of them (idempotent) and carries `ready`: a promise that settles when the
 * context has accepted (or refused) every registration.
 */
export function registerPortTools(context, tools, port) {
  const controller = typeof AbortController === 'function' ? new AbortController() : undefined;
  const handles = [];
  const waits = [];
  let closed = false;
  const unregister = () => {
    if (closed) return;
    closed = true;
    if (controller) controller.abort();
    for (const handle of handles) {
      try { handle.unregister(); } catch { /* already gone */ }
    }
    if (typeof context.unregisterTool === 'function') {
      for (const tool of tools) {
        try { context.unregisterTool(tool.name); } catch { /* already gone */ }
      }
    }
  };
  try {
    for (const tool of tools) {
      const descriptor = {
        name: tool.name,
        description: tool.description,
        inputSchema: tool.inputSchema,
        annotations: tool.annotations,
        execute: (input) => port.call(tool.name, input == null ? {} : input),
      };
      const outcome = context.registerTool(descriptor, controller ? { signal: controller.signal } : undefined);
      if (outcome && typeof outcome.unregister === 'function') handles.push(outcome);
      if (outcome && typeof outcome.then === 'function') waits.push(outcome);
    }
  } catch (error) {
    unregister();
    throw error;
  }
  // One refused registration takes the others back too: an agent never sees half the port.
  const ready = Promise.all(waits).then(() => undefined, (error) => { unregister(); throw error; });
  ready.catch(() => { /* the caller may await `ready`; unawaited, a refusal is not an unhandled rejection */ });
  unregister.ready = ready;
  return unregister;
}
