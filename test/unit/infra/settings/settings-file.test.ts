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
    expect(readSettingsFile({}, folder)).toEqual({ path: join(folder, SETTINGS_FILE), exists: false, settings: {} });
  });

  it('is read from the project folder, or from the file SITE_SETTINGS names', () => {
    const folder = projectFolder({ settings: '{"ownerEmail": "you@example.com", "rateLimitIp": 5, "waf": false}' });
    expect(readSettingsFile({}, folder).settings).toEqual({ ownerEmail: 'you@example.com', rateLimitIp: 5, waf: false });
    const other = join(projectFolder({ settings: '{}' }), 'second-site.json');
    writeFileSync(other, '{"siteName": "Second"}');
    expect(readSettingsFile({ SITE_SETTINGS: other }, folder)).toEqual({ path: other, exists: true, settings: { siteName: 'Second' } });
  });

  it.each<[string, string, RegExp]>([
    ['not JSON', '{"ownerEmail": "you@example.com", "siteName": Ada}', /site-settings\.json is not JSON: [^;]*$/],
    ['JSON but for a comma missing between two settings', '{\n  "ownerEmail": "you@example.com"\n  "siteName": "Ada"\n}', /site-settings\.json is not JSON: .*; a comma missing at the end of line 2\?$/],
    ['a value with a quote of its own unescaped, where no comma is missing', '{\n  "siteName": "Ada "the" studio",\n  "ownerEmail": "you@example.com"\n}', /site-settings\.json is not JSON: [^;]*$/],
    [
      'JSON but for a comma missing, a line later a comma after the last setting: the first said',
      '{\n  "ownerEmail": "you@example.com",\n  "siteDir": "../site"  \n\n  "maxMailsPerHour": 8,\n}\n',
      /site-settings\.json is not JSON: .*; a comma missing at the end of line 3\?$/,
    ],
    ['JSON but for a comma missing between two items of a list', '{"allowedOrigins": ["https://a.example"\n "https://b.example"]}', /; a comma missing at the end of line 1\?$/],
    ['JSON but for a comma after the last setting', '{\n  "ownerEmail": "you@example.com",\n  "siteName": "Ada",\n}\n', /site-settings\.json is not JSON: .*; a comma after the last setting, on line 3\? JSON allows none$/],
    ['JSON but for curly quotes, as a word processor writes them', '{\n  "siteName": "Ada’s studio",\n  \u201CownerEmail\u201D: "you@example.com"\n}\n', /site-settings\.json is not JSON: .*; a curly quote \(\u201C\) on line 3\? JSON needs straight ones \("\)$/],
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

  it('stops with one line on a key given twice, which JSON.parse would read as the last alone', () => {
    const text = '{\n  "ownerEmail": "you@example.com",\n  "rateLimitIp": 5,\n  "siteName": "Ada",\n  "rateLimitIp": 50\n}';
    const error = configErrorOf(() => readSettingsFile({}, projectFolder({ settings: text })));

    expect(error.message).toMatch(/site-settings\.json holds "rateLimitIp" twice, on lines 3 and 5: JSON keeps the last without a word, so remove the one you do not mean$/);
  });

  it.each([
    ['spelt two ways', '{"siteName": "A",\n"site\\u004eame": "B"}', /holds "siteName" twice, on lines 1 and 2/],
    ['in an object of a value', '{"allowedOrigins": {"a": 1,\n\n "a": 2}}', /holds "a" twice, on lines 1 and 3/],
  ])('finds a key given twice %s', (_how, text, message) => {
    expect(configErrorOf(() => readSettingsFile({}, projectFolder({ settings: text }))).message).toMatch(message);
  });

  it('stops with one line on values nested past any reader’s depth, not with a stack overflow', () => {
    const text = `{"allowedOrigins": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`;

    expect(configErrorOf(() => readSettingsFile({}, projectFolder({ settings: text }))).message).toMatch(
      /site-settings\.json nests lists or objects thousands deep, where a setting is at most a list of text$/,
    );
  });

  it('reads a number as written where JSON.parse would change it, so a message quotes what the owner wrote', () => {
    const folder = projectFolder({ settings: '{"rateLimitIp": 1e400, "rateLimitEmail": 12345678901234567890, "retentionDays": 30, "monthlyBudgetUsd": 12.50}' });

    const { settings } = readSettingsFile({}, folder);

    expect(settings).toEqual({ rateLimitIp: '1e400', rateLimitEmail: '12345678901234567890', retentionDays: 30, monthlyBudgetUsd: '12.50' });
    const owner = { ownerEmail: 'you@example.com', senderEmail: 'contact@example.com' };
    expect(configErrorOf(() => siteConfigOf({ ...owner, rateLimitIp: settings.rateLimitIp })).message).toBe('rateLimitIp must be a whole number from 1 to 10000, got "1e400"');
    expect(configErrorOf(() => siteConfigOf({ ...owner, rateLimitEmail: settings.rateLimitEmail })).message).toBe(
      'rateLimitEmail must be a whole number from 1 to 10000, got "12345678901234567890"',
    );
    expect(siteConfigOf({ ...owner, retentionDays: settings.retentionDays, monthlyBudgetUsd: settings.monthlyBudgetUsd })).toMatchObject({ retentionDays: 30, monthlyBudgetUsd: 12.5 });
  });

  /** Whatever acts on a terminal instead of showing: controls, DEL, format characters (bidi overrides among them). */
  const TERMINAL_ACTING = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

  it('shows the owner’s text in its messages as the owner’s commands do: an unknown key that would set the window title', () => {
    const folder = projectFolder({ settings: '{"ownerEmail": "you@example.com", "senderEmail": "contact@example.com", "\\u001b]0;pwned\\u0007\\u202e\\u009b31m": 1}' });

    const message = configErrorOf(() => siteConfigOf(readSettingsFile({}, folder).settings)).message;

    expect(message).not.toMatch(TERMINAL_ACTING);
    expect(message).toMatch(/^Unknown setting "\\u001b\]0;pwned\\u0007\\u202E\\u009B31m": did you mean "\w+"\?$/);
  });

  it.each([
    ['V8’s snippet of a file that is not JSON', '{"siteName": x\u001b]0;pwned\u0007\u202e}', /is not JSON: Unexpected token 'x', .*Name": x\\u001B\]0;pwned.* is not valid JSON$/],
    ['a value that is no setting’s', '{"siteName": "\\u009b2J\\u202eAda"}', /^siteName must be .*got "\\u009B2J\\u202EAda"$/],
  ])('shows the owner’s text escaped in %s', (_what, text, message) => {
    const read = () => siteConfigOf({ ownerEmail: 'you@example.com', senderEmail: 'contact@example.com', ...readSettingsFile({}, projectFolder({ settings: text })).settings });

    const error = configErrorOf(read);

    expect(error.message).not.toMatch(TERMINAL_ACTING);
    expect(error.message).toMatch(message);
  });

  it('shows a path escaped too, whatever SITE_SETTINGS names', () => {
    const folder = projectFolder();
    const message = configErrorOf(() => readSettingsFile({ SITE_SETTINGS: 'x\u001b[2J\u202e.json' }, folder)).message;

    expect(message).not.toMatch(TERMINAL_ACTING);
    expect(message).toBe(`SITE_SETTINGS names ${join(folder, 'x')}\\u001B[2J\\u202E.json, which is no file`);
  });

  it('is ignored by git, and its committed example is a deployment’s settings once siteDir names a real folder', () => {
    expect(readFileSync(new URL('.gitignore', ROOT), 'utf8').split('\n')).toContain(SETTINGS_FILE);
    const example = JSON.parse(readFileSync(new URL(SETTINGS_EXAMPLE_FILE, ROOT), 'utf8')) as Record<string, unknown>;
    const site = siteFolder();
    expect(siteConfigOf({ ...example, siteDir: site })).toMatchObject({ ownerEmail: example.ownerEmail, sitePages: { kind: 'folder', path: site } });
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

  it('are named with what would act on a terminal shown as its escape', () => {
    expect(moveSettingsLine(['siteName', '\u001b]0;pwned\u0007'])).toMatch(/^Settings {3}cdk\.json's "context" holds your siteName, \\u001B\]0;pwned\\u0007: they are read/);
  });

  it('win over the file’s, as the CDK CLI’s context wins over the app’s own, for a command that builds no app', () => {
    const folder = projectFolder({
      cdkJson: { app: 'x', context: { '@aws-cdk/core:flag': true, siteName: 'From cdk.json' } },
      settings: '{"siteName": "From the file", "ownerEmail": "you@example.com"}',
    });
    expect(deploymentSettings(folder, {})).toEqual({ siteName: 'From cdk.json', ownerEmail: 'you@example.com' });
  });
});
