/**
 * MCP over streamable HTTP, stateless: every POST gets its own MCP server and transport (the SDK's
 * stateless pattern), answered as one JSON response. Nothing is kept between requests, so any
 * number of gateway processes can serve `/mcp` behind a load balancer. GET (a server-to-client
 * event stream) and DELETE (ending a session) have no meaning without sessions: 405.
 */
import type { BaseContext } from '@apollo/server';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { nlqMcpServer, type NlqMcpOptions } from './server.js';

/** Handles one HTTP request to the MCP endpoint; `body` is the JSON body when already read. */
export type McpHttpHandler = (request: IncomingMessage, response: ServerResponse, body?: unknown) => Promise<void>;

/**
 * A handler for an MCP endpoint on the host's HTTP server (any framework that gives Node's
 * request and response): `app.all('/mcp', (req, res) => handler(req, res, req.body))`.
 */
export function mcpHttpHandler<TContext extends BaseContext = BaseContext>(options: NlqMcpOptions<TContext>): McpHttpHandler {
  return async (request, response, body) => {
    if (request.method !== 'POST') {
      response.statusCode = 405;
      response.setHeader('allow', 'POST');
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this MCP endpoint is stateless, POST only' }, id: null }));
      return;
    }
    const server = nlqMcpServer(options);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    response.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request, response, body);
  };
}
