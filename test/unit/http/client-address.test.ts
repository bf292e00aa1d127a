import { describe, expect, it } from '@jest/globals';
import { ipIdentity } from '../../../lambdas/intake/client-keys.js';
import { clientAddress, viewerIp } from '../../../lambdas/http/client-address.js';
import { httpEvent } from '../../support/events.js';
import { FRONT_DOOR, FRONT_DOOR_HEADER as SECRET } from '../../support/front-door-header.js';
const EDGE = '130.176.0.1';

function viaEdge(headers: Record<string, string>) {
  return httpEvent({ method: 'POST', sourceIp: EDGE, headers });
}

describe('clientAddress (docs/api.md §4): the viewer, only through the front door', () => {
  it.each([
    ['IPv4', '198.51.100.10:46532', '198.51.100.10'],
    ['IPv6, unbracketed, port after the last colon', '2001:db8::1:46532', '2001:db8::1'],
    ['IPv6 bracketed', '[2001:db8::7]:443', '2001:db8::7'],
    ['IPv4-mapped IPv6', '::ffff:198.51.100.7:1024', '::ffff:198.51.100.7'],
  ])('with the secret, takes the viewer address: %s', (_title, viewer, address) => {
    const event = viaEdge({ 'x-origin-verify': SECRET, 'cloudfront-viewer-address': viewer });
    expect(clientAddress(event, FRONT_DOOR)).toBe(address);
  });

  it('counts a mapped viewer as the IPv4 client and an IPv6 viewer per /64', () => {
    const mapped = viaEdge({ 'x-origin-verify': SECRET, 'cloudfront-viewer-address': '::ffff:198.51.100.7:1024' });
    const ipv6 = viaEdge({ 'x-origin-verify': SECRET, 'cloudfront-viewer-address': '2001:db8:1:2:3:4:5:6:443' });
    expect(ipIdentity(clientAddress(mapped, FRONT_DOOR))).toBe('198.51.100.7');
    expect(ipIdentity(clientAddress(ipv6, FRONT_DOOR))).toBe('2001:db8:1:2::/64');
  });

  it.each([
    ['no port', '198.51.100.10'],
    ['a port that is no number', '198.51.100.10:http'],
    ['no address', ':443'],
    ['a host name', 'example.com:443'],
    ['a list', '198.51.100.10:1, 192.0.2.1:2'],
  ])('with the secret, counts a malformed viewer address (%s) verbatim, never the edge', (_title, viewer) => {
    const event = viaEdge({ 'x-origin-verify': SECRET, 'cloudfront-viewer-address': viewer });
    expect(clientAddress(event, FRONT_DOOR)).toBe(viewer);
  });

  it('with the secret but no viewer address, falls back to the source address', () => {
    expect(clientAddress(viaEdge({ 'x-origin-verify': SECRET }), FRONT_DOOR)).toBe(EDGE);
  });

  it.each([
    ['no secret header', {}],
    ['a wrong secret', { 'x-origin-verify': 'guess' }],
    ['the secret with a byte more', { 'x-origin-verify': `${SECRET}x` }],
  ])('with %s, ignores the viewer address', (_title, headers: Record<string, string>) => {
    const event = viaEdge({ ...headers, 'cloudfront-viewer-address': '192.0.2.1:1' });
    expect(clientAddress(event, FRONT_DOOR)).toBe(EDGE);
  });

  it('with no front door configured, takes the source address whatever the headers say', () => {
    const event = viaEdge({ 'x-origin-verify': SECRET, 'cloudfront-viewer-address': '192.0.2.1:1', 'x-forwarded-for': '192.0.2.2' });
    expect(clientAddress(event, undefined)).toBe(EDGE);
  });

  it('never reads X-Forwarded-For', () => {
    const event = viaEdge({ 'x-origin-verify': SECRET, 'x-forwarded-for': '192.0.2.2' });
    expect(clientAddress(event, FRONT_DOOR)).toBe(EDGE);
  });
});

describe('viewerIp', () => {
  it('splits at the last colon', () => {
    expect(viewerIp('2001:db8::1:46532')).toBe('2001:db8::1');
    expect(viewerIp('198.51.100.10:46532')).toBe('198.51.100.10');
    expect(viewerIp('198.51.100.10')).toBeUndefined();
  });
});
