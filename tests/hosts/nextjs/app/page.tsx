// The start page: static, so `next build` prerenders it — its HTML holds the facts block (the server
// component's; the provider's session is made in the browser, after hydration).
import Link from "next/link";
import { Facts } from "./facts";
import { ServerFacts } from "./server-facts";

export default function Home() {
  return (
    <main>
      <h1>Home</h1>
      <Link href="/notes">Notes</Link>
      <Facts />
      <ServerFacts />
    </main>
  );
}
