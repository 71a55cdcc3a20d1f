// The start page: static, so `next build` prerenders it — its HTML holds the facts block.
import Link from "next/link";
import { Agent, Facts } from "./facts";

export default function Home() {
  return (
    <main>
      <h1>Home</h1>
      <Link href="/notes">Notes</Link>
      <Agent />
      <Facts />
    </main>
  );
}
