/**
 * The largest body a reserved route reads (docs/api.md §5): a registration or a claim is a few
 * fields and at most one signed assertion, a JWT of a few KiB. A larger body is refused unparsed,
 * so that no body can spend the function's time (a deeply nested JSON text of megabytes takes
 * seconds to parse), and a real service inherits the same bound.
 */
export const RESERVED_MAX_BODY_BYTES = 16 * 1024;

/** A request to one of the reserved routes, as received: the service decides what it means. */
export interface ReservedRequest {
  readonly body: Uint8Array;
  readonly contentType: string | undefined;
  readonly query: URLSearchParams;
}

/** The OAuth and auth.md error codes a reserved route answers with (docs/api.md §5). */
export type RefusalCode =
  | 'invalid_request'
  | 'anonymous_not_enabled'
  | 'verified_email_not_enabled'
  | 'issuer_not_enabled'
  | 'invalid_claim_token'
  | 'unsupported_response_type'
  | 'unsupported_grant_type';

/** Why a request was not granted: an error code and one sentence for the agent's developer. */
export interface Refusal {
  readonly error: RefusalCode;
  readonly description: string;
}

/**
 * Agent registration (the auth.md profile) and the OAuth endpoints behind it. The routes and the
 * handler only pass requests through this interface, so a real implementation replaces the
 * disabled one without touching either; it would widen the results with its grants.
 */
export interface RegistrationService {
  /** `POST /agent/auth`: register an anonymous agent or one with an identity assertion. */
  register(request: ReservedRequest): Promise<Refusal>;
  /** `POST /agent/auth/claim`: bind a registration to a person with a claim token. */
  claim(request: ReservedRequest): Promise<Refusal>;
  /** `POST /agent/auth/revoke`: an assertion issuer revokes what it asserted. */
  revoke(request: ReservedRequest): Promise<Refusal>;
  /** `GET /oauth/authorize`. */
  authorize(request: ReservedRequest): Promise<Refusal>;
  /** `POST /oauth/token`. */
  token(request: ReservedRequest): Promise<Refusal>;
}
