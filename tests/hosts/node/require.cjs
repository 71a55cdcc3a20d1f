// `require('groundfacts')` from CommonJS. Prints a JSON report.
'use strict';
const gf = require('groundfacts');

const graph = gf.buildNavigationGraph('x', { sources: [gf.fromRoutes({ home: '/', about: '/about' })] });
const session = gf.createSession(graph, undefined, { node: 'about' });
let code;
try {
  gf.buildNavigationGraph('x', { pages: { a: { actions: { go: { does: 'Go', goTo: 'nowhere' } } } } });
} catch (err) {
  code = err instanceof gf.GraphValidationError ? err.code : 'not the exported class';
}
console.log(JSON.stringify({ exports: Object.keys(gf).sort(), line: session.groundTruth().text.split('\n')[1], code }));
