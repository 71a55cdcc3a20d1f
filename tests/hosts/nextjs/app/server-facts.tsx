// A server component: the package's Node entry inside Next's server bundle. It renders the facts
// block of a fresh session on the start page and frees it, so `next build` prerenders the block into
// the page's HTML.
import * as groundfacts from "groundfacts";
import { notesGraph } from "./graph";

export function ServerFacts() {
  const graph = notesGraph(groundfacts);
  const session = groundfacts.createSession(graph, undefined, { node: "home" });
  try {
    return <pre id="server-facts">{session.groundTruth().text}</pre>;
  } finally {
    session.free();
  }
}
