import { describe, expect, it } from '@jest/globals';
import { rmSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { digestBannerLine, limitSpentLine, limitsBannerLine, mailBannerLine, settingsBannerLine, siteBannerLines, siteOriginBannerLine, siteOriginBesideSiteDirLine } from '../../../bin/local/site-banner.js';
import { readLocalSettings } from '../../../bin/local/settings.js';
import { formServicePages, otherContactNotesLines, otherContactPages, otherContactPagesLine } from '../../../lib/settings/form-page.js';
import { siteFiles } from '../../../lib/pages/site-files.js';
import { ownerFormPage } from '../../support/form-pages.js';
import { siteFolder } from '../../support/site-folder.js';

/* npm start's banner (docs/api.md §4, §7): what the pages are made of and what the preview allows, each from where, and how to test more. */

describe('digestBannerLine', () => {
  it('says how often the digest goes, and, while repeated text is held, to vary test posts', () => {
    expect(digestBannerLine(60, 2)).toBe(
      'Digest     every 60 s, when an inquiry is held as suspected spam (DIGEST_SECONDS; deployed, once a day; each run logs a digest line, "outcome":"empty" while none is); one text sent more than 2 times in a UTC day is held too: vary your test posts',
    );
    expect(digestBannerLine(5, 1)).toContain('; one text sent more than once in a UTC day is held too');
    expect(digestBannerLine(60, 0)).toBe('Digest     every 60 s, when an inquiry is held as suspected spam (DIGEST_SECONDS; deployed, once a day; each run logs a digest line, "outcome":"empty" while none is)');
  });
});

describe('settingsBannerLine', () => {
  const path = '/home/ada/personal-site/site-settings.json';

  it('names the file and the keys the preview read from it', () => {
    expect(settingsBannerLine({ path, exists: true, settings: { siteDir: '_site', ownerEmail: 'ada@example.com' } }, ['siteDir', 'ownerEmail'])).toBe(
      `Settings   ${path}: siteDir, ownerEmail  (an environment variable that is set wins)`,
    );
  });

  it('says how to make the file when there is none, where every setting is a placeholder', () => {
    expect(settingsBannerLine({ path, exists: false, settings: {} }, [])).toBe(
      `Settings   none: no ${path}  (cp site-settings.example.json site-settings.json, then set your name, addresses and siteDir in it)`,
    );
  });

  it('names what the preview leaves to the deploy, and nothing of a file that holds nothing', () => {
    const settings = { siteDir: '_site', domainName: 'example.com', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/x' };
    expect(settingsBannerLine({ path, exists: true, settings }, ['siteDir'])).toBe(
      `Settings   ${path}: siteDir  (an environment variable that is set wins); the deploy's alone: domainName, certificateArn`,
    );
    expect(settingsBannerLine({ path, exists: true, settings: { pricingPlan: 'free' } }, [])).toBe(`Settings   ${path}: the deploy's alone: pricingPlan`);
    expect(settingsBannerLine({ path, exists: true, settings: {} }, [])).toBeUndefined();
    // The preview fetches an existing site's pages, as deployed.
    expect(settingsBannerLine({ path, exists: true, settings: { siteOrigin: 'https://you.github.io', domainName: 'example.com' } }, [])).toBe(
      `Settings   ${path}: siteOrigin  (a SITE_DIR, when set, previews a build instead); the deploy's alone: domainName`,
    );
    // A CDK feature flag is no setting of the owner's.
    expect(settingsBannerLine({ path, exists: true, settings: { '@aws-cdk/core:newStyleStackSynthesis': true } }, [])).toBeUndefined();
  });
});

describe('limitsBannerLine', () => {
  it('gives the default limits as deployed, and how to raise them for testing', () => {
    expect(limitsBannerLine({}, { ip: 5, email: 3 }, [])).toBe(
      'Limits     5 posts an hour from one address, invalid ones included (the default), 3 an hour for one e-mail address (the default), as deployed; to test more: RATE_LIMIT_IP=100 RATE_LIMIT_EMAIL=100 npm start',
    );
  });

  it('names the settings file’s key a limit came from, still as deployed', () => {
    expect(limitsBannerLine({ RATE_LIMIT_IP: '20' }, { ip: 20, email: 3 }, ['siteDir', 'rateLimitIp'])).toBe(
      'Limits     20 posts an hour from one address, invalid ones included (rateLimitIp), 3 an hour for one e-mail address (the default), as deployed; to test more: RATE_LIMIT_IP=100 RATE_LIMIT_EMAIL=100 npm start',
    );
  });

  it('says one post as one', () => {
    expect(limitsBannerLine({ RATE_LIMIT_IP: '1', RATE_LIMIT_EMAIL: '1' }, { ip: 1, email: 1 }, [])).toMatch(/^Limits {5}1 post an hour from one address, .*, 1 an hour for one e-mail address/);
  });

  it('says that a variable set the limits for this preview alone', () => {
    expect(limitsBannerLine({ RATE_LIMIT_IP: '100', RATE_LIMIT_EMAIL: '100' }, { ip: 100, email: 100 }, [])).toBe(
      'Limits     100 posts an hour from one address, invalid ones included (RATE_LIMIT_IP), 100 an hour for one e-mail address (RATE_LIMIT_EMAIL): set for this preview alone (a deployment reads rateLimitIp and rateLimitEmail)',
    );
  });
});

describe('limitSpentLine', () => {
  it('says which limits are spent, as a visitor’s would be, and how to test on', () => {
    expect(limitSpentLine({ ip: 5, email: 3 })).toBe(
      "Limits     a post was answered 429 Too Many Requests: this hour's 5 posts from one address, or 3 for one e-mail address, are spent, as a visitor's would be; to test more, stop npm start (Ctrl-C) and start it as RATE_LIMIT_IP=100 RATE_LIMIT_EMAIL=100 npm start",
    );
    expect(limitSpentLine({ ip: 1, email: 1 })).toMatch(/this hour's 1 post from one address, or 1 for one/);
  });

  it('advises nothing more once both limits are raised for testing, as they may be already', () => {
    expect(limitSpentLine({ ip: 100, email: 100 })).toMatch(/, are spent, as a visitor's would be$/);
    expect(limitSpentLine({ ip: 100, email: 99 })).toMatch(/; to test more, stop npm start/);
  });
});

/** The other contact pages of a folder without a form page, as start-up finds them. */
const found = (siteDir: string) => otherContactPages({ folder: siteDir, setting: 'SITE_DIR' }, siteFiles(siteDir).files, undefined);

describe('siteBannerLines', () => {
  const env = { SITE_NAME: "Grace's notebook", FORM_SUCCESS_PATH: '/thanks/', PAGE_STYLESHEET: '/css/site.css' };
  const settings = { formSuccessPath: { path: '/thanks/', source: 'setting' as const }, otherContactPages: [] };
  /** A form page found in the folder, for the lines that read it. */
  const formPage = {
    path: '/contact/',
    file: '/site/contact/index.html',
    source: 'found' as const,
    subresources: [],
    missingSubresources: [],
    errorFor: [],
    errorWorded: [],
    fields: [],
    ownFields: [],
    honeypotShown: false,
    worded: false,
    unwordedAnswers: [],
    refusedByPolicy: { styleAttributes: 0, handlerAttributes: 0, inlinePast: 0, otherOrigins: [], captchas: [] },
    loadedOrigins: [],
  };

  it('with siteOrigin, says synth’s lines of the form’s pages, and under the form page what start-up found fetching it', () => {
    const existing = { ...settings, siteOrigin: 'https://you.github.io', siteFormPage: '/contact/' };
    const lines = siteBannerLines(env, existing, ['siteOrigin', 'formPage'], 'Form page  https://you.github.io/contact/: read from your site now');
    expect(lines.slice(1, 4)).toEqual([
      expect.stringMatching(/^Form page  \/contact\/ at https:\/\/you\.github\.io  \(formPage: /),
      'Form page  https://you.github.io/contact/: read from your site now',
      expect.stringMatching(/^Thank-you  \/thanks\/  \(formSuccessPath, /),
    ]);
    expect(siteBannerLines(env, { ...existing, siteFormPage: undefined }, ['siteOrigin'])[1]).toMatch(/^Form page  the service's own, at \/contact, .*; formPage names your contact page at your site instead/);
    const { PAGE_STYLESHEET: _none, ...unstyled } = env;
    expect(siteBannerLines(unstyled, existing, ['siteOrigin', 'formPage']).at(-1)).toBe(
      "Style      none, and hardly needed: visitors see your form and thank-you pages; the service's own page only for a post it cannot read, or while your host cannot give your contact page",
    );
  });

  it('credits the settings file’s key for a value the file gave', () => {
    expect(siteBannerLines(env, settings, ['siteName', 'formSuccessPath', 'pageStylesheet'])).toEqual([
      "Site name  Grace's notebook  (siteName)",
      expect.stringMatching(/^Form page  \/contact, the service's own/),
      'Thank-you  /thanks/  (formSuccessPath)',
      'Style      /css/site.css  (pageStylesheet)',
    ]);
  });

  it('credits the variable for a value the environment gave', () => {
    expect(siteBannerLines(env, settings, [])).toEqual([
      "Site name  Grace's notebook  (SITE_NAME)",
      expect.stringMatching(/^Form page  \/contact, the service's own/),
      'Thank-you  /thanks/  (FORM_SUCCESS_PATH)',
      'Style      /css/site.css  (PAGE_STYLESHEET)',
    ]);
  });

  it('says of a thank-you page in the site’s folder that search engines would list, without noindex', () => {
    const siteDir = siteFolder({ 'thanks/index.html': '<title>Thanks</title>', 'merci/index.html': '<meta name="ROBOTS" content="noindex, nofollow"><title>Merci</title>' });
    const line = (path: string) => siteBannerLines({}, { siteDir, formSuccessPath: { path, source: 'setting' }, otherContactPages: [] }, [])[2];

    expect(line('/thanks/')).toBe(`Thank-you  /thanks/  (FORM_SUCCESS_PATH; it has no <meta name="robots" content="noindex">, so search engines and the sitemap may list it: add it to its <head> (a generator: the page's front matter, or a layout block such as MkDocs Material's extrahead))`);
    expect(line('/merci/')).toBe('Thank-you  /merci/  (FORM_SUCCESS_PATH)');
    // A page of the service is never listed.
    expect(line('/contact/sent')).toBe('Thank-you  /contact/sent  (FORM_SUCCESS_PATH)');
  });

  it('names the settings file’s key for each page setting left unset, as the file is where an owner sets them', () => {
    expect(siteBannerLines({}, { otherContactPages: [] }, [])).toEqual([
      'Site name  Personal site  (the default; siteName in your settings file names yours)',
      "Form page  /contact, the service's own  (no formPage, and no siteDir to find one in)",
      "Thank-you  /contact/sent, the service's own  (data-success-path on your form, or formSuccessPath, names yours)",
      "Style      none: the service's form and thank-you page in its own style  (pageStylesheet in your settings file names yours)",
    ]);
  });

  it('names a page whose inquiry form Netlify Forms takes in, which posts to a page of the site, as a form service', () => {
    const netlify = (form: string) =>
      `<form name="kontakt" method="POST" ${form}><input type="hidden" name="form-name" value="kontakt"><input name="name"><input name="email" type="email"><textarea name="nachricht"></textarea><button>Senden</button></form>`;
    const siteDir = siteFolder({
      'kontakt.html': netlify('data-netlify="true" netlify-honeypot="bot-field" action="/danke.html"'),
      'en/contact.html': netlify('netlify').replace('<input type="hidden" name="form-name" value="kontakt">', ''),
      'de/kontakt.html': netlify('action="/danke.html"'),
      // A form marked off, and one moved to /contact already with the attribute left: neither is Netlify's.
      'off.html': netlify('data-netlify="false" action="/danke.html"').replace('name="form-name"', 'name="form"'),
      'moved.html': netlify('data-netlify="true" action="/contact"'),
      'moved-whole.html': netlify('data-netlify="true" action="https://example.de/contact"'),
      // Netlify's skeleton of a form a script draws: no method, hidden.
      'js/kontakt.html': '<form name="kontakt" netlify hidden><input name="name"><input type="email" name="email"><textarea name="message"></textarea></form>',
      // Another service's form with the attribute left: that service's.
      'formspree.html': netlify('data-netlify="true" action="https://formspree.io/f/abcd1234"'),
      'danke.html': 'Danke',
    });
    const services = formServicePages({ folder: siteDir, setting: 'SITE_DIR', ownOrigins: ['https://example.de'] }, siteFiles(siteDir).files);
    expect(services.map(({ path, host }) => [path, host])).toEqual([
      ['/formspree.html', 'formspree.io'],
      ['/kontakt.html', 'Netlify'],
      ['/de/kontakt.html', 'Netlify'],
      ['/en/contact.html', 'Netlify'],
      ['/js/kontakt.html', 'Netlify'],
    ]);
    expect(siteBannerLines({}, { siteDir, otherContactPages: [], formServicePages: services.slice(1, 2) }, [])[1]).toMatch(
      /; \/kontakt\.html's form posts to Netlify: its action="\/contact" sends the inquiry here instead \(docs\/form-services\.md: what each of its fields becomes\)/,
    );
  });

  it('names a page whose inquiry form posts to a form service, to point at /contact, when no page posts there', () => {
    const formspree = ownerFormPage().replace('action="/contact"', 'action="https://formspree.io/f/abcd1234"').replace('name="email"', 'name="_replyto"');
    const siteDir = siteFolder({
      'index.html': '<title>Home</title><form method="post" action="https://news.example/subscribe"><input name="email"></form>',
      'contact.html': formspree,
      'blog/contact.html': formspree.replace('formspree.io', 'getform.io'),
      // A comment form (a message, no address to answer), and a form whose button posts it here already.
      'blog/post.html': '<form method="post" action="https://api.staticman.net/v3/entry"><input name="name"><textarea name="message"></textarea><button>Post</button></form>',
      'blog/moving.html': formspree.replace('<button type="submit">', '<button type="submit" formaction="/contact">'),
      'css/site.css': 'body {}',
    });
    const files = siteFiles(siteDir).files;
    const services = formServicePages({ folder: siteDir, setting: 'SITE_DIR' }, files);
    expect(services).toEqual([
      { path: '/contact.html', file: join(siteDir, 'contact.html'), host: 'formspree.io' },
      { path: '/blog/contact.html', file: join(siteDir, 'blog/contact.html'), host: 'getform.io' },
    ]);
    expect(siteBannerLines({}, { siteDir, otherContactPages: found(siteDir), formServicePages: services }, ['siteDir'])[1]).toBe(
      'Form page  /contact, the service\'s own  (no formPage, and siteDir\'s /contact.html has no form posting to /contact, so visitors at /contact get this form, not your page (README "Your own contact page"); the forms of /contact.html, /blog/contact.html post to formspree.io, getform.io: each one\'s action="/contact" sends the inquiry here instead (docs/form-services.md: what each of its fields becomes), and this line then says what else it needs)',
    );
    const one = siteFolder({ 'contact.html': formspree });
    const alone = formServicePages({ folder: one, setting: 'SITE_DIR' }, siteFiles(one).files);
    expect(siteBannerLines({}, { siteDir: one, otherContactPages: [], formServicePages: alone }, [])[1]).toMatch(
      /; \/contact\.html's form posts to formspree\.io: its action="\/contact" sends the inquiry here instead /,
    );
    // A page posting to /contact is named instead: it is one step further.
    const both = siteFolder({ 'contact.html': formspree, 'contatti/index.html': ownerFormPage() });
    expect(siteBannerLines({}, { siteDir: both, otherContactPages: found(both), formServicePages: formServicePages({ folder: both, setting: 'SITE_DIR' }, siteFiles(both).files) }, [])[1]).toMatch(
      /; \/contatti\/ has one: "formPage": "\/contatti\/" in your settings file makes it your form page\)$/,
    );
  });

  it('names the pages elsewhere in the folder whose form posts to /contact, which formPage would make the form page, and no other', () => {
    const siteDir = siteFolder({
      'index.html': '<title>Home</title><form method="post" action="/newsletter"><input name="email"></form>',
      'contatti/index.html': ownerFormPage({ title: 'Contatti' }),
      'blog/post/index.html': '<title>A post</title><p>Write to me: <a href="/contatti/">contact</a></p>',
      'css/site.css': 'body {}',
    });
    expect(siteBannerLines({}, { siteDir, otherContactPages: found(siteDir) }, ['siteDir'])[1]).toBe(
      'Form page  /contact, the service\'s own  (no formPage, and siteDir has no /contact/ or /contact.html whose form posts to /contact; /contatti/ has one: "formPage": "/contatti/" in your settings file makes it your form page)',
    );
    // A page past what a form page may be is not read at all (a sparse 3 GB file here), a name is printed as a terminal may show it.
    const odd = siteFolder({ 'con\u200Btact/index.html': ownerFormPage(), 'huge/index.html': '' });
    truncateSync(join(odd, 'huge/index.html'), 3 * 1024 ** 3);
    expect(siteBannerLines({}, { siteDir: odd, otherContactPages: found(odd) }, [])[1]).toMatch(/; \/con\\u200Btact\/ has one: "formPage": "\/con\\u200Btact\/" in your settings file/);
    const two = siteFolder({ 'contatti/index.html': ownerFormPage(), 'it/contatti/index.html': ownerFormPage() });
    expect(siteBannerLines({}, { siteDir: two, otherContactPages: found(two) }, [])[1]).toMatch(/; \/contatti\/, \/it\/contatti\/ have one: "formPage": "\/contatti\/" in your settings file makes it your form page \(or name another: each of the others answers the posts sent from it, \/contact leads to the one named\)\)$/);
  });

  it('finds a flat site’s /contact.html as it finds /contact/, and says so of one whose form does not post to /contact, which /contact would hide', () => {
    const flat = siteFolder({ 'contact.html': ownerFormPage(), 'about.html': '<title>About</title>', 'css/site.css': 'body {}' });
    const settings = readLocalSettings({ SITE_DIR: flat });
    expect(settings.formPage?.path).toBe('/contact.html');
    expect(siteBannerLines({ SITE_DIR: flat }, settings, [])[1]).toBe(`Form page  /contact.html  ${join(flat, 'contact.html')}  (found, its form posting to /contact; formPage names another, shown at /contact too)`);
    // A React form that posts by fetch alone has no action: the service's form would answer /contact in its place.
    const scripted = siteFolder({ 'contact.html': '<title>Contact</title><form id="contact"><input name="name"><input name="email"><textarea name="message"></textarea><button>Send</button></form>' });
    expect(siteBannerLines({}, readLocalSettings({ SITE_DIR: scripted }), ['siteDir'])[1]).toBe(
      'Form page  /contact, the service\'s own  (no formPage, and siteDir\'s /contact.html has no form posting to /contact, so visitors at /contact get this form, not your page (README "Your own contact page"))',
    );
    // A folder's /contact/ comes first, as the address /contact leads to.
    const both = siteFolder({ 'contact.html': ownerFormPage(), 'contact/index.html': ownerFormPage() });
    expect(readLocalSettings({ SITE_DIR: both }).formPage?.path).toBe('/contact/');
  });

  it('names the built folder, not formPage, when the page is in the generator’s output inside a project folder', () => {
    const project = siteFolder({ 'public/index.html': '<title>Strona</title>', 'public/kontakt/index.html': ownerFormPage({ title: 'Kontakt' }) });
    rmSync(join(project, 'index.html'));
    expect(siteBannerLines({}, { siteDir: project, otherContactPages: found(project) }, ['siteDir'])[1]).toMatch(
      new RegExp(`; /public/kontakt/ has one, in ${join(project, 'public').replaceAll('/', '\\/')}, which holds your home page: name that folder as siteDir\\)$`),
    );
  });

  it('says which of the service’s pages visitors still see without a style sheet, and that one is hardly needed when both pages are the owner’s', () => {
    const thanks = { path: '/thanks/', source: 'setting' as const };
    const style = (settings: Parameters<typeof siteBannerLines>[1]) => siteBannerLines({}, settings, [])[3];

    expect(style({ formPage, otherContactPages: [] })).toBe("Style      none: the service's thank-you page in its own style  (pageStylesheet in your settings file names yours)");
    expect(style({ formSuccessPath: thanks, otherContactPages: [] })).toBe("Style      none: the service's form in its own style  (pageStylesheet in your settings file names yours)");
    expect(style({ formPage, formSuccessPath: thanks, otherContactPages: [] })).toBe("Style      none, and hardly needed: visitors see your form and thank-you pages; the service's own page only for a post it cannot read");
  });

  it('says what visitors of the other contact pages get, with JavaScript and without, after the Thank-you line', () => {
    const { source: _found, ...checked } = formPage;
    const english = { ...checked, fields: ['name', 'email', 'message', '_gotcha'], errorFor: ['name', 'email', 'message'], path: '/en/contact/', file: '/site/en/contact/index.html', successPath: '/en/thanks/' };
    const lines = siteBannerLines({}, { formPage, formSuccessPath: { path: '/bedankt/', source: 'form page' }, otherContactPages: [english] }, []);
    expect(lines[3]).toBe(
      'Other form /en/contact/  (its form posts to /contact too: with the example script, a visitor gets its wording and the thank-you page its form names, if any (data-success-path); ' +
        'without JavaScript, a refused post comes back in it and a sent one lands on the thank-you page its form names, else on /bedankt/ (docs/api.md §9))',
    );
    const pages = ['/a/', '/b.html', '/c/', '/d/', '/e/'].map((path) => ({ path, file: `/site${path}` }));
    expect(otherContactPagesLine(pages, undefined, undefined)).toBe(
      "/a/, /b.html, /c/ and 2 more  (their forms post to /contact too: with the example script, a visitor gets each one's wording and the thank-you page each form names, if any (data-success-path); " +
        'without JavaScript, a refused post comes back in the service\'s own form (/contact) and a sent one lands on the service\'s /contact/sent: "formPage": "/a/" in your settings file makes the first your form page (docs/api.md §9))',
    );
    expect(otherContactPagesLine(pages, formPage, undefined)).toMatch(
      /without JavaScript, a refused post comes back in the page it was sent from and a sent one lands on the thank-you page that form names, else on the service's \/contact\/sent \(docs\/api.md §9\)\)$/,
    );
    // Past the room the contact function's settings hold, the deepest are answered as the form page's.
    const many = Array.from({ length: 40 }, (_, index) => ({ path: `/language-${String(index).padStart(2, '0')}/contact/`, file: `/site/${index}.html`, successPath: `/language-${index}/thanks/` }));
    expect(otherContactPagesLine(many, formPage, undefined)).toMatch(
      /; but \/language-1\d\/contact\/, \/language-\d\d\/contact\/, \/language-\d\d\/contact\/ and \d+ more, past the 1024 bytes the contact function's settings hold for them, are answered as \/contact\/'s \(docs\/api.md §9\)\)$/,
    );
    // A page that lacks something gets a line of its own, as the form page's line says it.
    const trapless = { ...english, fields: ['name', 'email', 'message'] };
    expect(siteBannerLines({}, { formPage, otherContactPages: [trapless] }, []).filter((line) => line.startsWith('Other form'))).toEqual([
      expect.stringMatching(/^Other form \/en\/contact\/ {2}\(its form posts to \/contact too: /),
      'Other form /en/contact/  /site/en/contact/index.html  (its form has no _gotcha field, the spam trap (the example\'s, in a <div hidden>), so robots that fill in every field are not refused (the other spam rules still hold))',
    ]);
    const lacking = ['/a/', '/b/', '/c/', '/d/', '/e/'].map((path) => ({ ...trapless, path, file: `/site${path}index.html` }));
    expect(otherContactNotesLines([english, ...lacking]).map((line) => line.split('  ')[0])).toEqual(['/a/', '/b/', '/c/', '/d/, /e/']);
    expect(otherContactNotesLines(lacking).at(-1)).toBe('/d/, /e/  (lack something too, each checked as the form page is)');
    // Without a form page, npm start's Form page line names them instead.
    expect(siteBannerLines({}, { otherContactPages: [english] }, []).filter((line) => line.startsWith('Other form'))).toEqual([]);
  });
});

describe('siteOriginBannerLine', () => {
  it('says the pages of a siteOrigin of the settings file are fetched from it, as deployed, and how to preview a build of them offline', () => {
    expect(siteOriginBannerLine('https://priyanair.github.io')).toBe(
      "Site       https://priyanair.github.io  (siteOrigin: every path but /contact and the service's fetched from it, as the deployed front door fetches them; a SITE_DIR of a build of your site previews it offline)",
    );
    expect(siteOriginBannerLine(undefined)).toBeUndefined();
    expect(siteOriginBannerLine('https://x.example/\u001b[2J')).not.toMatch(/\u001b/);
  });

  it('beside a SITE_DIR of a build, says a refused post comes back elsewhere once deployed', () => {
    expect(siteOriginBesideSiteDirLine('https://priyanair.github.io', '/contact/')).toBe(
      'Deployed   from https://priyanair.github.io (siteOrigin): there a refused post made without JavaScript comes back in your formPage as https://priyanair.github.io serves it then, not as this folder has it',
    );
    expect(siteOriginBesideSiteDirLine('https://priyanair.github.io', undefined)).toBe(
      'Deployed   from https://priyanair.github.io (siteOrigin), with no formPage: there a refused post made without JavaScript comes back in the service\'s page, in English, not in your form page as here; "formPage": "/contact/" (your page\'s path) in your settings file makes it yours there too',
    );
    expect([siteOriginBesideSiteDirLine(undefined, '/contact/'), siteOriginBesideSiteDirLine('', undefined)]).toEqual([undefined, undefined]);
  });
});

describe('mailBannerLine', () => {
  it('says the addresses are placeholders until the settings file names them, and that the mailbox keeps the mail', () => {
    expect(mailBannerLine({}, [], true)).toBe(
      'Mail       to owner@example.com (a placeholder: ownerEmail in your settings file names yours), from contact@example.com (a placeholder: senderEmail in your settings file names yours); kept by the mailbox below, never sent',
    );
  });

  it('credits the settings file’s key or the variable for each address', () => {
    expect(mailBannerLine({ CONTACT_TO: 'ada@example.com', CONTACT_FROM: 'hello@ada.example' }, ['ownerEmail'], true)).toBe(
      'Mail       to ada@example.com (ownerEmail), from hello@ada.example (CONTACT_FROM); kept by the mailbox below, never sent',
    );
  });

  it('says, under it, what a free-mail sender would mean deployed, and nothing of a free-mail owner', () => {
    expect(mailBannerLine({ CONTACT_TO: 'ada@gmail.com', CONTACT_FROM: 'Ada.L@GMail.com' }, ['ownerEmail', 'senderEmail'], true).split('\n')).toEqual([
      'Mail       to ada@gmail.com (ownerEmail), from Ada.L@GMail.com (senderEmail); kept by the mailbox below, never sent',
      '           Ada.L@GMail.com is free mail: SES cannot sign for gmail.com, so, deployed, mail from it may be junked or refused: try it (npm run verify -- --send-test, then your spam folder too), else give the site a domain, whose sender needs no mailbox (README "Mail that lands in the inbox")',
    ]);
    expect(mailBannerLine({ CONTACT_TO: 'ada@gmail.com', CONTACT_FROM: 'hello@ada.example' }, [], true)).not.toContain('free mail');
  });

  it('names the mails’ language when it is set, as the worker reads it', () => {
    expect(mailBannerLine({ CONTACT_TO: 'ana@example.com', CONTACT_FROM: 'ola@ana.example', MAIL_LANGUAGE: 'pt-br' }, ['ownerEmail', 'senderEmail', 'mailLanguage'], true)).toBe(
      'Mail       to ana@example.com (ownerEmail), from ola@ana.example (senderEmail), written in Brazilian Portuguese (mailLanguage pt-BR); kept by the mailbox below, never sent',
    );
    expect(mailBannerLine({ CONTACT_TO: 'ana@example.com', CONTACT_FROM: 'ola@ana.example', MAIL_LANGUAGE: 'de' }, [], false)).toBe(
      'Mail       to ana@example.com (CONTACT_TO), from ola@ana.example (CONTACT_FROM), written in German (MAIL_LANGUAGE de)',
    );
  });

  it('promises nothing of an outside SES endpoint', () => {
    expect(mailBannerLine({ CONTACT_TO: 'ada@example.com', CONTACT_FROM: 'hello@ada.example' }, ['ownerEmail', 'senderEmail'], false)).toBe(
      'Mail       to ada@example.com (ownerEmail), from hello@ada.example (senderEmail)',
    );
  });
});
