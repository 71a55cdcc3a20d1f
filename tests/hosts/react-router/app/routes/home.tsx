import { Link } from "react-router";
import { Agent, Facts } from "../facts";

export function meta() {
  return [{ title: "groundfacts on React Router" }];
}

export default function Home() {
  return (
    <main>
      <h1>Home</h1>
      <Link to="/notes">Notes</Link>
      <Agent />
      <Facts />
    </main>
  );
}
