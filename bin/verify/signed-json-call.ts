import { SignatureV4 } from '@smithy/signature-v4';
import type { Fetch } from './http-probe.js';

type SignerInit = ConstructorParameters<typeof SignatureV4>[0];

/** What a hand-signed call needs: the SDK's credential chain and hash, as any of its clients resolves them, a fetch and a time limit. */
export interface SignedCallAccess {
  readonly credentials: SignerInit['credentials'];
  readonly sha256: SignerInit['sha256'];
  readonly fetch: Fetch;
  readonly timeoutMs: number;
  /** The SDK's environment, whose endpoint variables (configuredEndpoint) send the calls elsewhere. */
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** Where a service's model sends every call, and how it is signed. */
export interface ServiceEndpoint {
  readonly url: string;
  readonly signingName: string;
  readonly signingRegion: string;
}

/** An error answer of an AWS JSON protocol, named as the service names it (`AccessDeniedException`, `ResourceNotFoundException`, …). */
export class AwsJsonError extends Error {
  constructor(
    override readonly name: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The endpoint the SDK's configuration names for a service, as every client of the SDK reads it
 * ("Service-specific endpoints", AWS SDKs and Tools Reference Guide): `AWS_ENDPOINT_URL_<ID>`,
 * the service's id in capitals with `_` for spaces, else `AWS_ENDPOINT_URL`; undefined when
 * neither is set, for the model's own.
 */
export function configuredEndpoint(env: SignedCallAccess['env'], serviceId: string): string | undefined {
  return env[`AWS_ENDPOINT_URL_${serviceId.toUpperCase().replaceAll(' ', '_')}`] || env.AWS_ENDPOINT_URL || undefined;
}

/**
 * A POST of a JSON body to a path of `endpoint` (or of the one the SDK's configuration names), signed with the SDK's own signer (SigV4), for the
 * services the npm registry has no SDK client of; resolves to the answer's JSON, or throws an
 * AwsJsonError as restJson1 and awsJson1_0 name one: by the `X-Amzn-ErrorType` header, else the
 * body's `code` or `__type`, without a namespace (`…#`) or a suffix (`:…`). `serviceId` is the
 * model's (`FreeTier`), which also names it in an answer that is no JSON error.
 */
export function signedJsonCall(access: SignedCallAccess, endpoint: ServiceEndpoint, serviceId: string) {
  const base = configuredEndpoint(access.env, serviceId) ?? endpoint.url;
  const signer = new SignatureV4({ service: endpoint.signingName, region: endpoint.signingRegion, credentials: access.credentials, sha256: access.sha256 });
  return async (path: string, headers: Readonly<Record<string, string>>, body: string): Promise<unknown> => {
    const url = new URL(path, base);
    const signed = await signer.sign({ method: 'POST', protocol: url.protocol, hostname: url.hostname, path: url.pathname, query: {}, headers: { host: url.hostname, ...headers }, body });
    // fetch sets Host itself, to the same value.
    const { host: _host, ...sent } = signed.headers;
    const response = await access.fetch(url, { method: 'POST', headers: sent, body, redirect: 'error', signal: AbortSignal.timeout(access.timeoutMs) });
    const answer: unknown = await response.json().catch(() => undefined);
    if (!response.ok) throw errorOf(response, answer, serviceId);
    return answer;
  };
}

function errorOf(response: Response, answer: unknown, service: string): AwsJsonError {
  const fields = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : {};
  const named = response.headers.get('x-amzn-errortype') ?? [fields.code, fields.__type].find((value) => typeof value === 'string');
  const type = typeof named === 'string' ? named.split(':')[0]!.split('#').at(-1)! : '';
  const message = [fields.message, fields.Message].find((value) => typeof value === 'string');
  return new AwsJsonError(type === '' ? `HTTP${response.status}` : type, message ?? `${service} answered ${response.status}`);
}
