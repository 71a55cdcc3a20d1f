// `import 'groundfacts'` from an ES module, as a node app or a server does. Prints a JSON report.
import { createRequire } from 'node:module';
import * as gf from 'groundfacts';

const required = createRequire(import.meta.url)('groundfacts');
const graph = gf.buildNavigationGraph('x', { sources: [gf.fromRoutes({ home: '/', about: '/about' })] });
const session = gf.createSession(graph, undefined, { node: 'home' });
let code;
try {
  gf.buildNavigationGraph('x', { pages: { a: { actions: { go: { does: 'Go', goTo: 'nowhere' } } } } });
} catch (err) {
  code = err instanceof required.GraphValidationError ? err.code : 'not the required class';
}
console.log(
  JSON.stringify({
    exports: Object.keys(gf).sort(),
    line: session.groundTruth().text.split('\n')[1],
    // import and require in one process: the same functions and classes, so one wasm instance.
    sameInstance: gf.createSession === required.createSession && gf.Session === required.Session,
    code,
    // a session made through import is a session to the require side's functions.
    crossCall: required.serveToAgent(session).tools().length > 0,
  }),
);
