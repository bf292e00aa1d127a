import { describe, expect, it } from '@jest/globals';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formPageDigest, NO_FILE, settingsDigest } from '../../../../lib/settings/settings-digest.js';
import { siteConfigOf, type SiteConfig } from '../../../../lib/settings/site-config.js';
import { ownerFormPage } from '../../../support/form-pages.js';
import { siteFolder } from '../../../support/site-folder.js';
import { MINIMAL_CONTEXT } from '../site-app.js';

/*
 * What a deployment was built from, as npm run publish compares it with the settings now
 * (docs/api.md §10): a change that needs a deploy changes a digest; what publishing files covers
 * (the site's folder and where it is on this machine) does not.
 */

const site = () => siteFolder({ 'thanks/index.html': 'thanks', 'contact/index.html': ownerFormPage() });
const digestOf = (settings: Record<string, unknown>) => settingsDigest(siteConfigOf({ ...MINIMAL_CONTEXT, ...settings }));

describe('the settings digest', () => {
  it('is the same for the same settings, whatever order they were written in and wherever the site’s folder is', () => {
    const [one, two] = [site(), site()];
    expect(digestOf({ siteDir: one, siteName: 'Ada', formSuccessPath: '/thanks/' })).toBe(digestOf({ formSuccessPath: '/thanks/', siteDir: two, siteName: 'Ada' }));
  });

  it.each<[string, Record<string, unknown>]>([
    ['a setting', { siteName: 'Ada Lovelace' }],
    ['a limit', { rateLimitIp: 6 }],
    ['the thank-you page', { formSuccessPath: '/thanks/' }],
    ['the spending alarm, in a stack of its own', { monthlyBudgetUsd: 10 }],
    ['a key rotation', { counterKeyRotation: '2026-12-01' }],
    ['the mails’ time zone', { timeZone: 'Europe/Berlin' }],
    ['the mails’ language', { mailLanguage: 'fr' }],
  ])('changes with %s', (_what, settings) => {
    const folder = site();
    expect(digestOf({ siteDir: folder, ...settings })).not.toBe(digestOf({ siteDir: folder }));
  });

  it('changes with the thank-you page the form page’s form names, which the functions are given at deploy as the setting’s', () => {
    const named = (successPath?: string) => siteFolder({ 'thanks/index.html': 'thanks', 'merci/index.html': 'merci', 'contact/index.html': ownerFormPage({ ...(successPath === undefined ? {} : { successPath }) }) });
    expect(digestOf({ siteDir: named('/thanks/') })).not.toBe(digestOf({ siteDir: named() }));
    expect(digestOf({ siteDir: named('/thanks/') })).not.toBe(digestOf({ siteDir: named('/merci/') }));
    expect(digestOf({ siteDir: named('/thanks/') })).toBe(digestOf({ siteDir: named(), formSuccessPath: '/thanks/' }));
  });

  it('is unchanged by the mails’ time zone and language while they are UTC and English, as versions before them mailed in', () => {
    const config = siteConfigOf(MINIMAL_CONTEXT);
    const { timeZone: _utc, mailLanguage: _english, ...withoutEither } = config;
    expect(settingsDigest(config)).toBe(settingsDigest(withoutEither as SiteConfig));
  });

  it('changes when the site’s pages move from a folder to an existing site', () => {
    expect(digestOf({ siteDir: site() })).not.toBe(digestOf({ siteOrigin: 'https://you.github.io' }));
  });
});

describe('the form page digest', () => {
  it('is the SHA-256 of the page’s bytes, and changes with them; none without a form page', () => {
    const folder = site();
    const page = siteConfigOf({ ...MINIMAL_CONTEXT, siteDir: folder }).formPage;
    const before = formPageDigest(page);
    expect(before).toMatch(/^[0-9a-f]{64}$/);
    writeFileSync(join(folder, 'contact/index.html'), ownerFormPage().replace('</form>', '<p>Replies within a day.</p></form>'));
    expect(formPageDigest(page)).not.toBe(before);
    expect(formPageDigest(undefined)).toBe(NO_FILE);
  });
});
