import { describe, expect, it } from '@jest/globals';
import { readSiteSettings } from '../../../lambdas/config.js';
import { INQUIRY_RULES } from '../../../lambdas/inquiry/schema.js';
import { contactDescription } from '../../../lambdas/schema/contact-description.js';

describe('contactDescription (docs/api.md §3: GET {base}/api/contact)', () => {
  it('describes the endpoint with the default limits and the rules the server validates with, as a 2020-12 schema of its own URL', () => {
    const site = readSiteSettings({ BASE_URL: 'https://example.com', SITE_NAME: 'Ada’s workshop' });

    const document = contactDescription(site);

    expect(document).toEqual({
      name: 'contact',
      description: expect.stringMatching(/^[A-Z][^\n]*\.$/),
      method: 'POST',
      url: 'https://example.com/api/contact',
      contentType: 'application/json',
      authentication: 'none',
      rateLimits: [
        { scope: 'ip', limit: 5, windowSeconds: 3600 },
        { scope: 'email', limit: 3, windowSeconds: 3600 },
      ],
      idempotencyKey: { header: 'Idempotency-Key', required: false, rememberedSeconds: 86400, description: expect.any(String) },
      requestSchema: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        $id: 'https://example.com/api/contact',
        ...INQUIRY_RULES,
      },
    });
  });

  it('publishes the configured limits and {base}', () => {
    const site = readSiteSettings({ BASE_URL: 'http://localhost:3000', RATE_LIMIT_IP: '20', RATE_LIMIT_EMAIL: '2' });

    const document = contactDescription(site);

    expect(document.url).toBe('http://localhost:3000/api/contact');
    expect(document.requestSchema.$id).toBe('http://localhost:3000/api/contact');
    expect(document.rateLimits).toEqual([
      { scope: 'ip', limit: 20, windowSeconds: 3600 },
      { scope: 'email', limit: 2, windowSeconds: 3600 },
    ]);
  });
});
