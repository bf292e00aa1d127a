import { describe, expect, it } from '@jest/globals';
import { homedir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { NO_SITE_DOCUMENTS, type Env } from '../../../lambdas/config.js';
import { functionEnvironment, LOCAL_KEYS, readLocalFormPage, readLocalSettings } from '../../../bin/local/settings.js';
import { LOCAL_COUNTER_TABLE, LOCAL_INQUIRY_TABLE } from '../../../bin/local-tables.js';
import { inSettingsFileWords, settingsFileVariables } from '../../../lib/settings/preview-settings.js';
import { readOriginVerifier } from '../../../lambdas/http/origin-verify.js';
import { isLoopbackHost, isLoopbackOrigin, localUrl } from '../../../bin/local/local-origins.js';
import { configErrorOf } from '../../support/config-error.js';
import { OPEN_REDIRECT_ATTEMPTS } from '../../support/site-path-cases.js';
import { ownerFormPage } from '../../support/form-pages.js';
import { siteFolder } from '../../support/site-folder.js';

describe('readLocalSettings (docs/api.md §7, local mode)', () => {
  it('applies the defaults: port 3000 on 127.0.0.1, the SES emulator on 8005, the DynamoDB endpoint on 8006, embedded emulators, a deployment’s limits', () => {
    expect(readLocalSettings({})).toEqual({
      port: 3000,
      otherContactPages: [],
      host: '127.0.0.1',
      sesPort: 8005,
      dynamoPort: 8006,
      digestSeconds: 60,
      limits: { ip: 5, email: 3, windowSeconds: 3600 },
      siteDocuments: NO_SITE_DOCUMENTS,
    });
  });

  it('reads every local setting', () => {
    const settings = readLocalSettings({
      PORT: '8080',
      HOST: '0.0.0.0',
      SES_PORT: '9005',
      DYNAMODB_PORT: '9006',
      AWS_ENDPOINT_URL_DYNAMODB: 'http://localhost:8000',
      AWS_ENDPOINT_URL_SESV2: 'https://email.eu-west-1.amazonaws.com',
      DIGEST_SECONDS: '5',
      RATE_LIMIT_IP: '100',
      RATE_LIMIT_EMAIL: '50',
    });

    expect(settings).toEqual({
      port: 8080,
      otherContactPages: [],
      host: '0.0.0.0',
      sesPort: 9005,
      dynamoPort: 9006,
      digestSeconds: 5,
      dynamoEndpoint: 'http://localhost:8000',
      sesEndpoint: 'https://email.eu-west-1.amazonaws.com',
      limits: { ip: 100, email: 50, windowSeconds: 3600 },
      siteDocuments: NO_SITE_DOCUMENTS,
    });
  });

  it.each([
    ['port 0 (any free port)', { PORT: '0' }, { port: 0 }],
    ['port 65535', { PORT: '65535' }, { port: 65535 }],
    ['DYNAMODB_PORT 0 (any free port)', { DYNAMODB_PORT: '0' }, { dynamoPort: 0 }],
    ['DYNAMODB_PORT 65535', { DYNAMODB_PORT: '65535' }, { dynamoPort: 65535 }],
    ['an IPv6 host', { HOST: '::1' }, { host: '::1' }],
    ['a host name', { HOST: 'my-laptop.local' }, { host: 'my-laptop.local' }],
    ['a digest every second', { DIGEST_SECONDS: '1' }, { digestSeconds: 1 }],
    ['a digest a day, as deployed', { DIGEST_SECONDS: '86400' }, { digestSeconds: 86_400 }],
  ])('accepts %s', (_title, env, expected) => {
    expect(readLocalSettings(env)).toMatchObject(expected);
  });

  it('says that PORT and SES_PORT collide when they are the same port', () => {
    expect(configErrorOf(() => readLocalSettings({ PORT: '8005' })).message).toBe(
      'PORT and SES_PORT are both 8005: they collide, since the API and the SES emulator each need a port',
    );
    expect(configErrorOf(() => readLocalSettings({ PORT: '4000', SES_PORT: '4000' })).message).toMatch(/^PORT and SES_PORT/);
  });

  it('lets PORT and SES_PORT be equal when no emulator needs SES_PORT, or when both ask for any free port', () => {
    expect(readLocalSettings({ PORT: '8005', AWS_ENDPOINT_URL_SESV2: 'http://localhost:9999' })).toMatchObject({ port: 8005 });
    expect(readLocalSettings({ PORT: '0', SES_PORT: '0' })).toMatchObject({ port: 0, sesPort: 0 });
  });

  it.each<[string, Env, string]>([
    ['PORT on the default', { PORT: '8006' }, 'PORT and DYNAMODB_PORT are both 8006: they collide, since the API and the DynamoDB endpoint each need a port'],
    ['SES_PORT on the default', { SES_PORT: '8006' }, 'SES_PORT and DYNAMODB_PORT are both 8006: they collide, since the SES emulator and the DynamoDB endpoint each need a port'],
    ['PORT', { PORT: '4000', DYNAMODB_PORT: '4000' }, 'PORT and DYNAMODB_PORT are both 4000: they collide, since the API and the DynamoDB endpoint each need a port'],
    // The stand-in of the table's stream listens in front of an outside DynamoDB too.
    ['PORT, with an outside DynamoDB', { PORT: '4000', DYNAMODB_PORT: '4000', AWS_ENDPOINT_URL_DYNAMODB: 'http://localhost:8000' }, 'PORT and DYNAMODB_PORT are both 4000: they collide, since the API and the DynamoDB endpoint each need a port'],
  ])('says that %s and DYNAMODB_PORT collide when they are the same port', (_title, env, message) => {
    expect(configErrorOf(() => readLocalSettings(env)).message).toBe(message);
  });

  it('lets SES_PORT and DYNAMODB_PORT be equal when no emulator needs SES_PORT, and every port be 0 (any free port)', () => {
    expect(readLocalSettings({ SES_PORT: '8006', AWS_ENDPOINT_URL_SESV2: 'http://localhost:9999' })).toMatchObject({ sesPort: 8006, dynamoPort: 8006 });
    expect(readLocalSettings({ PORT: '0', SES_PORT: '0', DYNAMODB_PORT: '0' })).toMatchObject({ port: 0, sesPort: 0, dynamoPort: 0 });
  });

  it.each([['AWS_ENDPOINT_URL_DYNAMODB'], ['AWS_ENDPOINT_URL_SESV2']])('treats an empty %s as not set', (key) => {
    expect(readLocalSettings({ [key]: '' })).toEqual(readLocalSettings({}));
  });

  it.each<[string, Env, string]>([
    ['PORT a word', { PORT: 'http' }, 'PORT'],
    ['PORT 65536', { PORT: '65536' }, 'PORT'],
    ['PORT negative', { PORT: '-1' }, 'PORT'],
    ['PORT fractional', { PORT: '80.5' }, 'PORT'],
    ['PORT empty', { PORT: '' }, 'PORT'],
    ['SES_PORT a word', { SES_PORT: 'ses' }, 'SES_PORT'],
    ['SES_PORT 70000', { SES_PORT: '70000' }, 'SES_PORT'],
    ['DYNAMODB_PORT 65536', { DYNAMODB_PORT: '65536' }, 'DYNAMODB_PORT'],
    ['DYNAMODB_PORT a word', { DYNAMODB_PORT: 'dynamo' }, 'DYNAMODB_PORT'],
    ['DYNAMODB_PORT negative', { DYNAMODB_PORT: '-1' }, 'DYNAMODB_PORT'],
    ['DYNAMODB_PORT empty', { DYNAMODB_PORT: '' }, 'DYNAMODB_PORT'],
    ['HOST with a space', { HOST: 'local host' }, 'HOST'],
    ['HOST with a path', { HOST: 'localhost/x' }, 'HOST'],
    ['HOST empty', { HOST: '' }, 'HOST'],
    ['AWS_ENDPOINT_URL_DYNAMODB without a scheme', { AWS_ENDPOINT_URL_DYNAMODB: 'localhost:8000' }, 'AWS_ENDPOINT_URL_DYNAMODB'],
    ['AWS_ENDPOINT_URL_DYNAMODB not a URL', { AWS_ENDPOINT_URL_DYNAMODB: 'dynamo here' }, 'AWS_ENDPOINT_URL_DYNAMODB'],
    ['AWS_ENDPOINT_URL_SESV2 of another scheme', { AWS_ENDPOINT_URL_SESV2: 'ftp://localhost:8005' }, 'AWS_ENDPOINT_URL_SESV2'],
    ['BASE_URL with a path', { BASE_URL: 'http://localhost:3000/api' }, 'BASE_URL'],
    ['SITE_NAME of two lines', { SITE_NAME: 'a\nb' }, 'SITE_NAME'],
    ['ALLOWED_ORIGINS not origins', { ALLOWED_ORIGINS: 'localhost' }, 'ALLOWED_ORIGINS'],
    ['RATE_LIMIT_IP zero', { RATE_LIMIT_IP: '0' }, 'RATE_LIMIT_IP'],
    ['RATE_LIMIT_EMAIL a word', { RATE_LIMIT_EMAIL: 'many' }, 'RATE_LIMIT_EMAIL'],
    ['CONTACT_TO not an address', { CONTACT_TO: 'owner' }, 'CONTACT_TO'],
    ['CONTACT_FROM not an address', { CONTACT_FROM: 'contact@localhost' }, 'CONTACT_FROM'],
    ['INQUIRY_TABLE not a table name', { INQUIRY_TABLE: 'in' }, 'INQUIRY_TABLE'],
    ['DELIVERY_RETRY_SECONDS zero', { DELIVERY_RETRY_SECONDS: '0' }, 'DELIVERY_RETRY_SECONDS'],
    ['DELIVERY_RETRY_SECONDS over an hour', { DELIVERY_RETRY_SECONDS: '3601' }, 'DELIVERY_RETRY_SECONDS'],
    ['RETENTION_DAYS over a year', { RETENTION_DAYS: '366' }, 'RETENTION_DAYS'],
    ['RETENTION_DAYS negative', { RETENTION_DAYS: '-1' }, 'RETENTION_DAYS'],
    ['MAIL_TIME_ZONE an offset', { MAIL_TIME_ZONE: '+01:00' }, 'MAIL_TIME_ZONE'],
    ['MAIL_LANGUAGE a language the mails are not written in', { MAIL_LANGUAGE: 'zh' }, 'MAIL_LANGUAGE'],
    ['DIGEST_SECONDS zero', { DIGEST_SECONDS: '0' }, 'DIGEST_SECONDS'],
    ['DIGEST_SECONDS over a day', { DIGEST_SECONDS: '86401' }, 'DIGEST_SECONDS'],
    ['DIGEST_SECONDS fractional', { DIGEST_SECONDS: '1.5' }, 'DIGEST_SECONDS'],
    ['MAX_MAILS_PER_HOUR negative', { MAX_MAILS_PER_HOUR: '-1' }, 'MAX_MAILS_PER_HOUR'],
    ['MAX_MAILS_PER_HOUR over the most a counter holds', { MAX_MAILS_PER_HOUR: '10001' }, 'MAX_MAILS_PER_HOUR'],
    ['SPAM_REPEAT_LIMIT a word', { SPAM_REPEAT_LIMIT: 'twice' }, 'SPAM_REPEAT_LIMIT'],
    ['SPAM_LINK_LIMIT fractional', { SPAM_LINK_LIMIT: '5.5' }, 'SPAM_LINK_LIMIT'],
    ['FORM_MIN_SECONDS empty', { FORM_MIN_SECONDS: '' }, 'FORM_MIN_SECONDS'],
  ])('stops start-up on %s with one line naming it', (_title, env, key) => {
    const error = configErrorOf(() => readLocalSettings(env));

    expect(error.message).toContain(key);
    expect(error.message).not.toContain('\n');
  });
});

describe('SITE_DIR and the paths of the site (docs/api.md §7)', () => {
  const site = siteFolder({ 'thanks/index.html': 'Thanks', 'css/site.css': 'body {}' });

  it('serves no site when unset or empty', () => {
    expect(readLocalSettings({})).not.toHaveProperty('siteDir');
    expect(readLocalSettings({ SITE_DIR: '' })).not.toHaveProperty('siteDir');
  });

  it('takes the folder, relative to where npm start runs, as an absolute path', () => {
    expect(readLocalSettings({ SITE_DIR: site }).siteDir).toBe(site);
    expect(readLocalSettings({ SITE_DIR: relative(process.cwd(), site) }).siteDir).toBe(site);
  });

  it.each([
    ['a folder that is not there', '/nonexistent/site'],
    ['a file', join(site, 'thanks', 'index.html')],
  ])('stops start-up on %s with one line naming SITE_DIR', (_title, value) => {
    expect(configErrorOf(() => readLocalSettings({ SITE_DIR: value })).message).toBe(
      `SITE_DIR must be a folder of the site's files, got ${JSON.stringify(resolve(value))}, which is none`,
    );
  });

  it('stops start-up on a ~ that finds no folder with the whole path to write; ~user is read as any name is', () => {
    expect(configErrorOf(() => readLocalSettings({ SITE_DIR: '~/my-site/_site' })).message).toBe(
      `SITE_DIR must be a folder of the site's files, got "~/my-site/_site": ~ is your shell's name for your home folder, which neither a settings file nor a quoted variable knows: write the whole path, such as ${JSON.stringify(join(homedir(), 'my-site/_site'))}`,
    );
    expect(configErrorOf(() => readLocalSettings({ SITE_DIR: '~nobody/site' })).message).toBe(
      `SITE_DIR must be a folder of the site's files, got ${JSON.stringify(resolve('~nobody/site'))}, which is none`,
    );
  });

  it('stops start-up on a settings file with both siteDir and siteOrigin, as synth stops on it, whatever SITE_DIR says', () => {
    for (const env of [{}, { SITE_DIR: site }, { SITE_DIR: '' }]) {
      expect(configErrorOf(() => readLocalSettings(env, { siteDir: site, siteOrigin: 'https://you.github.io' })).message).toBe(
        "siteDir and siteOrigin are exclusive: the site's pages come from a folder or from an existing site, not both",
      );
    }
  });

  it('previews a SITE_DIR of the environment beside the file’s siteOrigin, a build of that site synth never reads, and siteOrigin alone with no pages', () => {
    expect(readLocalSettings({ SITE_DIR: site }, { siteOrigin: 'https://you.github.io' }).siteDir).toBe(site);
    expect(readLocalSettings({}, { siteOrigin: 'https://you.github.io' })).not.toHaveProperty('siteDir');
  });

  it.each(['FORM_SUCCESS_PATH', 'PAGE_STYLESHEET'])('stops start-up on every open-redirect attempt as %s, with or without a site', (key) => {
    for (const [value] of OPEN_REDIRECT_ATTEMPTS) {
      for (const env of [{ [key]: value }, { [key]: value, SITE_DIR: site }]) {
        expect(configErrorOf(() => readLocalSettings(env)).message).toMatch(new RegExp(`^${key} must be a path of the site itself`));
      }
    }
  });

  it('takes the owner’s thank-you page and style sheet where SITE_DIR has them', () => {
    expect(() => readLocalSettings({ SITE_DIR: site, FORM_SUCCESS_PATH: '/thanks/', PAGE_STYLESHEET: '/css/site.css?v=2' })).not.toThrow();
  });

  it('stops start-up on a path SITE_DIR has no page for, as synth does for siteDir', () => {
    expect(configErrorOf(() => readLocalSettings({ SITE_DIR: site, FORM_SUCCESS_PATH: '/thank-you/' })).message).toBe(
      `FORM_SUCCESS_PATH /thank-you/ is no page of SITE_DIR (${site}): a visitor sent there would get a 404`,
    );
    expect(configErrorOf(() => readLocalSettings({ SITE_DIR: site, PAGE_STYLESHEET: '/site.css' })).message).toMatch(/^PAGE_STYLESHEET \/site\.css is no page of SITE_DIR/);
  });

  it('takes any path of the site without SITE_DIR, whose pages it cannot see', () => {
    expect(() => readLocalSettings({ FORM_SUCCESS_PATH: '/thanks/', PAGE_STYLESHEET: '/css/site.css' })).not.toThrow();
  });
});

describe('FORM_PAGE with the settings file’s siteOrigin: the existing site’s form page, fetched from it (docs/api.md §9)', () => {
  const existing = { siteOrigin: 'https://you.github.io' };

  it('is handed to the functions as its path and the site it is fetched from, as deployed', () => {
    const settings = readLocalSettings({ FORM_PAGE: '/contact/', FORM_SUCCESS_PATH: '/thanks/' }, existing);
    expect(settings).toMatchObject({ siteOrigin: 'https://you.github.io', siteFormPage: '/contact/', formSuccessPath: { path: '/thanks/', source: 'setting' } });
    expect(settings).not.toHaveProperty('formPage');
    expect(functionEnvironment({ FORM_PAGE_ORIGIN: 'https://evil.example' }, { ...settings, port: 3000 })).toMatchObject({ FORM_PAGE: '/contact/', FORM_PAGE_FILE: '', FORM_PAGE_ORIGIN: 'https://you.github.io' });
    expect(functionEnvironment({ FORM_PAGE_ORIGIN: 'https://evil.example' }, { ...readLocalSettings({}, existing), port: 3000 })).toMatchObject({ FORM_PAGE: '', FORM_PAGE_ORIGIN: '' });
  });

  it('stops start-up on the service’s own /contact, or another path it answers, as synth does', () => {
    expect(configErrorOf(() => readLocalSettings({ FORM_PAGE: '/contact' }, existing)).message).toMatch(/^FORM_PAGE \/contact is the service's own address/);
    expect(configErrorOf(() => readLocalSettings({ FORM_PAGE: '/contact/sent' }, existing)).message).toMatch(/^FORM_PAGE \/contact\/sent is an address the service answers itself/);
  });

  it('is read from a SITE_DIR of a build beside the file’s siteOrigin, which the preview shows instead', () => {
    const site = siteFolder({ 'contact/index.html': ownerFormPage() });
    const settings = readLocalSettings({ SITE_DIR: site, FORM_PAGE: '/contact/' }, existing);
    expect(settings.formPage).toMatchObject({ path: '/contact/', file: join(site, 'contact/index.html') });
    expect(settings).not.toHaveProperty('siteFormPage');
  });
});

describe('FORM_PAGE, the owner’s form page, read from SITE_DIR (docs/api.md §7, §9)', () => {
  const site = siteFolder({ 'contact/index.html': ownerFormPage(), 'write/index.html': ownerFormPage({ action: '../contact' }), 'about/index.html': 'About' });
  // A trailing slash, as typed by an owner whose pages' paths all end in one.
  const slashed = siteFolder({ 'contact/index.html': ownerFormPage({ action: '/contact/' }) });

  it('is found at /contact/ when unset, and handed to the functions with the copy local mode keeps of it', () => {
    const settings = readLocalSettings({ SITE_DIR: site });
    expect(settings.formPage).toMatchObject({ path: '/contact/', file: join(site, 'contact/index.html'), source: 'found' });
    expect(functionEnvironment({}, { ...settings, port: 3000, formPageFile: 'copy-of-the-page.html' })).toMatchObject({ FORM_PAGE: '/contact/', FORM_PAGE_FILE: 'copy-of-the-page.html' });
  });

  it('is the page FORM_PAGE names, whatever FORM_PAGE_FILE the environment says', () => {
    const settings = readLocalSettings({ SITE_DIR: site, FORM_PAGE: '/write/', FORM_PAGE_FILE: '/etc/passwd' });
    expect(settings.formPage).toMatchObject({ path: '/write/', file: join(site, 'write/index.html'), source: 'setting' });
    expect(functionEnvironment({ FORM_PAGE_FILE: '/etc/passwd' }, { ...settings, port: 3000, formPageFile: 'copy-of-the-page.html' }).FORM_PAGE_FILE).toBe('copy-of-the-page.html');
    expect(functionEnvironment({ FORM_PAGE_FILE: '/etc/passwd' }, { ...settings, port: 3000 }).FORM_PAGE_FILE).toBe('');
  });

  it('is none without SITE_DIR, or with a site that has no /contact/ posting to /contact', () => {
    expect(readLocalSettings({}).formPage).toBeUndefined();
    expect(readLocalSettings({ SITE_DIR: siteFolder({ 'contact/index.html': 'Write to ada@example.com' }) }).formPage).toBeUndefined();
  });

  it.each([
    [{ FORM_PAGE: '/contact/' }, "FORM_PAGE /contact/ needs SITE_DIR, the site's folder, to read the page from"],
    [{ SITE_DIR: site, FORM_PAGE: '/hire-me/' }, `FORM_PAGE /hire-me/ is no page of SITE_DIR (${site}): a visitor sent there would get a 404`],
    [{ SITE_DIR: site, FORM_PAGE: '/about/' }, `FORM_PAGE /about/ is ${join(site, 'about/index.html')}, which has no form that posts to /contact (<form method="post" action="/contact">)`],
    [{ SITE_DIR: site, FORM_PAGE: '//evil.example' }, expect.stringMatching(/^FORM_PAGE must be a path of the site itself/)],
    [
      { SITE_DIR: slashed },
      `/contact/ (found with no FORM_PAGE) is ${join(slashed, 'contact/index.html')}, whose form sends the inquiry to /contact/, which takes no form post: only /contact does (<form method="post" action="/contact">)`,
    ],
  ])('stops start-up with one line on %j', (env, message) => {
    expect(configErrorOf(() => readLocalSettings(env)).message).toEqual(message);
  });

  it.each([
    ['domainName', { domainName: 'atelier-brun.example' }, 'https://atelier-brun.example/contact'],
    ['baseUrl', { baseUrl: 'https://d111.cloudfront.net' }, 'https://d111.cloudfront.net/contact'],
  ])('stops start-up, as synth does, on a form posting to /contact written whole with the settings file’s %s', (_key, fileSettings, action) => {
    const whole = siteFolder({ 'contact/index.html': ownerFormPage({ action }) });
    expect(configErrorOf(() => readLocalSettings({ SITE_DIR: whole }, fileSettings)).message).toBe(
      `/contact/ (found with no FORM_PAGE) is ${join(whole, 'contact/index.html')}, whose form sends the inquiry to ${action}, a whole address, which the preview's posts would leave for and a site not yet at that name would miss: write the path alone (<form method="post" action="/contact">)`,
    );
    expect(configErrorOf(() => readLocalSettings({ SITE_DIR: whole }, { baseUrl: 'https://d111.cloudfront.net/blog' })).message).toBe(
      'baseUrl must be an http(s) origin such as https://example.com, got "https://d111.cloudfront.net/blog"',
    );
  });
});

describe('the other contact pages of SITE_DIR, read at start-up as synth reads siteDir’s (docs/api.md §9)', () => {
  it('are named beside the form page, and one that would lose every post stops start-up with its line', () => {
    const site = siteFolder({ 'contact/index.html': ownerFormPage(), 'en/contact/index.html': ownerFormPage() });
    expect(readLocalSettings({ SITE_DIR: site }).otherContactPages.map(({ path, file, successPath }) => ({ path, file, successPath }))).toEqual([
      { path: '/en/contact/', file: join(site, 'en/contact/index.html'), successPath: undefined },
    ]);
    expect(readLocalSettings({ SITE_DIR: site, FORM_PAGE: '/en/contact/' }).otherContactPages.map(({ path }) => path)).toEqual(['/contact/']);
    const broken = siteFolder({ 'contact/index.html': ownerFormPage(), 'en/contact/index.html': ownerFormPage({ action: '/contact/' }) });
    expect(configErrorOf(() => readLocalSettings({ SITE_DIR: broken })).message).toBe(
      `/en/contact/ is ${join(broken, 'en/contact/index.html')}, whose form sends the inquiry to /contact/, which takes no form post: only /contact does (<form method="post" action="/contact">)`,
    );
  });

  it('are not read again by the form page’s watch, whose checks are the form page’s alone', () => {
    const broken = siteFolder({ 'contact/index.html': ownerFormPage(), 'en/contact/index.html': ownerFormPage({ action: '/contact/' }) });
    expect(readLocalFormPage({ SITE_DIR: broken }).formPage).toMatchObject({ path: '/contact/' });
  });
});

describe('the site’s own origins, as the form page check reads its links (docs/api.md §9)', () => {
  it('take a file named by the preview’s address, or the settings file’s domain, for the site’s own: its refused posts’ answers load it', () => {
    const page = ownerFormPage().replace(
      '<form',
      '<link rel="stylesheet" href="http://localhost:3257/style.css"><link rel="stylesheet" href="https://linnea.example/print.css"><script src="https://cdn.example/x.js"></script><form',
    );
    const site = siteFolder({ 'contact/index.html': page, 'style.css': 'body {}', 'print.css': 'body {}' });
    const { formPage } = readLocalFormPage({ SITE_DIR: site, PORT: '3257' }, { domainName: 'linnea.example' });
    expect(formPage?.refusedByPolicy.otherOrigins).toEqual(['https://cdn.example']);
    // All it loads from, the site's own address among them: what a build for another address shows.
    expect(formPage?.loadedOrigins).toEqual(['http://localhost:3257', 'https://linnea.example', 'https://cdn.example']);
    // Another port is another origin, as a browser counts it.
    expect(readLocalFormPage({ SITE_DIR: site, PORT: '3000' }, { domainName: 'linnea.example' }).formPage?.refusedByPolicy.otherOrigins).toEqual(['http://localhost:3257', 'https://cdn.example']);
  });
});

describe('the thank-you page: FORM_SUCCESS_PATH, or the form page’s data-success-path (docs/api.md §7, §9)', () => {
  const pages = { 'thanks/index.html': 'Thanks', 'merci/index.html': 'Merci' };
  const site = siteFolder({ ...pages, 'contact/index.html': ownerFormPage({ successPath: '/thanks/' }) });
  const served = { host: '127.0.0.1', port: 3000 };

  it('is the form page’s when FORM_SUCCESS_PATH is unset or empty, and handed to the functions as FORM_SUCCESS_PATH', () => {
    for (const env of [{ SITE_DIR: site }, { SITE_DIR: site, FORM_SUCCESS_PATH: '' }]) {
      const settings = readLocalSettings(env);
      expect(settings.formSuccessPath).toEqual({ path: '/thanks/', source: 'form page' });
      expect(functionEnvironment(env, { ...settings, ...served }).FORM_SUCCESS_PATH).toBe('/thanks/');
    }
  });

  it('is FORM_SUCCESS_PATH when the form names the same path, or none', () => {
    expect(readLocalSettings({ SITE_DIR: site, FORM_SUCCESS_PATH: '/thanks/' }).formSuccessPath).toEqual({ path: '/thanks/', source: 'setting' });
    const plain = siteFolder({ ...pages, 'contact/index.html': ownerFormPage() });
    expect(readLocalSettings({ SITE_DIR: plain, FORM_SUCCESS_PATH: '/merci/' }).formSuccessPath).toEqual({ path: '/merci/', source: 'setting' });
    expect(readLocalSettings({ SITE_DIR: plain }).formSuccessPath).toBeUndefined();
  });

  it('stops start-up with one line when FORM_SUCCESS_PATH and the form disagree', () => {
    expect(configErrorOf(() => readLocalSettings({ SITE_DIR: site, FORM_SUCCESS_PATH: '/merci/' })).message).toBe(
      `FORM_SUCCESS_PATH /merci/ and data-success-path="/thanks/" on the form of /contact/ (${join(site, 'contact/index.html')}) disagree: a visitor would land on one with JavaScript and on the other without. Name the thank-you page once, in the form, and leave FORM_SUCCESS_PATH out`,
    );
  });

  it('stops start-up with one line on a form naming a page SITE_DIR lacks, or another origin', () => {
    const lost = siteFolder({ 'contact/index.html': ownerFormPage({ successPath: '/thanks/' }) });
    expect(configErrorOf(() => readLocalSettings({ SITE_DIR: lost })).message).toBe(
      `/contact/ (found with no FORM_PAGE): its form's data-success-path /thanks/ is no page of SITE_DIR (${lost}): a visitor sent there would get a 404`,
    );
    const away = siteFolder({ ...pages, 'contact/index.html': ownerFormPage({ successPath: '//evil.example/thanks/' }) });
    expect(configErrorOf(() => readLocalSettings({ SITE_DIR: away })).message).toMatch(/^\/contact\/ \(found with no FORM_PAGE\): its form's data-success-path must be a path of the site itself/);
  });

  it('is only ever what start-up read, whatever FORM_SUCCESS_PATH the environment the functions get says', () => {
    expect(functionEnvironment({ FORM_SUCCESS_PATH: '//evil.example' }, served).FORM_SUCCESS_PATH).toBe('');
  });
});

describe('readLocalSettings: what SITE_DIR publishes that llms.txt links (docs/api.md §6)', () => {
  it('finds the home page, and a sitemap and Markdown as the agent settings make them', () => {
    expect(readLocalSettings({ SITE_DIR: siteFolder() }).siteDocuments).toEqual({ home: true, sitemap: true, markdown: true });
    expect(readLocalSettings({ SITE_DIR: siteFolder(), SITEMAP: 'false', MARKDOWN_PAGES: 'false' }).siteDocuments).toEqual({ home: true, sitemap: false, markdown: false });
  });


  it("counts the folder's own sitemap.xml with the generated one turned off", () => {
    expect(readLocalSettings({ SITE_DIR: siteFolder({ 'sitemap.xml': '<urlset/>' }), SITEMAP: 'false' }).siteDocuments.sitemap).toBe(true);
  });
});

describe('functionEnvironment: what the handlers read in local mode', () => {
  const served = { host: '127.0.0.1', port: 3000 };

  it('fills in the local defaults', () => {
    expect(functionEnvironment({}, served)).toEqual({
      CONTACT_TO: 'owner@example.com',
      CONTACT_FROM: 'contact@example.com',
      BASE_URL: 'http://localhost:3000',
      ALLOWED_ORIGINS: 'http://localhost:3000,http://127.0.0.1:3000,http://[::1]:3000',
      COUNTER_TABLE: LOCAL_COUNTER_TABLE,
      COUNTER_KEY_SECRET: expect.stringMatching(/^[\w-]{43}$/),
      FORM_TOKEN_SECRET: expect.stringMatching(/^[\w-]{43}$/),
      INQUIRY_TABLE: LOCAL_INQUIRY_TABLE,
      DELIVERY_RETRY_SECONDS: '5',
      FORM_PAGE: '',
      FORM_PAGE_FILE: '',
      FORM_PAGE_ORIGIN: '',
      OTHER_FORM_PAGES: '',
      FORM_SUCCESS_PATH: '',
      SITE_DOCUMENTS: '',
      OWN_LLMS_TXT_FILE: '',
    });
  });

  it('gives the contact function the other contact pages it answers in, with local mode’s copies of them', () => {
    const otherFormPages = [{ path: '/fr/contact/', file: '/tmp/copies/form-page-1.html', successPath: '/fr/merci/' }];
    expect(functionEnvironment({ OTHER_FORM_PAGES: '[["/x/","x.html"]]' }, { ...served, otherFormPages }).OTHER_FORM_PAGES).toBe(
      '[["/fr/contact/","/tmp/copies/form-page-1.html","/fr/merci/"]]',
    );
  });

  it.each(['COUNTER_KEY_SECRET', 'FORM_TOKEN_SECRET'] as const)('makes one %s per start, unless one is configured', (key) => {
    const secret = functionEnvironment({}, served)[key];

    expect(functionEnvironment({}, { ...served, port: 3001 })[key]).toBe(secret);
    expect(functionEnvironment({ [key]: 'x'.repeat(32) }, served)[key]).toBe('x'.repeat(32));
  });

  it('makes the keys in a deployment’s shape: the header apart from both keys, the handlers given only its digests', () => {
    const { COUNTER_KEY_SECRET, FORM_TOKEN_SECRET } = functionEnvironment({}, served);

    expect(new Set([LOCAL_KEYS.originVerify, COUNTER_KEY_SECRET, FORM_TOKEN_SECRET]).size).toBe(3);
    expect(readOriginVerifier({ ORIGIN_VERIFY_DIGESTS: LOCAL_KEYS.originVerifyDigests })?.accepts(LOCAL_KEYS.originVerify)).toBe(true);
    expect(LOCAL_KEYS.originVerifyDigests).not.toContain(LOCAL_KEYS.originVerify);
  });

  it('derives {base} from the port it serves on', () => {
    expect(functionEnvironment({}, { ...served, port: 4321 }).BASE_URL).toBe('http://localhost:4321');
  });

  it.each([
    ['127.0.0.1', 'http://localhost:4321,http://127.0.0.1:4321,http://[::1]:4321'],
    ['::1', 'http://localhost:4321,http://127.0.0.1:4321,http://[::1]:4321'],
    ['0.0.0.0', 'http://localhost:4321,http://127.0.0.1:4321,http://[::1]:4321'],
    ['127.0.0.2', 'http://localhost:4321,http://127.0.0.1:4321,http://[::1]:4321,http://127.0.0.2:4321'],
    ['my-laptop.local', 'http://localhost:4321,http://127.0.0.1:4321,http://[::1]:4321,http://my-laptop.local:4321'],
  ])('lets the site’s own origins be every loopback name on the port, and the address printed for HOST %s', (host, origins) => {
    expect(functionEnvironment({}, { host, port: 4321 }).ALLOWED_ORIGINS).toBe(origins);
  });

  it('keeps the loopback names beside a BASE_URL of the user’s', () => {
    expect(functionEnvironment({ BASE_URL: 'https://example.com' }, served)).toMatchObject({
      BASE_URL: 'https://example.com',
      ALLOWED_ORIGINS: 'https://example.com,http://localhost:3000,http://127.0.0.1:3000,http://[::1]:3000',
    });
  });

  it('keeps what the environment sets', () => {
    const env = {
      CONTACT_TO: 'me@owner.example.com',
      CONTACT_FROM: 'web@owner.example.com',
      BASE_URL: 'https://example.com',
      ALLOWED_ORIGINS: 'https://www.example.com',
      COUNTER_TABLE: 'my-counters',
      COUNTER_KEY_SECRET: 'a-configured-secret-of-32-characters',
      FORM_TOKEN_SECRET: 'a-configured-token-key-of-32-characters',
      INQUIRY_TABLE: 'my-inquiries',
      DELIVERY_RETRY_SECONDS: '60',
      RATE_LIMIT_IP: '9',
    };

    // The form page and the thank-you page are those start-up found, none here.
    expect(functionEnvironment(env, served)).toEqual({ ...env, FORM_PAGE: '', FORM_PAGE_FILE: '', FORM_PAGE_ORIGIN: '', OTHER_FORM_PAGES: '', FORM_SUCCESS_PATH: '', SITE_DOCUMENTS: '', OWN_LLMS_TXT_FILE: '' });
  });

  it("gives the discovery function local mode's copy of the owner's llms.txt, whatever the environment says", () => {
    expect(functionEnvironment({ OWN_LLMS_TXT_FILE: '/etc/passwd' }, { ...served, ownLlmsTxtFile: 'copy-of-llms.txt' }).OWN_LLMS_TXT_FILE).toBe('copy-of-llms.txt');
    expect(functionEnvironment({ OWN_LLMS_TXT_FILE: '/etc/passwd' }, served).OWN_LLMS_TXT_FILE).toBe('');
  });

  it("gives the discovery function what start-up found SITE_DIR publishes, whatever the environment's SITE_DOCUMENTS says", () => {
    const documents = { home: true, sitemap: false, markdown: true };
    expect(functionEnvironment({ SITE_DOCUMENTS: 'sitemap' }, { ...served, siteDocuments: documents }).SITE_DOCUMENTS).toBe('home,markdown');
    expect(functionEnvironment({ SITE_DOCUMENTS: 'sitemap' }, served).SITE_DOCUMENTS).toBe('');
  });
});

describe('localUrl: where this machine reaches the server (the address the banner prints)', () => {
  it.each([
    ['127.0.0.1', 'http://127.0.0.1:3000'],
    ['::1', 'http://[::1]:3000'],
    ['my-laptop.local', 'http://my-laptop.local:3000'],
    ['0.0.0.0', 'http://127.0.0.1:3000'],
    ['::', 'http://[::1]:3000'],
  ])('for HOST %s is %s', (host, url) => {
    expect(localUrl(host, 3000)).toBe(url);
  });
});

describe('isLoopbackHost: the Host headers local mode’s emulators answer', () => {
  it.each<[string | undefined, number, boolean]>([
    ['localhost:8005', 8005, true],
    ['LocalHost:8005', 8005, true],
    ['127.0.0.1:8005', 8005, true],
    ['[::1]:8005', 8005, true],
    ['localhost', 80, true],
    ['localhost:80', 80, true],
    ['localhost', 8005, false],
    ['127.0.0.1:8006', 8005, false],
    ['attacker.example:8005', 8005, false],
    ['localhost.attacker.example:8005', 8005, false],
    ['user@localhost:8005', 8005, false],
    ['localhost:8005/x', 8005, false],
    ['127.1:8005', 8005, false],
    ['[::ffff:127.0.0.1]:8005', 8005, false],
    ['', 8005, false],
    [undefined, 8005, false],
  ])('%s on port %d: %s', (host, port, answered) => {
    expect(isLoopbackHost(host, port)).toBe(answered);
  });
});

describe('isLoopbackOrigin: the Origin headers local mode’s emulators answer', () => {
  it.each<[string | undefined, number, boolean]>([
    [undefined, 8005, true],
    ['http://localhost:8005', 8005, true],
    ['http://127.0.0.1:8005', 8005, true],
    ['http://[::1]:8005', 8005, true],
    ['http://localhost', 80, true],
    ['https://localhost:8005', 8005, false],
    ['http://127.0.0.1:8006', 8005, false],
    ['http://attacker.example:8005', 8005, false],
    ['https://attacker.example', 8005, false],
    ['http://localhost.attacker.example:8005', 8005, false],
    ['null', 8005, false],
    ['', 8005, false],
  ])('%s on port %d: %s', (origin, port, answered) => {
    expect(isLoopbackOrigin(origin, port)).toBe(answered);
  });
});

describe('the settings file in local mode (docs/api.md §7)', () => {
  const file = (settings: Record<string, unknown>) => ({ path: '/home/ada/personal-site/site-settings.json', settings });

  it('gives npm start what the pages are made of, the limits visitors meet, what holds an inquiry, and the mail’s addresses, as the variables a deployment would set, and nothing of a deployment alone', () => {
    const settings = {
      siteDir: '../site/_site',
      siteName: 'Ada Lovelace',
      formPage: '/hire-me/',
      formSuccessPath: '/thanks/',
      pageStylesheet: '/css/site.css',
      ownerEmail: 'ada@example.com',
      senderEmail: 'contact@ada.example',
      rateLimitIp: 50,
      maxMailsPerHour: 8,
      spamRepeatLimit: 0,
      spamLinkLimit: 3,
      formMinSeconds: 5,
      retentionDays: 7,
      timeZone: 'Europe/Berlin',
      mailLanguage: 'de',
      domainName: 'example.com',
      pricingPlan: 'free',
    };
    expect(settingsFileVariables({}, file(settings))).toEqual({
      variables: {
        SITE_DIR: '../site/_site',
        SITE_NAME: 'Ada Lovelace',
        FORM_PAGE: '/hire-me/',
        FORM_SUCCESS_PATH: '/thanks/',
        PAGE_STYLESHEET: '/css/site.css',
        RATE_LIMIT_IP: '50',
        MAX_MAILS_PER_HOUR: '8',
        SPAM_REPEAT_LIMIT: '0',
        SPAM_LINK_LIMIT: '3',
        FORM_MIN_SECONDS: '5',
        RETENTION_DAYS: '7',
        MAIL_TIME_ZONE: 'Europe/Berlin',
        MAIL_LANGUAGE: 'de',
        CONTACT_TO: 'ada@example.com',
        CONTACT_FROM: 'contact@ada.example',
      },
      keys: ['siteDir', 'siteName', 'formPage', 'formSuccessPath', 'pageStylesheet', 'rateLimitIp', 'maxMailsPerHour', 'spamRepeatLimit', 'spamLinkLimit', 'formMinSeconds', 'retentionDays', 'timeZone', 'mailLanguage', 'ownerEmail', 'senderEmail'],
    });
  });

  it('hands npm start the owner’s own fields as the JSON of EXTRA_FIELDS, an object in the file as synth reads it', () => {
    expect(settingsFileVariables({}, file({ extraFields: { budget: 'Orçamento' } })).variables).toEqual({ EXTRA_FIELDS: '{"budget":"Orçamento"}' });
    const site = siteFolder({ 'contato/index.html': ownerFormPage().replace('<button', '<select name="budget"><option>até R$ 5 mil</option></select><button') });
    expect(readLocalSettings({ EXTRA_FIELDS: '{"budget":"Orçamento"}', SITE_DIR: site, FORM_PAGE: '/contato/' }).formPage?.path).toBe('/contato/');
    expect(configErrorOf(() => readLocalSettings({ SITE_DIR: site, FORM_PAGE: '/contato/' })).message).toContain('whose form has fields the inquiry has not (budget)');
    expect(configErrorOf(() => readLocalSettings({ EXTRA_FIELDS: '{"email":"E-mail"}', SITE_DIR: siteFolder({ 'index.html': 'Home' }) })).message).toBe(
      "EXTRA_FIELDS: email is a field of the inquiry's own or of the service's: name yours otherwise",
    );
  });

  it('lets a variable that is set win, an empty one too, which turns the setting off', () => {
    expect(settingsFileVariables({ SITE_DIR: '', SITE_NAME: 'From the shell' }, file({ siteDir: '../site', siteName: 'From the file', pageStylesheet: '/a.css' }))).toEqual({
      variables: { PAGE_STYLESHEET: '/a.css' },
      keys: ['pageStylesheet'],
    });
  });

  it('stops with one line on a misspelt key, as synth would, and on a value that is no text', () => {
    expect(configErrorOf(() => settingsFileVariables({}, file({ sitedir: '../site' }))).message).toBe(
      'Unknown setting "sitedir" in /home/ada/personal-site/site-settings.json: did you mean "siteDir"?',
    );
    expect(configErrorOf(() => settingsFileVariables({}, file({ siteName: ['Ada'] }))).message).toBe(
      'siteName in /home/ada/personal-site/site-settings.json must be a string, got ["Ada"]',
    );
  });

  it('names a bad value by the key the settings file gave it under, a setting nothing set by its key too, and leaves a variable’s own message alone', () => {
    const fromFile = settingsFileVariables({}, file({ ownerEmail: 'not-an-address' })).variables;
    const message = configErrorOf(() => readLocalSettings(fromFile)).message;
    const siteDirFromFile = { SITE_DIR: '../my-site' };

    expect(inSettingsFileWords(message, ['ownerEmail'], fromFile)).toBe('ownerEmail must be an e-mail address, got "not-an-address"');
    expect(inSettingsFileWords('SITE_DIR is "../my-site": … Point SITE_DIR at ../my-site/_site', ['siteDir'], siteDirFromFile)).toBe('siteDir is "../my-site": … Point siteDir at ../my-site/_site');
    expect(inSettingsFileWords('/contact/ (found with no FORM_PAGE): … no page of SITE_DIR', ['siteDir'], siteDirFromFile)).toBe('/contact/ (found with no formPage): … no page of siteDir');
    // Set in the environment, by the owner: its own name.
    expect(inSettingsFileWords(message, [], { CONTACT_TO: 'not-an-address' })).toBe(message);
    expect(inSettingsFileWords('/contact/ (found with no FORM_PAGE): … no page of SITE_DIR', [], { SITE_DIR: '../my-site' })).toBe('/contact/ (found with no formPage): … no page of SITE_DIR');
    expect(inSettingsFileWords('FORM_PAGE_FILE is empty', ['formPage'], {})).toBe('FORM_PAGE_FILE is empty');
  });
});

