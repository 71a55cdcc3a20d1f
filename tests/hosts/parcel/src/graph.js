// The graph as a recipe (the package README, "React": `graph` also takes any recipe
// `(gf) => gf.buildNavigationGraph(…)`): the provider builds it once the module is loaded, so nothing
// here imports the `groundfacts` entry, whose top-level `await` Parcel's dev bundles cannot run.
export const graph = (gf) =>
  gf.buildNavigationGraph('notes', {
    sources: [gf.fromRoutes({ editor: '/notes/new' })],
    pages: {
      editor: {
        actions: {
          save: { does: 'Save the note', input: 'none', writes: ['notes.count'], verify: { 'notes.count': { gt: 0 } } },
        },
      },
    },
  });
