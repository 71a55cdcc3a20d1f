// The package's types as an ES-module TypeScript file sees them under module nodenext ("node" → "import").
import { buildNavigationGraph, createSession, GraphValidationError, type Session } from 'groundfacts';

const graph = buildNavigationGraph('x', { pages: { home: {} } });
const session: Session = createSession(graph, undefined, { node: 'home' });
const text: string = session.groundTruth().text;
const isError: boolean = new Error(text) instanceof GraphValidationError;
export { isError };
