import { isIP } from 'node:net';
import { ORIGIN_VERIFY_HEADER, type OriginVerifier } from './origin-verify.js';
import type { HttpEvent } from './handler.js';

/** Where CloudFront names the viewer: its address and port (docs/api.md §4). */
export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';

/**
 * The client a request came from (docs/api.md §4): the viewer address the front door reports, on a
 * request that carries the front door's secret; otherwise the address the platform saw.
 * `X-Forwarded-For` is never read: its first entry is whatever the client wrote.
 */
export function clientAddress(event: HttpEvent, frontDoor: OriginVerifier | undefined): string {
  const sourceIp = event.requestContext.http.sourceIp;
  if (frontDoor === undefined || !frontDoor.accepts(event.headers?.[ORIGIN_VERIFY_HEADER])) {
    return sourceIp;
  }
  const viewer = event.headers?.[VIEWER_ADDRESS_HEADER];
  // CloudFront always sends it once asked to; without it only the edge's own address is known.
  if (viewer === undefined || viewer === '') return sourceIp;
  return viewerIp(viewer) ?? viewer;
}

/**
 * The address of `198.51.100.10:46532` or `2001:db8::1:46532` (IPv6 unbracketed, the port after the
 * last colon), or undefined when the value is no such pair. A malformed value is then counted
 * verbatim by the caller: a client of its own, never one that escapes its limit.
 */
export function viewerIp(value: string): string | undefined {
  const colon = value.lastIndexOf(':');
  if (colon < 0) return undefined;
  const host = value.slice(0, colon).replace(/^\[(.*)\]$/, '$1');
  const port = value.slice(colon + 1);
  if (!/^\d{1,5}$/.test(port) || isIP(host) === 0) return undefined;
  return host;
}
