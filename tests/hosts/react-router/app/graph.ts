// The graph: pages from app/routes.ts's entries (fromReactRouter reads path / index / children and
// ignores `file`), actions declared on them. Built at module scope.
import { buildNavigationGraph, fromReactRouter } from "groundfacts";
import routes from "./routes";

export const graph = buildNavigationGraph("notes", {
  sources: [fromReactRouter(routes)],
  pages: {
    home: {
      does: "the start page",
      actions: { "open-notes": { does: "Open the list of notes", input: "none", goTo: "notes" } },
    },
    notes: { does: "the list of notes", actions: { add: { does: "Add a note", input: "none" } } },
  },
});
