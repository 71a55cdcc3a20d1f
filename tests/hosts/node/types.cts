// The package's types as a CommonJS TypeScript file sees them under module nodenext ("node" → "require").
import gf = require('groundfacts');

const graph = gf.buildNavigationGraph('x', { pages: { home: {} } });
const session: gf.Session = gf.createSession(graph, undefined, { node: 'home' });
const text: string = session.groundTruth().text;
export = text;
