/**
 * `nlqMcpServer(options)`: the gateway as an MCP server (the official TypeScript SDK's `Server`),
 * for any transport: stdio (`nlq mcp`), streamable HTTP (`/mcp` on `nlq serve`, mcpHttpHandler),
 * or one the host wires itself.
 *
 * Tools are GraphQL operations (tools.ts) run through the host's Apollo Server with
 * `executeOperation`, so a tool call is a GraphQL request in everything but its transport: the
 * same variable validation (BAD_USER_INPUT), the same permissions hook given the context the host
 * builds from the MCP request's headers, the same limits, plugins and `formatError`.
 */
import type { ApolloServer, BaseContext } from '@apollo/server';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { buildSchema, Kind, parse, type OperationDefinitionNode } from 'graphql';
import { typeDefs } from '../schema/type-defs.js';
import { operationInputSchema, operationOutputSchema } from './json-schema.js';
import { TOOL_OPERATIONS, type ToolOperation } from './tools.js';

/** What the host's context function is told about an MCP request. */
export interface McpRequestInfo {
  /** The HTTP headers of the request (lower-case names); empty over stdio, which has none. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

export interface NlqMcpOptions<TContext extends BaseContext = BaseContext> {
  /**
   * The started Apollo Server that serves the gateway: `nlq.typeDefs` and `nlq.resolvers` in its
   * schema, `nlq.plugin` among its plugins. Every tool call runs through it.
   */
  readonly apollo: ApolloServer<TContext>;
  /**
   * The GraphQL context of one tool call, built from the MCP request as the host's own `context`
   * function builds it from an HTTP request (the caller's identity from its headers); the
   * permissions hook receives it. An error it throws fails the call with that error's message
   * and `extensions.code`. Default: an empty context.
   */
  readonly context?: (request: McpRequestInfo) => TContext | Promise<TContext>;
  /** The server name agents see. Default: `nlq-gateway`. */
  readonly name?: string;
  /** The server version agents see. Default: `0.1.0`. */
  readonly version?: string;
}

interface PreparedTool {
  readonly tool: Tool;
  readonly operation: ToolOperation;
}

let prepared: ReadonlyMap<string, PreparedTool> | undefined;

/** The tools with their schemas, derived once from the contract (the operations never change). */
function tools(): ReadonlyMap<string, PreparedTool> {
  if (prepared) return prepared;
  const schema = buildSchema(typeDefs);
  prepared = new Map(
    TOOL_OPERATIONS.map((operation) => {
      const definition = parse(operation.operation).definitions[0] as OperationDefinitionNode;
      if (definition.kind !== Kind.OPERATION_DEFINITION) throw new Error(`tool ${operation.name} is not an operation`);
      const tool: Tool = {
        name: operation.name,
        title: operation.title,
        description: operation.description,
        inputSchema: operationInputSchema(schema, definition) as Tool['inputSchema'],
        outputSchema: operationOutputSchema(schema, definition) as Tool['outputSchema'],
        annotations: { title: operation.title, readOnlyHint: operation.readOnly, destructiveHint: operation.destructive, openWorldHint: false },
      };
      return [operation.name, { tool, operation }];
    }),
  );
  return prepared;
}

/** A failed call as the agent reads it: the GraphQL errors (message, extensions.code) as JSON text. */
function toolError(errors: readonly unknown[]): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: JSON.stringify({ errors }) }] };
}

/** An error thrown by the context function, shaped as a GraphQL error (its code kept when it has one). */
function contextError(error: unknown): unknown {
  const extensions = (error as { extensions?: { code?: unknown } } | null)?.extensions;
  const code = typeof extensions?.code === 'string' ? extensions.code : 'INTERNAL_SERVER_ERROR';
  return { message: error instanceof Error ? error.message : 'the request context could not be built', extensions: { code } };
}

/** A new MCP server for one connection (stdio) or one request (stateless HTTP). */
export function nlqMcpServer<TContext extends BaseContext = BaseContext>(options: NlqMcpOptions<TContext>): Server {
  const server = new Server({ name: options.name ?? 'nlq-gateway', version: options.version ?? '0.1.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [...tools().values()].map((entry) => entry.tool) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const entry = tools().get(request.params.name);
    if (!entry) throw new McpError(ErrorCode.InvalidParams, `unknown tool '${request.params.name}'`);
    // GraphQL ignores variables an operation does not declare; a tool refuses arguments it does not take.
    const args = request.params.arguments ?? {};
    const unknown = Object.keys(args).find((name) => !(name in (entry.tool.inputSchema.properties ?? {})));
    if (unknown !== undefined) {
      return toolError([{ message: `tool ${entry.tool.name} takes no argument '${unknown}'`, extensions: { code: 'BAD_USER_INPUT', argumentName: unknown } }]);
    }
    let contextValue: TContext;
    try {
      contextValue = options.context ? await options.context({ headers: extra.requestInfo?.headers ?? {} }) : ({} as TContext);
    } catch (error) {
      return toolError([contextError(error)]);
    }
    const response = await options.apollo.executeOperation({ query: entry.operation.operation, variables: args }, { contextValue });
    if (response.body.kind !== 'single') return toolError([{ message: 'incremental delivery is not supported', extensions: { code: 'BAD_REQUEST' } }]);
    const { data, errors } = response.body.singleResult;
    if (errors?.length || !data) return toolError(errors ?? []);
    return { content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data };
  });
  return server;
}
