// The graph: pages from the App Router's folders (fromNextRoutes), actions declared on them. A
// recipe the provider runs once the module is loaded (and the server component runs at once).
import type { GroundfactsModule } from "groundfacts/load";

export const notesGraph = (gf: GroundfactsModule) =>
  gf.buildNavigationGraph("notes", {
    sources: [gf.fromNextRoutes({ home: "/", notes: "/notes", note: "/notes/[id]" })],
    pages: {
      home: {
        does: "the start page",
        actions: { "open-notes": { does: "Open the list of notes", input: "none", goTo: "notes" } },
      },
      notes: { does: "the list of notes", actions: { add: { does: "Add a note", input: "none" } } },
    },
  });
