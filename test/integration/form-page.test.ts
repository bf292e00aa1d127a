import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import { ownerPagePolicy } from '../../lambdas/html/html-reply.js';
import { ownerFormPage } from '../support/form-pages.js';
import { newClient, newEmail, newMessage } from '../support/fresh-clients.js';
import { postContact, send, sendTarget } from '../support/http-client.js';
import { sentEmails, startLocalServer, type LocalServer } from '../support/local-server.js';
import { siteFolder } from '../support/site-folder.js';
import { until } from '../support/until.js';

/*
 * The owner's form page in local mode (docs/api.md §9): found in SITE_DIR, where /contact leads,
 * answering refused no-JavaScript posts, read from SITE_DIR at each request.
 */

const PAGE = 'contact/index.html';
let site: string;
let server: LocalServer;

beforeAll(async () => {
  site = siteFolder({
    [PAGE]: ownerFormPage(),
    'thanks/index.html': '<meta name="robots" content="noindex">Thanks',
    'about/index.html': 'About',
    'css/site.css': 'body {}',
    // The site in French: another contact page, with a thank-you page of its own.
    'fr/contact/index.html': ownerFormPage({ title: 'Écrivez-moi', successPath: '/fr/merci/' }),
    'fr/merci/index.html': '<meta name="robots" content="noindex">Merci',
  });
  server = await startLocalServer({ SITE_DIR: site, FORM_SUCCESS_PATH: '/thanks/', RATE_LIMIT_IP: '3' });
}, 60_000);
afterAll(() => server?.stop());

/** A form post as a browser without JavaScript sends it from the site's own page. */
const postForm = (fields: Record<string, string>, options: { from?: string; origin?: string; referer?: string } = {}) =>
  send(`${server.apiUrl}/contact`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: options.origin ?? server.baseUrl,
      ...(options.referer === undefined ? {} : { Referer: `${server.baseUrl}${options.referer}` }),
    },
    body: new URLSearchParams(fields).toString(),
    from: options.from ?? newClient(),
  });
const shortMessage = () => ({ name: 'Ada <Lovelace>', email: newEmail(), message: 'Too short' });

const elements = (html: string) => {
  const found: DefaultTreeAdapterTypes.Element[] = [];
  const walk = (node: DefaultTreeAdapterTypes.ParentNode) =>
    node.childNodes.forEach((child) => {
      if ('tagName' in child) {
        found.push(child);
        walk(child);
      }
    });
  walk(parse(html));
  return found;
};
const attr = (element: DefaultTreeAdapterTypes.Element | undefined, name: string) => element?.attrs.find((a) => a.name === name)?.value;
const textOf = (html: string, id: string) => {
  const element = elements(html).find((candidate) => attr(candidate, 'id') === id);
  return element?.childNodes.map((node) => ('value' in node ? node.value : '')).join('');
};

describe('the form page found in SITE_DIR', () => {
  it('is said in the banner, with what else start-up picked up and where each came from', () => {
    const output = server.output();
    expect(output).toContain(`Form page  /contact/  ${join(site, PAGE)}  (found, its form posting to /contact; formPage names another)`);
    expect(output).toMatch(/^Site name  Personal site {2}\(the default; siteName in your settings file names yours\)$/m);
    expect(output).toMatch(/^Thank-you  \/thanks\/ {2}\(FORM_SUCCESS_PATH\)$/m);
    expect(output).toMatch(/^Style {6}none, and hardly needed: visitors see your form and thank-you pages; the service's own page only for a post it cannot read$/m);
  });

  it('is where /contact leads, and the service’s confirmation leads to the owner’s thank-you page: one contact page', async () => {
    for (const [target, location] of [['/contact', '/contact/'], ['/contact/sent', '/thanks/']] as const) {
      const response = await sendTarget(server.apiUrl, target);
      expect({ target, status: response.status, location: response.headers.location }).toEqual({ target, status: 302, location });
    }
    const page = await sendTarget(server.apiUrl, '/contact/');
    expect(page.status).toBe(200);
    expect(page.text).toBe(ownerFormPage());
  });
});

describe('a refused no-JavaScript post, answered in the owner’s page', () => {
  it('422: the owner’s page with the values, each message in its element, with the service’s policy and the API’s headers', async () => {
    const sent = shortMessage();
    const response = await postForm(sent);
    expect(response.status).toBe(422);
    expect(response.headers['content-security-policy']).toBe(ownerPagePolicy({ styleHashes: [], scriptHashes: [] }));
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.ratelimit).toMatch(/^"ip";r=\d+;t=\d+$/);
    expect(response.text).toContain('<nav><a href="/">Home</a> <a href="/about/">About</a></nav>');
    expect(attr(elements(response.text).find((element) => attr(element, 'name') === 'name'), 'value')).toBe(sent.name);
    expect(textOf(response.text, 'message-error')).toBe('Write at least 20 characters about your project.');
    expect(textOf(response.text, 'email-error')).toBe('');
  });

  it('429: the owner’s page, saying how long to wait, the values kept', async () => {
    const from = newClient();
    for (let sent = 0; sent < 3; sent++) await postForm(shortMessage(), { from });
    const message = newMessage();
    const response = await postForm({ ...shortMessage(), message }, { from });
    expect(response.status).toBe(429);
    expect(response.text).toContain(`>\n${message}</textarea>`);
    expect(response.headers['retry-after']).toMatch(/^\d+$/);
    expect(response.text).toMatch(/<p class="status-error" tabindex="-1" autofocus data-status role="status">Too many inquiries have been sent from your network recently, so this one was not sent\. Please try again in \d+ minutes?\.<\/p>/);
    expect(response.text).toContain('<title>Error: Hire me</title>');
  });

  it('403 from another site: the owner’s page saying so, nothing counted', async () => {
    const response = await postForm(shortMessage(), { origin: 'https://elsewhere.example' });
    expect(response.status).toBe(403);
    expect(response.headers.ratelimit).toBeUndefined();
    expect(response.text).toMatch(/<p class="status-error" tabindex="-1" autofocus data-status role="status">This form was sent from another website/);
  });

  it('gives a JSON client the same sentences, beside the API’s', async () => {
    const response = await postContact(server.apiUrl, { name: 'Ada', email: newEmail(), message: 'Too short' }, { from: newClient() });
    expect(response.status).toBe(422);
    expect(response.json<{ errors: unknown[] }>().errors).toEqual([
      { field: 'message', code: 'too_short', message: 'message must be at least 20 characters long.', userMessage: 'Write at least 20 characters about your project.' },
    ]);
  });
});

describe('a no-JavaScript post from another contact page (docs/api.md §9)', () => {
  const heading = (html: string) => /<h1>(.*?)<\/h1>/.exec(html)?.[1];

  it('is refused in that page, which carries its path to the post sent again from it, and a sent one lands on its thank-you page', async () => {
    const refused = await postForm(shortMessage(), { referer: '/fr/contact/' });
    expect(refused.status).toBe(422);
    expect(heading(refused.text)).toBe('Écrivez-moi');
    expect(refused.text).toContain('<input type="hidden" name="form_page" value="/fr/contact/">');
    expect(textOf(refused.text, 'message-error')).toBe('Write at least 20 characters about your project.');
    // Sent again from the answer, whose address is /contact: the path it carries tells the page.
    const again = await postForm({ ...shortMessage(), form_page: '/fr/contact/' }, { referer: '/contact' });
    expect(heading(again.text)).toBe('Écrivez-moi');
    const sent = await postForm({ name: 'Ada', email: newEmail(), message: newMessage(), form_page: '/fr/contact/' }, { referer: '/contact' });
    expect({ status: sent.status, location: sent.headers.location }).toEqual({ status: 303, location: '/fr/merci/' });
  });

  it('is known at each address the page is served at; any other page, or none, gets the form page’s answers', async () => {
    for (const referer of ['/fr/contact/index.html', '/%66r/contact/']) {
      expect({ referer, heading: heading((await postForm(shortMessage(), { referer })).text) }).toEqual({ referer, heading: 'Écrivez-moi' });
    }
    for (const referer of ['/contact/', '/about/', '/fr/', '/fr/merci/', undefined]) {
      const refused = await postForm(shortMessage(), referer === undefined ? {} : { referer });
      expect({ referer, heading: heading(refused.text), carried: refused.text.includes('form_page') }).toEqual({ referer, heading: 'Hire me', carried: false });
    }
    // A path no contact page has, carried in the field: the form page's, and nothing of it in the page.
    const unknown = await postForm({ ...shortMessage(), form_page: '/"><script>alert(1)</script>' }, { referer: '/fr/contact/' });
    expect({ heading: heading(unknown.text), carried: unknown.text.includes('form_page') }).toEqual({ heading: 'Hire me', carried: false });
    const sent = await postForm({ name: 'Ada', email: newEmail(), message: newMessage() }, { referer: '/about/' });
    expect(sent.headers.location).toBe('/thanks/');
  });

  it('is named in the mail of each inquiry sent from it, as the form page is, without JavaScript and with', async () => {
    const post = (message: string, from: string, carried?: string) =>
      postForm({ name: 'Ada', email: newEmail(), message, ...(carried === undefined ? {} : { form_page: carried }) }, { referer: from });
    const messages = { french: newMessage(), frenchAgain: newMessage(), english: newMessage(), script: newMessage() };
    await post(messages.french, '/fr/contact/');
    await post(messages.frenchAgain, '/contact', '/fr/contact/');
    await post(messages.english, '/contact/');
    const headers = { Referer: `${server.baseUrl}/fr/contact/index.html` };
    expect((await postContact(server.apiUrl, { name: 'Ada', email: newEmail(), message: messages.script }, { headers, from: newClient() })).status).toBe(202);

    const sentFrom = async (message: string) => {
      let text: string | undefined;
      await until(async () => (text = (await sentEmails(server)).find((mail) => mail.body.text?.includes(message))?.body.text) !== undefined, { timeoutMs: 10_000 });
      return /^Sent from: (.*)$/m.exec(text ?? '')?.[1];
    };
    expect({
      french: await sentFrom(messages.french),
      frenchAgain: await sentFrom(messages.frenchAgain),
      english: await sentFrom(messages.english),
      script: await sentFrom(messages.script),
    }).toEqual({
      french: `${server.baseUrl}/fr/contact/`,
      frenchAgain: `${server.baseUrl}/fr/contact/`,
      english: `${server.baseUrl}/contact/`,
      script: `${server.baseUrl}/fr/contact/`,
    });
  });

  it('is watched as the form page is: an edit that would stop npm start is said, and when it is mended', async () => {
    const french = join(site, 'fr/contact/index.html');
    writeFileSync(french, ownerFormPage({ title: 'Écrivez-moi', successPath: '/fr/merci/', action: '/contact/' }));
    try {
      await until(() => /^Other form \/fr\/contact\/ changed, and npm start would now stop: \/fr\/contact\/ is /m.test(server.output()), { timeoutMs: 10_000 });
    } finally {
      writeFileSync(french, ownerFormPage({ title: 'Écrivez-moi', successPath: '/fr/merci/' }));
    }
    await until(() => server.output().includes('Other form /fr/contact/ is mended: npm start would start with it again'), { timeoutMs: 10_000 });
  });

  it('is said in the banner', () => {
    expect(server.output()).toMatch(
      /^Other form \/fr\/contact\/  \(its form posts to \/contact too: .* without JavaScript, a refused post comes back in it and a sent one lands on the thank-you page its form names, else on \/thanks\/ \(docs\/api\.md §9\)\)$/m,
    );
  });
});

describe('the page read from SITE_DIR at each request, as a generator’s watch mode rewrites it', () => {
  /** The page as the suite began with it: a file again, wherever a test had linked it. */
  const restorePage = () => {
    rmSync(join(site, 'contact'), { recursive: true, force: true });
    mkdirSync(join(site, 'contact'));
    writeFileSync(join(site, PAGE), ownerFormPage());
  };
  afterEach(restorePage);
  const warnings = () => server.output().match(/"level":"WARN","message":"The form page could not be used: answered with the service's own"/g)?.length ?? 0;

  it('answers with the page as it is now', async () => {
    writeFileSync(join(site, PAGE), ownerFormPage({ title: 'Write to me' }));
    const response = await postForm(shortMessage());
    expect(response.status).toBe(422);
    expect(response.text).toContain('<h1>Write to me</h1>');
  });

  it('falls back to the service’s own form, with a warning line, once the page no longer posts to /contact', async () => {
    writeFileSync(join(site, PAGE), ownerFormPage({ action: '/elsewhere' }));
    const response = await postForm(shortMessage());
    expect(response.status).toBe(422);
    expect(response.text).toContain('id="contact-form"');
    expect(server.output()).toMatch(/"level":"WARN","message":"The form page holds no form that posts to \/contact: answered with the service's own"/);
    expect(readFileSync(join(site, PAGE), 'utf8')).toContain('/elsewhere');
  });

  it('follows a link to a page inside the folder, as every site file', async () => {
    mkdirSync(join(site, 'pages'), { recursive: true });
    writeFileSync(join(site, 'pages/form.html'), ownerFormPage({ title: 'Linked from inside' }));
    rmSync(join(site, PAGE));
    symlinkSync('../pages/form.html', join(site, PAGE));
    const response = await postForm(shortMessage());
    expect(response.status).toBe(422);
    expect(response.text).toContain('<h1>Linked from inside</h1>');
  });

  it.each([
    ['the page', (outside: string) => {
      rmSync(join(site, PAGE));
      symlinkSync(join(outside, 'index.html'), join(site, PAGE));
    }],
    ['its folder', (outside: string) => {
      rmSync(join(site, 'contact'), { recursive: true });
      symlinkSync(outside, join(site, 'contact'));
    }],
  ])('never reads %s turned into a link out of the folder while it runs: the service’s own form answers, with the warning line', async (_case, link) => {
    const outside = mkdtempSync(join(tmpdir(), 'outside-site-'));
    writeFileSync(join(outside, 'index.html'), ownerFormPage({ title: 'Outside SITE_DIR' }));
    link(outside);
    const warned = warnings();

    const response = await postForm(shortMessage());
    expect(response.status).toBe(422);
    expect(response.text).toContain('id="contact-form"');
    expect(response.text).not.toContain('Outside SITE_DIR');
    await until(() => warnings() > warned);
    // As the front door serves the folder: the page is no file of the site now, so its folder leads to the service's form.
    const folder = await sendTarget(server.apiUrl, '/contact/');
    expect({ status: folder.status, location: folder.headers.location }).toEqual({ status: 302, location: '/contact' });

    restorePage();
    expect((await postForm(shortMessage())).text).toContain('<h1>Hire me</h1>');
  });
});

describe('a form page added while npm start runs without one', () => {
  let bare: string;
  let started: LocalServer;
  beforeAll(async () => {
    bare = siteFolder({ 'css/site.css': 'body {}' });
    started = await startLocalServer({ SITE_DIR: bare });
  }, 60_000);
  afterAll(() => started?.stop());

  it('is said in one line, to start again to use it, at either place it is found; /contact keeps to the service’s own form until then, as a deployment until its next deploy', async () => {
    expect(started.output()).toMatch(/^Form page {2}\/contact, the service's own/m);
    // A flat site's, as Next.js' export writes it.
    writeFileSync(join(bare, 'contact.html'), ownerFormPage());
    await until(() => started.output().includes('Form page  /contact.html holds a form posting to /contact now: stop npm start (Ctrl-C) and start it again to use it'));
    mkdirSync(join(bare, 'contact'));
    writeFileSync(join(bare, PAGE), ownerFormPage());

    await until(() => started.output().includes('Form page  /contact/ holds a form posting to /contact now: stop npm start (Ctrl-C) and start it again to use it'));
    const contact = await sendTarget(started.apiUrl, '/contact');
    expect(contact.status).toBe(200);
    expect(contact.text).toContain('id="contact-form"');
  });
});

describe('a page moving from a form service, pointed at /contact while npm start runs', () => {
  let folder: string;
  let started: LocalServer;
  beforeAll(async () => {
    const formspree = ownerFormPage().replace('action="/contact"', 'action="https://formspree.io/f/abcd1234"');
    folder = siteFolder({ 'contato/index.html': formspree, 'css/site.css': 'body {}' });
    started = await startLocalServer({ SITE_DIR: folder });
  }, 60_000);
  afterAll(() => started?.stop());

  it('is said in one line, naming the setting that makes it the form page', async () => {
    expect(started.output()).toContain("/contato/'s form posts to formspree.io");
    writeFileSync(join(folder, 'contato/index.html'), ownerFormPage());

    await until(() =>
      started.output().includes('Form page  /contato/ holds a form posting to /contact now: name it in your settings file ("formPage": "/contato/"), then stop npm start (Ctrl-C) and start it again to use it'),
    );
  });
});

describe('a flat site’s contact.html set as FORM_PAGE (docs/api.md §10)', () => {
  let folder: string;
  let started: LocalServer;
  beforeAll(async () => {
    folder = siteFolder({
      'index.html': 'Home',
      'about.html': 'About',
      'contact.html': ownerFormPage({ title: 'Write to me', successPath: '/thanks' }),
      'thanks.html': '<meta name="robots" content="noindex">Thanks',
      'css/site.css': 'body {}',
    });
    started = await startLocalServer({ SITE_DIR: folder, FORM_PAGE: '/contact.html' });
  }, 60_000);
  afterAll(() => started?.stop());

  it('is shown at /contact, as the site’s other pages are without .html, said so in the banner and listed so in the sitemap', async () => {
    expect(started.output()).toMatch(/^Form page {2}\/contact\.html {2}.*contact\.html {2}\(FORM_PAGE, shown at \/contact too\)$/m);
    for (const method of ['GET', 'HEAD']) {
      const shown = await send(`${started.apiUrl}/contact`, { method });
      expect({ method, status: shown.status, type: shown.headers['content-type'] }).toEqual({ method, status: 200, type: 'text/html' });
      if (method === 'GET') expect(shown.text).toContain('<title>Write to me</title>');
    }
    const sitemap = await send(`${started.apiUrl}/sitemap.xml`);
    expect(sitemap.text).toContain(`<loc>${started.baseUrl}/contact</loc>`);
    expect(sitemap.text).not.toContain('contact.html');
  });

  it('leads each page’s path with a slash to the page, as the deployed front door does: /about/ to /about, /contact/ to /contact (Found: the form’s rule)', async () => {
    for (const [target, status, location] of [['/about/', 301, '/about'], ['/thanks/', 301, '/thanks'], ['/contact/?ref=nav', 302, '/contact?ref=nav']] as const) {
      const response = await send(`${started.apiUrl}${target}`);
      expect({ target, status: response.status, location: response.headers.location }).toEqual({ target, status, location });
    }
    expect((await send(`${started.apiUrl}/about`)).text).toBe('About');
  });

  it('answers the posts sent from it there: a refused one in the page, a sent one on its thank-you page, a script’s named in the mail', async () => {
    const post = (fields: Record<string, string>) =>
      send(`${started.apiUrl}/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: started.baseUrl, Referer: `${started.baseUrl}/contact` },
        body: new URLSearchParams(fields).toString(),
        from: newClient(),
      });
    const refused = await post({ name: 'Ada', email: newEmail(), message: 'Too short' });
    expect({ status: refused.status, titled: refused.text.includes('<h1>Write to me</h1>') }).toEqual({ status: 422, titled: true });
    const sent = await post({ name: 'Ada', email: newEmail(), message: newMessage() });
    expect({ status: sent.status, location: sent.headers.location }).toEqual({ status: 303, location: '/thanks' });

    const message = newMessage();
    const headers = { Referer: `${started.baseUrl}/contact` };
    expect((await postContact(started.apiUrl, { name: 'Ada', email: newEmail(), message }, { headers, from: newClient() })).status).toBe(202);
    let text: string | undefined;
    await until(async () => (text = (await sentEmails(started)).find((mail) => mail.body.text?.includes(message))?.body.text) !== undefined, { timeoutMs: 10_000 });
    expect(/^Sent from: (.*)$/m.exec(text ?? '')?.[1]).toBe(`${started.baseUrl}/contact`);
  });
});

describe('the form page set with FORM_PAGE, edited while npm start runs', () => {
  let folder: string;
  let started: LocalServer;
  beforeAll(async () => {
    folder = siteFolder({ 'kontakt/index.html': ownerFormPage(), 'danke/index.html': '<p>Danke', 'css/site.css': 'body {}' });
    started = await startLocalServer({ SITE_DIR: folder, FORM_PAGE: '/kontakt/' });
  }, 60_000);
  afterAll(() => started?.stop());

  it('is said in one line when its form would stop npm start now, and again once it is mended', async () => {
    writeFileSync(join(folder, 'kontakt/index.html'), ownerFormPage({ action: '/contact/' }));
    await until(() => /^Form page {2}\/kontakt\/ changed, and npm start would now stop: FORM_PAGE \/kontakt\/ is .*, whose form sends the inquiry to \/contact\/, which takes no form post: only \/contact does .*\. Mend it: until then its posts may fail$/m.test(started.output()));

    writeFileSync(join(folder, 'kontakt/index.html'), ownerFormPage());
    await until(() => started.output().includes('Form page  /kontakt/ is mended: npm start would start with it again'));
  });

  it('is said in one line when its form names another thank-you page, which a post without JavaScript reaches only after a restart', async () => {
    writeFileSync(join(folder, 'kontakt/index.html'), ownerFormPage({ successPath: '/danke/' }));
    await until(() =>
      started.output().includes('Form page  /kontakt/ now sends a delivered post to /danke/: one without JavaScript still lands on /contact/sent, as start-up read it, until you stop npm start (Ctrl-C) and start it again'),
    );

    const posted = await send(`${started.apiUrl}/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: started.baseUrl },
      body: new URLSearchParams({ name: 'Ada', email: newEmail(), message: newMessage() }).toString(),
      from: newClient(),
    });
    expect({ status: posted.status, location: posted.headers.location }).toEqual({ status: 303, location: '/contact/sent' });
  });
});
