import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/**
 * The SDK's `Transport` for one HTTP request of a stateless server: it hands the server the one
 * message the request carried and keeps the one the server sends back. The SDK's own Streamable
 * HTTP transports read a fetch `Request` or Node's `IncomingMessage`, neither of which a Lambda
 * event is, and building a `Request` loads Node's bundled undici, some 50 ms of a cold start here.
 */
export class OneMessageTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: () => void;
  onerror?: (error: Error) => void;

  private answered: (message: JSONRPCMessage) => void = () => undefined;
  /** What the server sent back: the response to the request it was handed. */
  readonly answer = new Promise<JSONRPCMessage>((resolve) => {
    this.answered = resolve;
  });

  async start(): Promise<void> {}

  async send(message: JSONRPCMessage): Promise<void> {
    this.answered(message);
  }

  async close(): Promise<void> {
    this.onclose?.();
  }

  /** Hands the server the request's message. */
  deliver(message: JSONRPCMessage): void {
    this.onmessage?.(message);
  }
}
