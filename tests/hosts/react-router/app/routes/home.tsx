import { Link } from "react-router";
import type { Route } from "./+types/home";
import { Facts } from "../facts";
import { notesGraph } from "../graph";

export function meta() {
  return [{ title: "groundfacts on React Router" }];
}

// On the server: the package's Node entry inside the SSR bundle renders a fresh session's facts block
// and frees it.
export async function loader() {
  const groundfacts = await import("groundfacts");
  const session = groundfacts.createSession(notesGraph(groundfacts), undefined, { node: "home" });
  try {
    return { facts: session.groundTruth().text };
  } finally {
    session.free();
  }
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <h1>Home</h1>
      <Link to="/notes">Notes</Link>
      <Facts />
      <pre id="server-facts">{loaderData.facts}</pre>
    </main>
  );
}
