/**
 * The word each request's log line names its outcome with (docs/api.md §12), one list for every
 * handler: a reply can only carry one of these, and metrics.ts must say of each whether it is
 * worth a metric, so a new or misspelt word cannot silently lose a metric or its alarm.
 */
export type Outcome =
  /** A document, a page or an asset, as configured. */
  | 'served'
  | 'preflight_allowed'
  | 'preflight_refused'
  /** An inquiry stored for delivery: the 202. */
  | 'accepted'
  | 'validation_failed'
  | 'honeypot'
  | 'malformed_json'
  | 'payload_too_large'
  | 'unsupported_content_encoding'
  | 'unsupported_media_type'
  | 'rate_limited_ip'
  | 'rate_limited_email'
  | 'cross_site_refused'
  /** An MCP request whose Accept admits not both JSON and an event stream (docs/api.md §17). */
  | 'not_acceptable'
  /** An MCP body that is no single JSON-RPC request or notification the server takes: a batch, a response, bad params. */
  | 'invalid_request'
  /** An MCP request without an `MCP-Protocol-Version` the server speaks. */
  | 'unsupported_protocol_version'
  | 'counter_store_failed'
  | 'inquiry_store_failed'
  /** An answer given again for an `Idempotency-Key` (docs/api.md §11). */
  | 'replayed'
  | 'invalid_idempotency_key'
  | 'idempotency_key_reused'
  | 'request_in_progress'
  | 'idempotency_store_failed'
  /** A reserved agent-registration or OAuth route, refusing as docs/api.md §5 says. */
  | 'registration_refused'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'timed_out'
  | 'unexpected_error';
