// The route table, written as the plain entries index() and route() return (a type-only import of
// @react-router/dev), so the app's own code can read it without bundling @react-router/dev.
import type { RouteConfig } from "@react-router/dev/routes";

export default [
  { index: true, file: "routes/home.tsx" },
  { path: "notes", file: "routes/notes.tsx" },
] satisfies RouteConfig;
