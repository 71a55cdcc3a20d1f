// The graph: pages from the App Router's folders (fromNextRoutes), actions declared on them. Built at
// module scope, as an app author writes it.
import { buildNavigationGraph, fromNextRoutes } from "groundfacts";

export const graph = buildNavigationGraph("notes", {
  sources: [fromNextRoutes({ home: "/", notes: "/notes", note: "/notes/[id]" })],
  pages: {
    home: {
      does: "the start page",
      actions: { "open-notes": { does: "Open the list of notes", input: "none", goTo: "notes" } },
    },
    notes: {
      does: "the list of notes",
      actions: { add: { does: "Add a note", input: "none"} },
    },
  },
});
