import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deploymentSettings, moveSettingsLine, readSettingsFile, SETTINGS_EXAMPLE_FILE, SETTINGS_FILE, settingsInCdkJson } from '../../../../lib/settings/settings-file.js';
import { siteConfigOf } from '../../../../lib/settings/site-config.js';
import { configErrorOf } from '../../../support/config-error.js';
import { siteFolder } from '../../../support/site-folder.js';

/*
 * The owner's settings in a file of their own (docs/api.md §7): read by the CDK app, npm start and
 * npm run publish; cdk.json keeps the CDK's flags, and an owner's keys still there are read, with a
 * line saying where they belong.
 */

const ROOT = new URL('../../../../', import.meta.url);

/** A project folder of the test's own, with a cdk.json and, if given, a settings file. */
function projectFolder(files: { cdkJson?: unknown; settings?: string } = {}): string {
  const folder = mkdtempSync(join(tmpdir(), 'settings-'));
  writeFileSync(join(folder, 'cdk.json'), JSON.stringify(files.cdkJson ?? { app: 'x', context: { '@aws-cdk/core:flag': true } }));
  if (files.settings !== undefined) writeFileSync(join(folder, SETTINGS_FILE), files.settings);
  return folder;
}

describe('the settings file', () => {
  it('holds nothing when the project has none', () => {
    const folder = projectFolder();
    expect(readSettingsFile({}, folder)).toEqual({ path: join(folder, SETTINGS_FILE), settings: {} });
  });

  it('is read from the project folder, or from the file SITE_SETTINGS names', () => {
    const folder = projectFolder({ settings: '{"ownerEmail": "you@example.com", "rateLimitIp": 5, "waf": false}' });
    expect(readSettingsFile({}, folder).settings).toEqual({ ownerEmail: 'you@example.com', rateLimitIp: 5, waf: false });
    const other = join(projectFolder({ settings: '{}' }), 'second-site.json');
    writeFileSync(other, '{"siteName": "Second"}');
    expect(readSettingsFile({ SITE_SETTINGS: other }, folder)).toEqual({ path: other, settings: { siteName: 'Second' } });
  });

  it.each<[string, string, RegExp]>([
    ['not JSON', '{"ownerEmail": "you@example.com",}', /site-settings\.json is not JSON: /],
    ['a list', '["ownerEmail"]', /site-settings\.json must hold one JSON object of settings, as site-settings\.example\.json does$/],
    ['a number', '5', /must hold one JSON object/],
    ['a key of the CDK', '{"@aws-cdk/core:newStyleStackSynthesis": true}', /holds "@aws-cdk\/core:newStyleStackSynthesis", a key of the CDK's own: it belongs in cdk\.json/],
    // As the CDK's context, `__proto__` would hand its members to every lookup, the CDK's flags among them.
    ['a prototype', '{"__proto__": {"@aws-cdk/core:flag": true, "siteDir": "/"}}', /holds "__proto__", which is no setting$/],
  ])('stops with one line when it is %s', (_what, text, message) => {
    const error = configErrorOf(() => readSettingsFile({}, projectFolder({ settings: text })));
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain('\n');
  });

  it('reads a file that starts with a byte order mark, as Windows editors may write it', () => {
    const folder = projectFolder({ settings: '\uFEFF{"siteName": "Ada"}' });
    expect(readSettingsFile({}, folder).settings).toEqual({ siteName: 'Ada' });
  });

  it('stops with one line when SITE_SETTINGS names a folder', () => {
    const folder = projectFolder();
    expect(configErrorOf(() => readSettingsFile({ SITE_SETTINGS: folder }, folder)).message).toBe(`${folder} is no file: the settings are one JSON file`);
  });

  it('stops with one line when SITE_SETTINGS names no file: a typo must not deploy the defaults', () => {
    const folder = projectFolder();
    expect(configErrorOf(() => readSettingsFile({ SITE_SETTINGS: 'site-setings.json' }, folder)).message).toBe(
      `SITE_SETTINGS names ${join(folder, 'site-setings.json')}, which is no file`,
    );
  });

  it('is ignored by git, and its committed example is a whole deployment’s settings', () => {
    expect(readFileSync(new URL('.gitignore', ROOT), 'utf8').split('\n')).toContain(SETTINGS_FILE);
    const example = JSON.parse(readFileSync(new URL(SETTINGS_EXAMPLE_FILE, ROOT), 'utf8')) as Record<string, unknown>;
    const site = siteFolder({ 'thanks/index.html': 'thanks', 'css/site.css': 'main {}' });
    expect(siteConfigOf({ ...example, siteDir: site })).toMatchObject({ ownerEmail: example.ownerEmail, pricingPlan: 'free', formSuccessPath: '/thanks/' });
  });
});

describe('an owner’s settings still in cdk.json', () => {
  it('are none in the project’s own cdk.json, which holds only the CDK’s flags', () => {
    expect(settingsInCdkJson(fileURLToPath(new URL('cdk.json', ROOT)))).toEqual([]);
  });

  it('are named, CDK’s own keys aside', () => {
    const folder = projectFolder({ cdkJson: { app: 'x', context: { '@aws-cdk/core:flag': true, ownerEmail: 'you@example.com', siteDir: '../site' } } });
    expect(settingsInCdkJson(join(folder, 'cdk.json'))).toEqual(['ownerEmail', 'siteDir']);
    expect(moveSettingsLine(['ownerEmail', 'siteDir'])).toBe(
      'Settings   cdk.json\'s "context" holds your ownerEmail, siteDir: they are read, and win over site-settings.json, but an update of the project would conflict with them. ' +
        'Move them into site-settings.json (README, "Your settings file") and leave cdk.json as the project has it.',
    );
  });

  it('win over the file’s, as the CDK CLI’s context wins over the app’s own, for a command that builds no app', () => {
    const folder = projectFolder({
      cdkJson: { app: 'x', context: { '@aws-cdk/core:flag': true, siteName: 'From cdk.json' } },
      settings: '{"siteName": "From the file", "ownerEmail": "you@example.com"}',
    });
    expect(deploymentSettings(folder, {})).toEqual({ siteName: 'From cdk.json', ownerEmail: 'you@example.com' });
  });
});
