import { describe, expect, it } from '@jest/globals';
import { publishedParts } from '../../../bin/verify/published-parts.js';
import { configErrorOf } from '../../support/config-error.js';

/* What verify's readiness probes are judged by: the settings file, as synth or npm start reads it. */

const file = (settings: Record<string, unknown>) => ({ path: '/home/ada/site-settings.json', settings });

describe('publishedParts', () => {
  it('reads the parts turned off and the existing site from the settings file, as synth does, whatever the environment says', () => {
    expect(publishedParts(file({ siteOrigin: 'https://you.github.io', markdownPages: false }), { ROBOTS_TXT: 'false', SITE_DIR: '/build' }, false)).toEqual({
      existingSite: true,
      agents: expect.objectContaining({ robotsTxt: true, markdown: false, sitemap: true }),
    });
    expect(publishedParts(file({}), {}, false)).toEqual({ existingSite: false, agents: expect.objectContaining({ robotsTxt: true, markdown: true }) });
  });

  it('reads them for the preview as npm start does: a variable of the environment wins, and a SITE_DIR previews a build instead of siteOrigin', () => {
    expect(publishedParts(file({ siteOrigin: 'https://you.github.io', robotsTxt: true }), { ROBOTS_TXT: 'false', SITE_DIR: '/build' }, true)).toEqual({
      existingSite: false,
      agents: expect.objectContaining({ robotsTxt: false }),
    });
    expect(publishedParts(file({ siteOrigin: 'https://you.github.io' }), { SITE_DIR: '' }, true).existingSite).toBe(true);
  });

  it('stops on a settings file synth would stop on, naming the key', () => {
    expect(configErrorOf(() => publishedParts(file({ robotsTxtt: false }), {}, false)).message).toMatch(/robotsTxtt/);
  });
});
