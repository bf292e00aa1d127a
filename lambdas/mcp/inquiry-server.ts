import { Protocol } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  InitializeRequestSchema,
  ListToolsRequestSchema,
  McpError,
  RequestSchema,
  type CallToolResult,
  type ServerNotification,
  type ServerRequest,
  type ServerResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { MCP_PROTOCOL_VERSIONS } from '../inquiry/mcp-server.js';

/** What the server says of itself, and its one tool. */
export interface InquiryServerOptions {
  readonly serverInfo: { readonly name: string; readonly title: string; readonly version: string };
  /** How to use the server, for the agent's model (the `initialize` answer's `instructions`). */
  readonly instructions: string;
  readonly tool: Tool;
  /** Runs the tool with the call's arguments. */
  readonly callTool: (args: Readonly<Record<string, unknown>>) => Promise<CallToolResult>;
}

/** How much of an unknown tool's name the error repeats: enough to recognise it, never a whole body's worth. */
const MAX_ECHOED_NAME = 64;

/** The request schemas the server answers, by what `setRequestHandler` reads of them: the method. */
type AnsweredRequestSchema = typeof InitializeRequestSchema | typeof ListToolsRequestSchema | typeof CallToolRequestSchema;

/**
 * The MCP server of the inquiry (docs/api.md §17) on the SDK's `Protocol`, the base of its own
 * `Server`: `Protocol` frames JSON-RPC, routes by method and answers `ping` and unknown methods.
 * Not `Server`, which imports an Ajv JSON Schema validator (Ajv and ajv-formats: some 130 KiB and
 * 30 ms of a cold start) for checking what a client answers to elicitation, and this server never
 * asks a client anything; and it negotiates only the revisions this endpoint speaks.
 */
export class InquiryServer extends Protocol<ServerRequest, ServerNotification, ServerResult> {
  constructor(options: InquiryServerOptions) {
    super();
    this.answer(InitializeRequestSchema, async (request) => ({
      protocolVersion: negotiatedVersion(request.params.protocolVersion),
      capabilities: { tools: {} },
      serverInfo: options.serverInfo,
      instructions: options.instructions,
    }));
    this.answer(ListToolsRequestSchema, async () => ({ tools: [options.tool] }));
    this.answer(CallToolRequestSchema, async (request, sent) => {
      if (request.params.name !== options.tool.name) {
        throw new McpError(ErrorCode.InvalidParams, `There is no tool ${JSON.stringify(request.params.name.slice(0, MAX_ECHOED_NAME))}; the one tool is ${options.tool.name}.`);
      }
      // The arguments as sent, once the schema found them an object: the schema's copy drops a
      // `__proto__` member, which the contact endpoint's validation names as an unknown field.
      return options.callTool((sent.params?.arguments ?? {}) as Readonly<Record<string, unknown>>);
    });
  }

  /**
   * Answers a method. `setRequestHandler` reads a request with the schema it is given and fails
   * with JSON-RPC's "internal error" when it does not fit; registered under the base request
   * schema, a request whose params do not fit is told "invalid params" (-32602), naming them.
   */
  private answer<S extends AnsweredRequestSchema>(
    schema: S,
    handle: (request: ReturnType<S['parse']>, sent: { readonly params?: Readonly<Record<string, unknown>> }) => Promise<ServerResult>,
  ): void {
    this.setRequestHandler(RequestSchema.extend({ method: schema.shape.method }), async (request) => {
      const read = schema.safeParse(request);
      if (!read.success) {
        const issues = read.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
        throw new McpError(ErrorCode.InvalidParams, `Invalid params of ${request.method}: ${issues.join('; ')}`);
      }
      return handle(read.data as ReturnType<S['parse']>, request);
    });
  }

  // The server sends no requests and no notifications, and answers only the methods above.
  protected assertCapabilityForMethod(): void {}
  protected assertNotificationCapability(): void {}
  protected assertRequestHandlerCapability(): void {}
  protected assertTaskCapability(): void {}
  protected assertTaskHandlerCapability(): void {}
}

/** The client's revision when the endpoint speaks it, else the newest it speaks: the client then decides. */
function negotiatedVersion(requested: string): string {
  return (MCP_PROTOCOL_VERSIONS as readonly string[]).includes(requested) ? requested : MCP_PROTOCOL_VERSIONS[0];
}
