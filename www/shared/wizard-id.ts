// The wizard graph's id, the prefix of every tool name the scripted agent calls. A module of its own so
// the agent, the widget and the relay import nothing from the package at run time (both demos share them).
export const GRAPH_ID = 'wizard';
