import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { Script } from 'node:vm';
import { CHANGED_FORM_NOTICE, FIELD_MESSAGES, NOTICES, rateLimitedNotice } from '../../lambdas/inquiry/form-messages.js';
import { CONTENT_SECURITY_POLICY } from '../../lambdas/html/html-reply.js';
import { crossSiteCases } from '../support/cross-site-cases.js';
import { postContact, send, type HttpRequest } from '../support/http-client.js';
import { newClient, newEmail } from '../support/fresh-clients.js';
import { clearSentEmails, deliveredEmails, settledEmails, startLocalServer, type LocalServer } from '../support/local-server.js';
import { awayFromWindowEdge } from '../support/rate-window.js';
import { quoted } from '../support/owner-mail.js';

const FORM = 'application/x-www-form-urlencoded';
const ALLOWED_ORIGIN = 'https://www.owner.example.com';
const inquiry = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  message: 'I would like an analytical engine programmed.\r\nTwo lines.',
  company: '',
  project_url: '',
  _gotcha: '',
};

let server: LocalServer;

/** POSTs a form to `/contact` as a browser does (the body as given when it is a string). */
function postForm(body: Record<string, string> | string, options: Omit<HttpRequest, 'body' | 'method'> = {}) {
  return send(`${server.apiUrl}/contact`, {
    ...options,
    method: 'POST',
    headers: { 'Content-Type': FORM, ...options.headers },
    body: typeof body === 'string' ? body : new URLSearchParams(body).toString(),
  });
}

/** The text of the error shown beside a field, or undefined when the field shows none. */
function errorBeside(html: string, field: string): string | undefined {
  const match = new RegExp(`<p class="error" id="contact-${field}-error">.*?<span class="error-text">(.*?)</span>`).exec(html);
  return match?.[1];
}

beforeAll(async () => {
  server = await startLocalServer({
    CONTACT_TO: 'me@owner.example.com',
    CONTACT_FROM: 'web@owner.example.com',
    ALLOWED_ORIGINS: ALLOWED_ORIGIN,
    // The form's workings, not the spam signals (spam-held.test.ts): these forms are posted at once,
    // without the page's token, and with one text, which those signals would hold for the digest.
    FORM_MIN_SECONDS: '0',
    SPAM_REPEAT_LIMIT: '0',
    // Nor the hourly cap on mails: this file's served posts outnumber its 20.
    MAX_MAILS_PER_HOUR: '0',
  });
}, 60_000);
afterAll(() => server.stop());
// Tests here count to a limit: none may straddle the turn of an hour.
beforeEach(() => awayFromWindowEdge(), 20_000);
beforeEach(async () => {
  await clearSentEmails(server);
});

describe('GET /contact and its assets', () => {
  it('serves the form as HTML under a strict CSP, with the contract’s field names and no inline script', async () => {
    const response = await send(`${server.apiUrl}/contact`);

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'none'; script-src 'self'; style-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.text).toContain('<form id="contact-form" method="post" action="/contact" accept-charset="utf-8" toolname="sendInquiry"');
    const names = [...response.text.matchAll(/<(?:input|textarea) [^>]*name="([^"]+)"/g)].map((match) => match[1]);
    expect(names).toEqual(['form_token', 'name', 'email', 'message', 'company', 'project_url', '_gotcha']);
    expect(response.text).toMatch(/<input type="hidden" name="form_token" value="\d+\.[\w-]{22}">/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.text).toMatch(/<div class="trap" aria-hidden="true">[\s\S]*name="_gotcha"[^>]*tabindex="-1" autocomplete="off"/);
    expect(response.text.match(/<script\b[^>]*>/g)).toEqual(['<script src="/contact/form.js" defer>']);
    expect(response.text).not.toMatch(/ style=|<style/);
    // Nothing from another origin: every address is the site's own ({base} is localhost here).
    expect(response.text).not.toMatch(/(?:src|href|action)="(?!\/|http:\/\/localhost:)/);
  });

  it('serves the script, the style, the icon and the confirmation page with their own types', async () => {
    const assets: Array<[string, string]> = [
      ['/contact/form.js', 'text/javascript; charset=utf-8'],
      ['/contact/form.css', 'text/css; charset=utf-8'],
      ['/contact/icon.svg', 'image/svg+xml'],
      ['/contact/sent', 'text/html; charset=utf-8'],
    ];
    for (const [path, type] of assets) {
      const response = await send(`${server.apiUrl}${path}`);
      expect({ path, status: response.status, type: response.headers['content-type'] }).toEqual({ path, status: 200, type });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
    // The script is plain JavaScript that parses (the browser tests run it).
    const script = (await send(`${server.apiUrl}/contact/form.js`)).text;
    expect(() => new Script(script)).not.toThrow();
  });

  it('answers another method at /contact with 405 and Allow', async () => {
    const response = await send(`${server.apiUrl}/contact`, { method: 'PUT' });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD, POST');
  });
});

describe('POST /contact (the form, without script)', () => {
  it('delivers a valid form and answers 303 to the confirmation, with the API’s headers', async () => {
    const email = newEmail();
    const response = await postForm({ ...inquiry, email }, { from: newClient() });

    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/contact/sent');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['ratelimit-policy']).toBe('"ip";q=5;w=3600, "email";q=3;w=3600');
    const emails = await deliveredEmails(server, 1);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.replyTo).toEqual([email]);
    expect(emails[0]?.subject).toBe('Project inquiry from Ada Lovelace');
    expect(emails[0]?.body.text).toContain(`Message:\n${quoted(inquiry.message)}\n`);
  });

  it('accepts the media type with charset=UTF-8, in any case', async () => {
    const response = await postForm(
      { ...inquiry, email: newEmail() },
      { from: newClient(), headers: { 'Content-Type': 'Application/X-WWW-Form-URLEncoded; Charset=UTF-8' } },
    );
    expect(response.status).toBe(303);
    expect(await deliveredEmails(server, 1)).toHaveLength(1);
  });

  it('serves a refused form again (422), filled in and escaped, each error beside its field', async () => {
    const hostile = '"><script>alert(1)</script>';
    const response = await postForm(
      { ...inquiry, name: hostile, email: 'me@gmail', message: '<b>short</b>', company: 'A & B' },
      { from: newClient() },
    );

    expect(response.status).toBe(422);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.text).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(response.text).toContain('value="A &amp; B"');
    expect(response.text).toContain('>\n&lt;b&gt;short&lt;/b&gt;</textarea>');
    expect(response.text).not.toContain('<script>alert');
    expect(response.text).not.toContain('<b>short');
    expect(errorBeside(response.text, 'name')).toBeUndefined();
    expect(errorBeside(response.text, 'email')).toBe(FIELD_MESSAGES.email?.invalid_email);
    expect(errorBeside(response.text, 'message')).toBe(FIELD_MESSAGES.message?.too_short);
    expect(response.text).toMatch(/id="contact-email"[^>]*aria-describedby="contact-email-hint contact-email-error" aria-invalid="true" autofocus/);
    expect(response.text).toContain(NOTICES.invalid);
    expect(response.text).toContain('<title>Error: ');
    expect(await settledEmails(server, 500)).toEqual([]);
  });

  it('refuses a field sent twice as the schema refuses a list (invalid_type), and keeps unknown fields unknown', async () => {
    const repeated = await postForm(`${new URLSearchParams({ ...inquiry, email: newEmail() })}&name=Eve`, { from: newClient() });
    expect(repeated.status).toBe(422);
    expect(errorBeside(repeated.text, 'name')).toBe('name must be a string.');

    const unknown = await postForm(`${new URLSearchParams({ ...inquiry, email: newEmail() })}&__proto__=x`, { from: newClient() });
    expect(unknown.status).toBe(422);
    expect(unknown.text).toContain(CHANGED_FORM_NOTICE);
    expect(await settledEmails(server, 500)).toEqual([]);
  });

  it('refuses a filled-in honeypot with 422 and a notice, and sends nothing', async () => {
    const response = await postForm({ ...inquiry, email: newEmail(), _gotcha: 'http://spam.example' }, { from: newClient() });
    expect(response.status).toBe(422);
    expect(response.text).toContain(FIELD_MESSAGES._gotcha?.honeypot);
    expect(await settledEmails(server, 500)).toEqual([]);
  });

  it('answers the 6th form from one IP with 429, the wait in minutes, and the form filled in', async () => {
    const client = newClient();
    for (let i = 0; i < 5; i++) expect((await postForm({ ...inquiry, email: newEmail() }, { from: client })).status).toBe(303);
    const sixth = await postForm({ ...inquiry, name: 'Sixth <try>', email: newEmail() }, { from: client });

    expect(sixth.status).toBe(429);
    expect(sixth.headers['content-type']).toBe('text/html; charset=utf-8');
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(sixth.headers.ratelimit).toBe(`"ip";r=0;t=${retryAfter}`);
    expect(sixth.text).toContain(rateLimitedNotice('ip', retryAfter));
    expect(sixth.text).toMatch(/try again in \d+ minutes?\./);
    expect(sixth.text).toContain('value="Sixth &lt;try&gt;"');
    expect(await deliveredEmails(server, 5)).toHaveLength(5);
  });

  it('answers another media type with 415 and a too large body with 413, as short pages', async () => {
    const client = newClient();
    const json = await postForm(JSON.stringify(inquiry), { from: client, headers: { 'Content-Type': 'application/json' } });
    expect(json.status).toBe(415);
    expect(json.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(json.text).toContain('<a href="/contact">Back to the contact form</a>');

    const charset = await postForm(inquiry, { from: client, headers: { 'Content-Type': `${FORM}; charset=iso-8859-1` } });
    expect(charset.status).toBe(415);

    const large = await postForm({ ...inquiry, message: 'x'.repeat(70_000) }, { from: client });
    expect(large.status).toBe(413);
    expect(large.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(await settledEmails(server, 500)).toEqual([]);
  });
});

describe('POST /contact from another site (docs/api.md §9)', () => {
  it('refuses every cross-site Origin and Sec-Fetch-Site with 403 before counting, and serves the rest', async () => {
    const cases = crossSiteCases(server.baseUrl, ALLOWED_ORIGIN);
    const refusedClient = newClient();
    for (const { title, headers, refused } of cases) {
      const response = await postForm({ ...inquiry, email: newEmail() }, { from: refused ? refusedClient : newClient(), headers });

      expect({ title, status: response.status }).toEqual({ title, status: refused ? 403 : 303 });
      if (refused) {
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(response.text).toContain('The form must be sent from this site');
        expect(response.headers.ratelimit).toBeUndefined();
      }
    }
    expect(await deliveredEmails(server, cases.filter((testCase) => !testCase.refused).length)).toHaveLength(cases.filter((testCase) => !testCase.refused).length);
    // More refusals than the limit, and the address has its whole limit left: none was counted.
    expect(cases.filter((testCase) => testCase.refused).length).toBeGreaterThan(5);
    const next = await postForm({ ...inquiry, name: '' }, { from: refusedClient });
    expect(next.status).toBe(422);
    expect(next.headers.ratelimit).toMatch(/^"ip";r=4;t=\d+$/);
  });
});

describe('POST /api/contact stays JSON-only', () => {
  it('refuses a form body with 415 problem+json', async () => {
    const response = await postContact(server.apiUrl, new URLSearchParams(inquiry).toString(), {
      from: newClient(),
      headers: { 'Content-Type': FORM },
    });
    expect(response.status).toBe(415);
    expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(response.json()).toMatchObject({ code: 'unsupported_media_type' });
  });
});
