import type { Metadata } from "next";
import "./globals.css";
import { Agent } from "./facts";
import { Groundfacts } from "./groundfacts";

// The scaffold's layout, with two changes: no next/font/google (CI has no network to fetch fonts),
// and the app wrapped in the groundfacts provider (a client component, rendered on the server too),
// with the agent's button above every page (its log outlives the move).
export const metadata: Metadata = {
  title: "groundfacts on Next.js",
  description: "A host fixture: the package as a Next.js App Router app uses it",
};

export default function RootLayout({ children }: LayoutProps<"/">) {
  return (
    <html lang="en">
      <body>
        <Groundfacts>
          <Agent />
          {children}
        </Groundfacts>
      </body>
    </html>
  );
}
