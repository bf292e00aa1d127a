import { describe, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EVERY_PART } from '../../../bin/verify/agent-readiness.js';
import { publishedParts } from '../../../bin/verify/published-parts.js';
import { ConfigError } from '../../../lambdas/config.js';

/* What verify's readiness probes are judged by: the settings file, as synth or npm start reads it. */

const file = (settings: Record<string, unknown>) => () => ({ path: '/home/ada/site-settings.json', settings });
const build = mkdtempSync(join(tmpdir(), 'build-'));

describe('publishedParts', () => {
  it('reads the parts turned off and the existing site from the settings file, as synth does, whatever the environment says', () => {
    expect(publishedParts(file({ siteOrigin: 'https://you.github.io', markdownPages: false }), { ROBOTS_TXT: 'false', SITE_DIR: build }, false)).toEqual({
      parts: { existingSite: true, agents: expect.objectContaining({ robotsTxt: true, markdown: false, sitemap: true }) },
    });
    expect(publishedParts(file({}), {}, false)).toEqual({ parts: EVERY_PART });
  });

  it('reads them for the preview as npm start does: a variable of the environment wins, and a SITE_DIR previews a build instead of siteOrigin', () => {
    expect(publishedParts(file({ siteOrigin: 'https://you.github.io', robotsTxt: true }), { ROBOTS_TXT: 'false', SITE_DIR: build }, true).parts).toEqual({
      existingSite: false,
      agents: expect.objectContaining({ robotsTxt: false }),
    });
    expect(publishedParts(file({ siteOrigin: 'https://you.github.io' }), { SITE_DIR: '' }, true).parts.existingSite).toBe(true);
  });

  it('stops no check on a settings file it cannot read: every part is taken as on, and a notice says why, in the file’s words', () => {
    expect(publishedParts(file({ robotsTxt: 'yes' }), {}, false)).toEqual({
      parts: EVERY_PART,
      notice: 'the agent probes are judged as if every part were on: your settings file could not be read (robotsTxt must be true or false, got "yes")',
    });
    const unreadable = () => {
      throw new ConfigError('/home/ada/site-settings.json must hold one JSON object of settings, as site-settings.example.json does');
    };
    expect(publishedParts(unreadable, {}, false).notice).toMatch(/could not be read \(\/home\/ada\/site-settings\.json must hold one JSON object/);
  });
});
