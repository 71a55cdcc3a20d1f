// The graph: pages from app/routes.ts's entries (fromReactRouter reads path / index / children and
// ignores `file`), actions declared on them. A recipe the provider runs once the module is loaded
// (and the home route's loader runs on the server).
import type { GroundfactsModule } from "groundfacts/load";
import routes from "./routes";

export const notesGraph = (gf: GroundfactsModule) =>
  gf.buildNavigationGraph("notes", {
    sources: [gf.fromReactRouter(routes)],
    pages: {
      home: {
        does: "the start page",
        actions: { "open-notes": { does: "Open the list of notes", input: "none", goTo: "notes" } },
      },
      notes: { does: "the list of notes", actions: { add: { does: "Add a note", input: "none" } } },
    },
  });
