import { describe, expect, it } from '@jest/globals';
import {
  DEFAULT_RATE_LIMITS,
  DEFAULT_SITE_NAME,
  readCounterKeySecret,
  readFormTokenSecret,
  readCounterTableName,
  readDeliverySettings,
  readFormSuccessPath,
  readMailSettings,
  readOtherFormPages,
  readOwnerFormPage,
  readPageStylesheet,
  otherFormPagesValue,
  readSiteDocuments,
  readSiteSettings,
  siteDocumentsValue,
  type Env,
} from '../../lambdas/config.js';
import { configErrorOf } from '../support/config-error.js';
import { OPEN_REDIRECT_ATTEMPTS, SITE_PATHS } from '../support/site-path-cases.js';

describe('readSiteSettings (docs/api.md §7)', () => {
  it('applies the defaults: site name, CORS origins = {base}, limits 5 and 3 per hour', () => {
    expect(readSiteSettings({ BASE_URL: 'https://example.com' })).toEqual({
      baseUrl: 'https://example.com',
      siteName: 'Personal site',
      allowedOrigins: ['https://example.com'],
      limits: { ip: 5, email: 3, windowSeconds: 3600 },
      extraFields: [],
    });
    expect(DEFAULT_SITE_NAME).toBe('Personal site');
    expect(DEFAULT_RATE_LIMITS).toEqual({ ip: 5, email: 3, windowSeconds: 3600 });
  });

  it('counts a site name in characters, as the visitor\'s name is: 120 emoji are 120', () => {
    expect(readSiteSettings({ BASE_URL: 'http://localhost:3000', SITE_NAME: '🦉'.repeat(120) }).siteName).toBe('🦉'.repeat(120));
  });

  it('reads every setting', () => {
    const settings = readSiteSettings({
      BASE_URL: 'http://localhost:3000',
      SITE_NAME: 'Ada’s workshop',
      ALLOWED_ORIGINS: 'https://example.com, https://www.example.com,https://example.com',
      RATE_LIMIT_IP: '10',
      RATE_LIMIT_EMAIL: '1',
      EXTRA_FIELDS: '{"budget":"Budget"}',
    });

    expect(settings).toEqual({
      baseUrl: 'http://localhost:3000',
      siteName: 'Ada’s workshop',
      allowedOrigins: ['https://example.com', 'https://www.example.com'],
      limits: { ip: 10, email: 1, windowSeconds: 3600 },
      extraFields: [{ name: 'budget', label: 'Budget' }],
    });
  });

  it.each([
    ['a trailing slash', 'https://example.com/', 'https://example.com'],
    ['upper case', 'HTTPS://EXAMPLE.COM', 'https://example.com'],
    ['the default port', 'https://example.com:443', 'https://example.com'],
    ['another port', 'http://localhost:8080', 'http://localhost:8080'],
  ])('takes BASE_URL with %s as the bare origin', (_title, value, baseUrl) => {
    expect(readSiteSettings({ BASE_URL: value }).baseUrl).toBe(baseUrl);
  });

  it.each([
    ['1', '1', 1],
    ['10000', '10000', 10_000],
  ])('accepts a limit of %s', (_title, value, limit) => {
    expect(readSiteSettings({ BASE_URL: 'https://example.com', RATE_LIMIT_IP: value }).limits.ip).toBe(limit);
    expect(readSiteSettings({ BASE_URL: 'https://example.com', RATE_LIMIT_EMAIL: value }).limits.email).toBe(limit);
  });

  it.each<[string, Env, string]>([
    ['BASE_URL missing', { BASE_URL: undefined }, 'BASE_URL'],
    ['BASE_URL empty', { BASE_URL: '' }, 'BASE_URL'],
    ['BASE_URL not a URL', { BASE_URL: 'example.com' }, 'BASE_URL'],
    ['BASE_URL with a path', { BASE_URL: 'https://example.com/site' }, 'BASE_URL'],
    ['BASE_URL with a query', { BASE_URL: 'https://example.com/?a=1' }, 'BASE_URL'],
    ['BASE_URL with a fragment', { BASE_URL: 'https://example.com/#top' }, 'BASE_URL'],
    ['BASE_URL with credentials', { BASE_URL: 'https://user:pass@example.com' }, 'BASE_URL'],
    ['BASE_URL of another scheme', { BASE_URL: 'ftp://example.com' }, 'BASE_URL'],
    ['SITE_NAME blank', { SITE_NAME: '   ' }, 'SITE_NAME'],
    ['SITE_NAME empty', { SITE_NAME: '' }, 'SITE_NAME'],
    ['SITE_NAME of two lines', { SITE_NAME: 'Ada\nLovelace' }, 'SITE_NAME'],
    ['SITE_NAME over 120 characters', { SITE_NAME: 'a'.repeat(121) }, 'SITE_NAME'],
    ['SITE_NAME with a right-to-left override', { SITE_NAME: 'Ada \u202Eeclavol' }, 'SITE_NAME'],
    ['SITE_NAME with a line separator', { SITE_NAME: 'Ada\u2028Lovelace' }, 'SITE_NAME'],
    ['ALLOWED_ORIGINS empty', { ALLOWED_ORIGINS: '' }, 'ALLOWED_ORIGINS'],
    ['ALLOWED_ORIGINS of commas only', { ALLOWED_ORIGINS: ' , ,' }, 'ALLOWED_ORIGINS'],
    ['ALLOWED_ORIGINS with a path', { ALLOWED_ORIGINS: 'https://example.com/form' }, 'ALLOWED_ORIGINS'],
    ['ALLOWED_ORIGINS with a wildcard', { ALLOWED_ORIGINS: '*' }, 'ALLOWED_ORIGINS'],
    ['ALLOWED_ORIGINS with one bad entry', { ALLOWED_ORIGINS: 'https://example.com,example.org' }, 'ALLOWED_ORIGINS'],
    ['RATE_LIMIT_IP zero', { RATE_LIMIT_IP: '0' }, 'RATE_LIMIT_IP'],
    ['RATE_LIMIT_IP negative', { RATE_LIMIT_IP: '-1' }, 'RATE_LIMIT_IP'],
    ['RATE_LIMIT_IP fractional', { RATE_LIMIT_IP: '1.5' }, 'RATE_LIMIT_IP'],
    ['RATE_LIMIT_IP a word', { RATE_LIMIT_IP: 'five' }, 'RATE_LIMIT_IP'],
    ['RATE_LIMIT_IP empty', { RATE_LIMIT_IP: '' }, 'RATE_LIMIT_IP'],
    ['RATE_LIMIT_IP with a space', { RATE_LIMIT_IP: ' 5' }, 'RATE_LIMIT_IP'],
    ['RATE_LIMIT_IP in exponent form', { RATE_LIMIT_IP: '1e3' }, 'RATE_LIMIT_IP'],
    ['RATE_LIMIT_IP over ten thousand', { RATE_LIMIT_IP: '10001' }, 'RATE_LIMIT_IP'],
    ['RATE_LIMIT_EMAIL zero', { RATE_LIMIT_EMAIL: '0' }, 'RATE_LIMIT_EMAIL'],
    ['RATE_LIMIT_EMAIL a word', { RATE_LIMIT_EMAIL: 'three' }, 'RATE_LIMIT_EMAIL'],
  ])('refuses %s with a one-line ConfigError naming it', (_title, env, key) => {
    const error = configErrorOf(() => readSiteSettings({ BASE_URL: 'https://example.com', ...env }));

    expect(error.name).toBe('ConfigError');
    expect(error.message).toContain(key);
    expect(error.message).not.toContain('\n');
  });
});

describe('readMailSettings (docs/api.md §7)', () => {
  const MAIL = { CONTACT_TO: 'owner@example.com', CONTACT_FROM: 'contact@example.com' };

  it('reads the owner and sender addresses', () => {
    expect(readMailSettings(MAIL)).toEqual({
      ownerEmail: 'owner@example.com',
      senderEmail: 'contact@example.com',
      senderName: 'Personal site',
    });
  });

  it('reads the site name for the From, and the SES configuration set when one is set', () => {
    expect(readMailSettings({ ...MAIL, SITE_NAME: 'Ada Lovelace', SES_CONFIGURATION_SET: 'site-mail' })).toMatchObject({
      senderName: 'Ada Lovelace',
      configurationSet: 'site-mail',
    });
    expect(() => readMailSettings({ ...MAIL, SES_CONFIGURATION_SET: 'not a name' })).toThrow(/SES_CONFIGURATION_SET/);
  });

  it.each<[string, Env, string]>([
    ['CONTACT_TO missing', { CONTACT_TO: undefined }, 'CONTACT_TO'],
    ['CONTACT_TO empty', { CONTACT_TO: '' }, 'CONTACT_TO'],
    ['CONTACT_TO not an address', { CONTACT_TO: 'owner' }, 'CONTACT_TO'],
    ['CONTACT_TO with a display name', { CONTACT_TO: 'Owner <owner@example.com>' }, 'CONTACT_TO'],
    ['CONTACT_TO without a dot in the domain', { CONTACT_TO: 'owner@localhost' }, 'CONTACT_TO'],
    ['CONTACT_TO of 255 characters', { CONTACT_TO: `${'a'.repeat(243)}@example.com` }, 'CONTACT_TO'],
    ['CONTACT_FROM missing', { CONTACT_FROM: undefined }, 'CONTACT_FROM'],
    ['CONTACT_FROM with two addresses', { CONTACT_FROM: 'a@example.com,b@example.com' }, 'CONTACT_FROM'],
  ])('refuses %s with a ConfigError naming it', (_title, env, key) => {
    const error = configErrorOf(() => readMailSettings({ ...MAIL, ...env }));

    expect(error.message).toContain(key);
    expect(error.message).not.toContain('\n');
  });
});

describe('readCounterTableName', () => {
  it.each([['abc'], ['rate-limit-counters'], ['Site_Counters.v2'], ['a'.repeat(255)]])('accepts %j', (name) => {
    expect(readCounterTableName({ COUNTER_TABLE: name })).toBe(name);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['too short', 'ab'],
    ['too long', 'a'.repeat(256)],
    ['with a space', 'rate limit'],
    ['with a slash', 'rate/limit'],
  ])('refuses a name %s with a ConfigError naming COUNTER_TABLE', (_title, name) => {
    expect(configErrorOf(() => readCounterTableName({ COUNTER_TABLE: name })).message).toContain('COUNTER_TABLE');
  });
});

describe('readSiteDocuments: SITE_DOCUMENTS, what llms.txt links of the site (docs/api.md §6)', () => {
  it('is none when unset or empty', () => {
    for (const env of [{}, { SITE_DOCUMENTS: '' }]) expect(readSiteDocuments(env)).toEqual({ home: false, sitemap: false, markdown: false });
  });

  it.each([
    ['home', { home: true, sitemap: false, markdown: false }],
    ['sitemap,markdown', { home: false, sitemap: true, markdown: true }],
    ['home,sitemap,markdown', { home: true, sitemap: true, markdown: true }],
  ])('reads %j, and writes it back as siteDocumentsValue does', (value, documents) => {
    expect(readSiteDocuments({ SITE_DOCUMENTS: value })).toEqual(documents);
    expect(siteDocumentsValue(documents)).toBe(value);
  });

  it.each([['pages'], ['home, sitemap'], ['home,'], ['HOME'], ['home;sitemap']])('refuses %j with a ConfigError naming SITE_DOCUMENTS and what it takes', (value) => {
    expect(configErrorOf(() => readSiteDocuments({ SITE_DOCUMENTS: value })).message).toMatch(/^SITE_DOCUMENTS must list any of home, sitemap, markdown/);
  });
});

describe('readDeliverySettings: OWNER_INBOX_ENDPOINT, the inbox the digest tells the owner to name (docs/api.md §7)', () => {
  const delivery: Env = { CONTACT_TO: 'owner@example.com', CONTACT_FROM: 'contact@example.com', INQUIRY_TABLE: 'inquiries', COUNTER_TABLE: 'counters' };

  it('is none unless set, as deployed, or when empty', () => {
    expect(readDeliverySettings(delivery).inboxEndpoint).toBeUndefined();
    expect(readDeliverySettings({ ...delivery, OWNER_INBOX_ENDPOINT: '' }).inboxEndpoint).toBeUndefined();
  });

  it('is the origin local mode sets', () => {
    expect(readDeliverySettings({ ...delivery, OWNER_INBOX_ENDPOINT: 'http://127.0.0.1:8006' }).inboxEndpoint).toBe('http://127.0.0.1:8006');
  });

  it.each([['127.0.0.1:8006'], ['http://127.0.0.1:8006/path'], ['file:///tmp/inbox']])('refuses %j, naming OWNER_INBOX_ENDPOINT', (endpoint) => {
    expect(configErrorOf(() => readDeliverySettings({ ...delivery, OWNER_INBOX_ENDPOINT: endpoint })).message).toContain('OWNER_INBOX_ENDPOINT');
  });
});

describe('readDeliverySettings: MAIL_TIME_ZONE, the time zone of the mails (docs/api.md §12)', () => {
  const delivery: Env = { CONTACT_TO: 'owner@example.com', CONTACT_FROM: 'contact@example.com', INQUIRY_TABLE: 'inquiries', COUNTER_TABLE: 'counters' };

  it('is UTC unless set, or when empty', () => {
    expect(readDeliverySettings(delivery).timeZone).toBe('UTC');
    expect(readDeliverySettings({ ...delivery, MAIL_TIME_ZONE: '' }).timeZone).toBe('UTC');
  });

  it.each([
    ['Europe/Berlin', 'Europe/Berlin'],
    ['europe/berlin', 'Europe/Berlin'],
    ['America/Toronto', 'America/Toronto'],
    ['Etc/UTC', 'UTC'],
    ['utc', 'UTC'],
    // Current names Intl knows by their old ones (Europe/Kiev, Asia/Calcutta) stay as written.
    ['Europe/Kyiv', 'Europe/Kyiv'],
    ['Asia/Kolkata', 'Asia/Kolkata'],
    ['America/Argentina/Buenos_Aires', 'America/Argentina/Buenos_Aires'],
  ])('takes %j as %j', (value, zone) => {
    expect(readDeliverySettings({ ...delivery, MAIL_TIME_ZONE: value }).timeZone).toBe(zone);
  });

  it.each([['+01:00'], ['EST'], ['CET'], ['Etc/GMT+1'], ['Etc/GMT-14'], ['SystemV/AST4'], ['Europe/Atlantis'], ['Europe/Berlin\n'], ['../etc/passwd'], ['Europe/']])('refuses %j, naming MAIL_TIME_ZONE and an example', (value) => {
    expect(configErrorOf(() => readDeliverySettings({ ...delivery, MAIL_TIME_ZONE: value })).message).toBe(
      `MAIL_TIME_ZONE must be a time zone of the IANA database, such as Europe/Berlin or America/Toronto, or UTC, got ${JSON.stringify(value)}`,
    );
  });
});

describe('readDeliverySettings: MAIL_LANGUAGE, the language of the mails (docs/api.md §7)', () => {
  const delivery: Env = { CONTACT_TO: 'owner@example.com', CONTACT_FROM: 'contact@example.com', INQUIRY_TABLE: 'inquiries', COUNTER_TABLE: 'counters' };

  it('is English unless set, or when empty', () => {
    expect(readDeliverySettings(delivery).language).toBe('en');
    expect(readDeliverySettings({ ...delivery, MAIL_LANGUAGE: '' }).language).toBe('en');
  });

  it.each([['pt-BR', 'pt-BR'], ['PT', 'pt-BR'], ['de-AT', 'de'], ['nl', 'nl'], ['sv-SE', 'sv'], ['pt_pt', 'pt-PT']])('takes %j as %j', (value, language) => {
    expect(readDeliverySettings({ ...delivery, MAIL_LANGUAGE: value }).language).toBe(language);
  });

  it.each([['ja'], ['english'], ['fr\n'], ['fr-']])('refuses %j, naming MAIL_LANGUAGE and the languages', (value) => {
    expect(configErrorOf(() => readDeliverySettings({ ...delivery, MAIL_LANGUAGE: value })).message).toBe(
      `MAIL_LANGUAGE must be the language the mails are written in, one of en, de, es, fr, it, nl, pt-BR, pt-PT, sv, got ${JSON.stringify(value)}`,
    );
  });
});

describe('readDeliverySettings: MAIL_SUBJECT, the owner’s own subject of an inquiry’s mail (docs/api.md §7)', () => {
  const delivery: Env = { CONTACT_TO: 'owner@example.com', CONTACT_FROM: 'contact@example.com', INQUIRY_TABLE: 'inquiries', COUNTER_TABLE: 'counters' };

  it('is none unless set, or when empty: the language’s subject', () => {
    expect(readDeliverySettings(delivery)).not.toHaveProperty('mailSubject');
    expect(readDeliverySettings({ ...delivery, MAIL_SUBJECT: '' })).not.toHaveProperty('mailSubject');
  });

  it.each([
    ['Enquiry from {name}', 'Enquiry from {name}'],
    ['  {name} wrote  ', '{name} wrote'],
    ['New enquiry via the website', 'New enquiry via the website'],
    ['{name} – {name}', '{name} – {name}'],
    ['x'.repeat(100), 'x'.repeat(100)],
    ['{', '{'],
  ])('takes %j as %j', (value, subject) => {
    expect(readDeliverySettings({ ...delivery, MAIL_SUBJECT: value }).mailSubject).toBe(subject);
  });

  it.each([['x'.repeat(101)], ['   '], ['Enquiry\nBcc: eve@example.com'], ['Enquiry\rfrom {name}'], ['=?utf-8?q?x?='], ['Enquiry \u202e']])('refuses %j: one line of 1 to 100 printable characters', (value) => {
    expect(configErrorOf(() => readDeliverySettings({ ...delivery, MAIL_SUBJECT: value })).message).toBe(
      `MAIL_SUBJECT must be one line of 1 to 100 characters, such as "Enquiry from {name}" (the visitor's name in its place), got ${JSON.stringify(value)}`,
    );
  });

  it.each([['Enquiry from {Name}', '{Name}'], ['{name} at {company}', '{company}'], ['{}', '{}'], ['{ name }', '{ name }']])('refuses %j, naming the placeholder %j', (value, placeholder) => {
    expect(configErrorOf(() => readDeliverySettings({ ...delivery, MAIL_SUBJECT: value })).message).toBe(
      `MAIL_SUBJECT may hold {name}, the visitor's name, and no other placeholder: ${JSON.stringify(placeholder)}`,
    );
  });
});

describe.each([
  ['COUNTER_KEY_SECRET', readCounterKeySecret, 'docs/api.md §4'],
  ['FORM_TOKEN_SECRET', readFormTokenSecret, 'docs/api.md §15'],
] as const)('%s, a key of its own (%s)', (key, read, _section) => {
  it.each([['32 characters', 'a'.repeat(32)], ['a generated password', 'pA$$w0rd!#%&()*+,-./:;<=>?@[]^_`{|}~0123456789']])(
    'accepts %s',
    (_title, secret) => {
      expect(read({ [key]: secret })).toBe(secret);
    },
  );

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['of 31 characters', 'a'.repeat(31)],
    ['with a space', `${'a'.repeat(32)} b`],
    ['with a line break', `${'a'.repeat(32)}\n`],
  ])('refuses a key %s with a ConfigError that names the setting, never the value', (_title, secret) => {
    const error = configErrorOf(() => read({ [key]: secret }));

    expect(error.message).toContain(key);
    if (secret) expect(error.message).not.toContain(secret.trim());
  });

  it('reads only its own variable: the other key never stands in for it', () => {
    const other = key === 'COUNTER_KEY_SECRET' ? 'FORM_TOKEN_SECRET' : 'COUNTER_KEY_SECRET';
    expect(configErrorOf(() => read({ [other]: 'a'.repeat(32) })).message).toBe(`${key} is required but not set`);
  });
});

describe.each([
  ['PAGE_STYLESHEET', readPageStylesheet, '/css/site.css'],
  ['FORM_SUCCESS_PATH', readFormSuccessPath, '/thanks/'],
] as const)('%s, a path of the site (docs/api.md §7, §9)', (key, read, example) => {
  it('is none when unset or empty', () => {
    expect(read({})).toBeUndefined();
    expect(read({ [key]: '' })).toBeUndefined();
  });

  it.each(SITE_PATHS.map((path) => [path]))('takes %s as it is', (path) => {
    expect(read({ [key]: path })).toBe(path);
  });

  it.each(OPEN_REDIRECT_ATTEMPTS)('refuses %j (%s) with one line naming the setting', (value) => {
    const { message } = configErrorOf(() => read({ [key]: value }));
    expect(message.startsWith(`${key} must be a path of the site itself, such as ${example}:`)).toBe(true);
    expect(message).toContain(JSON.stringify(value));
    expect(message).not.toContain('\n');
  });
});

describe('OTHER_FORM_PAGES: the other contact pages and their files (docs/api.md §9)', () => {
  const pages = [
    { path: '/en/contact/', file: 'form-page-1.html', successPath: '/en/thanks/' },
    { path: '/caf%C3%A9/contact.html', file: '/tmp/copy/form-page-2.html' },
  ];

  it('reads what the stack and local mode write, and none when unset or empty', () => {
    expect(readOtherFormPages({ OTHER_FORM_PAGES: otherFormPagesValue(pages) })).toEqual(pages);
    expect(otherFormPagesValue([])).toBe('');
    expect(readOtherFormPages({})).toEqual([]);
    expect(readOtherFormPages({ OTHER_FORM_PAGES: '' })).toEqual([]);
  });

  it.each([
    ['not JSON', '[["/en/contact/"'],
    ['no array', '{"path":"/en/contact/"}'],
    ['a page without its file', '[["/en/contact/"]]'],
    ['an empty file', '[["/en/contact/",""]]'],
    ['one item too many', '[["/a/","a.html","/t/","x"]]'],
    ['a number', '[["/a/",1]]'],
  ])('refuses %s with one line naming the setting', (_title, value) => {
    expect(configErrorOf(() => readOtherFormPages({ OTHER_FORM_PAGES: value })).message).toBe(
      `OTHER_FORM_PAGES must be a JSON array of [path, file] or [path, file, successPath], got ${JSON.stringify(value)}`,
    );
  });

  it.each(OPEN_REDIRECT_ATTEMPTS)('refuses %j (%s) as a path or a thank-you page', (value) => {
    expect(configErrorOf(() => readOtherFormPages({ OTHER_FORM_PAGES: JSON.stringify([[value, 'a.html']]) })).message).toMatch(/^OTHER_FORM_PAGES must be a path of the site itself/);
    expect(configErrorOf(() => readOtherFormPages({ OTHER_FORM_PAGES: JSON.stringify([['/a/', 'a.html', value]]) })).message).toMatch(/^OTHER_FORM_PAGES must be a path of the site itself/);
  });
});

describe('readOwnerFormPage (docs/api.md §9)', () => {
  it('reads the page from its file, or from the existing site, as the stack sets the three', () => {
    expect(readOwnerFormPage({ FORM_PAGE: '', FORM_PAGE_FILE: '', FORM_PAGE_ORIGIN: '' })).toBeUndefined();
    expect(readOwnerFormPage({ FORM_PAGE: '/contact/', FORM_PAGE_FILE: 'form-page.html', FORM_PAGE_ORIGIN: '' })).toEqual({ path: '/contact/', file: 'form-page.html' });
    expect(readOwnerFormPage({ FORM_PAGE: '/contact/', FORM_PAGE_FILE: '', FORM_PAGE_ORIGIN: 'https://you.github.io' })).toEqual({ path: '/contact/', origin: 'https://you.github.io' });
  });

  it('refuses a page with neither, and an origin that is none, with one line', () => {
    expect(configErrorOf(() => readOwnerFormPage({ FORM_PAGE: '/contact/' })).message).toBe('FORM_PAGE_FILE or FORM_PAGE_ORIGIN is required with FORM_PAGE, and neither is set');
    expect(configErrorOf(() => readOwnerFormPage({ FORM_PAGE: '/contact/', FORM_PAGE_ORIGIN: 'you.github.io' })).message).toMatch(/^FORM_PAGE_ORIGIN must be/);
  });
});
