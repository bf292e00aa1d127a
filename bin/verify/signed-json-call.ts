import { resolveEndpointConfig } from '@smithy/core/endpoints';
import { SignatureV4 } from '@smithy/signature-v4';
import type { Fetch } from './http-probe.js';

type SignerInit = ConstructorParameters<typeof SignatureV4>[0];

/** What a hand-signed call needs: the SDK's credential chain and hash, as any of its clients resolves them, a fetch and a time limit. */
export interface SignedCallAccess {
  readonly credentials: SignerInit['credentials'];
  readonly sha256: SignerInit['sha256'];
  readonly fetch: Fetch;
  readonly timeoutMs: number;
  /** The endpoint the SDK's configuration names for a service id, if any: sdkConfiguredEndpoint. */
  readonly configuredEndpoint: (serviceId: string) => Promise<string | undefined>;
}

/** Where a service's model sends every call, how it is signed, and its id (`sdkId`), which names its endpoint settings. */
export interface ServiceEndpoint {
  readonly url: string;
  readonly signingName: string;
  readonly signingRegion: string;
  readonly serviceId: string;
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
 * The endpoint the SDK's configuration names for a service, found as every client of the SDK finds
 * it (@smithy/core's resolveEndpointConfig, of which only the configured endpoint is read):
 * `AWS_ENDPOINT_URL_<ID>` (the id in capitals, `_` for spaces), `AWS_ENDPOINT_URL`, then the
 * profile's `services` section and `endpoint_url`; none when AWS_IGNORE_CONFIGURED_ENDPOINT_URLS
 * or the profile's `ignore_configured_endpoint_urls` says so.
 */
export async function sdkConfiguredEndpoint(serviceId: string): Promise<string | undefined> {
  const unused = () => {
    throw new Error('only the configured endpoint is read');
  };
  return resolveEndpointConfig({ serviceId, urlParser: unused, endpointProvider: unused }).serviceConfiguredEndpoint?.();
}

/** An answer worth one more try, as the SDK's standard retry strategy sees it: no answer, a throttle, or a fault of the service. */
function isTransient(error: unknown): boolean {
  if (!(error instanceof AwsJsonError)) return error instanceof TypeError;
  return error.name === 'ThrottlingException' || error.name === 'InternalServerException' || /^HTTP5\d\d$/.test(error.name);
}

/**
 * A POST of a JSON body to a path of the service, signed with the SDK's own signer (SigV4), for the
 * services the npm registry has no SDK client of; at the endpoint the SDK's configuration names
 * (its path kept), else the model's. Tried twice at most, as the SDK's clients are here
 * (AWS_CALL_LIMITS). Resolves to the answer's JSON, or throws an AwsJsonError as restJson1 and
 * awsJson1_0 name one: by the `X-Amzn-ErrorType` header (its first value), else the body's `code`
 * or `__type`, without a namespace (`…#`) or a suffix (`:…`).
 */
export function signedJsonCall(access: SignedCallAccess, endpoint: ServiceEndpoint) {
  const signer = new SignatureV4({ service: endpoint.signingName, region: endpoint.signingRegion, credentials: access.credentials, sha256: access.sha256 });
  // Looked up once, at the first call, as the SDK's clients keep theirs (resolveEndpointConfig's serviceConfiguredEndpoint).
  let base: Promise<string> | undefined;
  const once = async (path: string, headers: Readonly<Record<string, string>>, body: string): Promise<unknown> => {
    base ??= access.configuredEndpoint(endpoint.serviceId).then((configured) => configured ?? endpoint.url);
    const url = new URL(await base);
    url.pathname = url.pathname.replace(/\/$/, '') + path;
    const signed = await signer.sign({ method: 'POST', protocol: url.protocol, hostname: url.hostname, path: url.pathname, query: {}, headers: { host: url.host, ...headers }, body });
    // fetch sets Host itself, to the same value (the port with it, as signed).
    const { host: _host, ...sent } = signed.headers;
    const response = await access.fetch(url, { method: 'POST', headers: sent, body, redirect: 'error', signal: AbortSignal.timeout(access.timeoutMs) });
    const answer: unknown = await response.json().catch(() => undefined);
    if (!response.ok) throw errorOf(response, answer, endpoint.serviceId);
    return answer;
  };
  return async (path: string, headers: Readonly<Record<string, string>>, body: string): Promise<unknown> => {
    try {
      return await once(path, headers, body);
    } catch (error) {
      if (!isTransient(error)) throw error;
      return once(path, headers, body);
    }
  };
}

function errorOf(response: Response, answer: unknown, serviceId: string): AwsJsonError {
  const fields = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : {};
  const named = response.headers.get('x-amzn-errortype')?.split(',')[0] ?? [fields.code, fields.__type].find((value) => typeof value === 'string');
  const type = typeof named === 'string' ? named.split(':')[0]!.split('#').at(-1)!.trim() : '';
  const message = [fields.message, fields.Message].find((value) => typeof value === 'string');
  return new AwsJsonError(type === '' ? `HTTP${response.status}` : type, message ?? `${serviceId} answered ${response.status}`);
}
