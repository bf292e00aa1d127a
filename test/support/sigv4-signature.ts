import { createHash, createHmac } from 'node:crypto';

/** The secret access key the hand-signed calls' tests sign with (AWS's documentation's example). */
export const EXAMPLE_SECRET_ACCESS_KEY = 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY';

/**
 * The SigV4 signature of a request to a service signed in us-east-1, computed here from AWS's
 * description ("Create a signed AWS API request": canonical request, string to sign, signing
 * key), to check the signer was given what is sent.
 */
export function independentSignature(method: string, url: URL, headers: Readonly<Record<string, string>>, body: string, service: string): string {
  const signedHeaders = /SignedHeaders=([^,]+)/.exec(headers.authorization ?? '')![1]!.split(';');
  const all: Record<string, string> = { ...headers, host: url.host };
  const hash = (text: string) => createHash('sha256').update(text).digest('hex');
  const canonical = [method, url.pathname, '', ...signedHeaders.map((name) => `${name}:${all[name]!.trim()}`), '', signedHeaders.join(';'), hash(body)].join('\n');
  const date = headers['x-amz-date']!;
  const scope = `${date.slice(0, 8)}/us-east-1/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', date, scope, hash(canonical)].join('\n');
  const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();
  const key = ['us-east-1', service, 'aws4_request'].reduce((previous, part) => hmac(previous, part), hmac(`AWS4${EXAMPLE_SECRET_ACCESS_KEY}`, date.slice(0, 8)));
  return createHmac('sha256', key).update(toSign).digest('hex');
}
