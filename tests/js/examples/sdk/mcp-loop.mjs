// An MCP client/server loop: groundfacts/mcp serves the port over Streamable HTTP (a loopback server),
// and the SDK's own Client lists the tools and calls them as an agent host would. The glue between
// the markers is the server side an app writes; the client side stands in for the agent host.
import fs from 'node:fs';
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import * as gf from 'groundfacts';
import { mcpServer } from 'groundfacts/mcp';
import { glueLines, notesApp } from './stand-ins.mjs';

const { session, notes } = notesApp(gf);

// glue:start
const served = mcpServer(session, { name: 'notes' });
const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
await served.connect(transport);
const server = http.createServer((req, res) => transport.handleRequest(req, res));
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
// glue:end

const client = new Client({ name: 'agent-host', version: '1.0.0' });
await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${server.address().port}/mcp`)));
const { tools } = await client.listTools();
const name = (word) => tools.find((t) => t.name.endsWith(word)).name;
const look = await client.callTool({ name: name('whats_here'), arguments: {} });
if (!look.content[0].text.includes('Attempts so far') && !look.content[0].text.includes('Available now')) throw new Error('whats_here text is not the facts');
const act = await client.callTool({ name: name('do_action'), arguments: { action: 'add', input: { text: 'milk' } } });
const check = await client.callTool({ name: name('did_it_work'), arguments: { transitionId: act.structuredContent.transitionId } });
await client.close();
await served.close();
await new Promise((resolve) => server.close(resolve));
if (notes.join() !== 'milk' || check.structuredContent.settled !== true) throw new Error('the action did not run and settle');
console.log(`mcp-loop: ${tools.length} tools over Streamable HTTP, note added; glue lines: ${glueLines(fs.readFileSync(new URL(import.meta.url), 'utf8'))}`);
