// The graph both components walk, written at module scope without calling into the module.
export const graph = (gf) =>
  gf.buildNavigationGraph('notes', {
    pages: { list: { actions: { add: { does: 'Add a note', input: 'none' } } } },
  });
