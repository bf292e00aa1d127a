import { describe, expect, it } from '@jest/globals';
import { keyedRateKeys } from '../../../lambdas/intake/client-keys.js';
import { CONTACT_ENVIRONMENT } from '../../support/contact-environment.js';
import { jsonPostEvent, lambdaContext } from '../../support/events.js';
import { handlerUnderTest } from '../../support/handler-under-test.js';
import { FRONT_DOOR_DIGESTS, FRONT_DOOR_HEADER as SECRET } from '../../support/front-door-header.js';
import { mockedContactClients } from '../../support/mocked-contact-clients.js';

/* The contact Lambda behind the front door: ORIGIN_VERIFY_DIGESTS set, as the stack sets it. */

const EDGE = '130.176.0.1';
const { documents, counters } = mockedContactClients();
const handler = handlerUnderTest('contact', {
  ...CONTACT_ENVIRONMENT,
  ORIGIN_VERIFY_DIGESTS: FRONT_DOOR_DIGESTS,
});
const keys = keyedRateKeys(CONTACT_ENVIRONMENT.COUNTER_KEY_SECRET);
const INQUIRY = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'An analytical engine, please.' };

const ipKeys = () => counters().callsOf('increment', 'ip').map((slot) => slot.id);

describe('contact handler behind the front door (docs/api.md §4, §10)', () => {
  it('counts the viewer CloudFront names, not the edge it came from', async () => {
    const event = jsonPostEvent(INQUIRY, {
      sourceIp: EDGE,
      headers: { 'x-origin-verify': SECRET, 'cloudfront-viewer-address': '2001:db8:1:2::9:50123', 'x-forwarded-for': '192.0.2.1' },
    });

    const response = await handler(event, lambdaContext());

    expect(response.statusCode).toBe(202);
    expect(ipKeys()).toEqual([expect.stringContaining(keys.ip('2001:db8:1:2::1'))]);
  });

  it('refuses a request that went around the front door with 403, counting and storing nothing', async () => {
    const event = jsonPostEvent(INQUIRY, { headers: { 'cloudfront-viewer-address': '192.0.2.1:1' } });

    const response = await handler(event, lambdaContext());

    expect(response.statusCode).toBe(403);
    expect(JSON.parse(response.body ?? '')).toMatchObject({ code: 'forbidden' });
    expect(documents.calls()).toEqual([]);
  });
});
