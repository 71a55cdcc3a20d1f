"use client";
// The provider, wired to the App Router: useRouter().push is the session's navigate, usePathname()
// the location it starts on (server and browser) and reports every later change of.
import { GroundfactsProvider } from "groundfacts/react";
import { usePathname, useRouter } from "next/navigation";
import type { ReactNode } from "react";
import { notesGraph } from "./graph";

export function Groundfacts({ children }: { children: ReactNode }) {
  const router = useRouter();
  return (
    <GroundfactsProvider graph={notesGraph} navigate={router.push} location={usePathname()}>
      {children}
    </GroundfactsProvider>
  );
}
