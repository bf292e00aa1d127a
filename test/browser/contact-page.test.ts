import { beforeAll, describe, expect, it } from '@jest/globals';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { contactReply } from '../../lambdas/contact/contact-replies.js';
import { DEFAULT_RATE_LIMITS } from '../../lambdas/config.js';
import type { FieldError } from '../../lambdas/inquiry/field-errors.js';
import type { Reply } from '../../lambdas/http/reply.js';
import { escapeHtml } from '../../lambdas/html/escape-html.js';
import { FIELD_MESSAGES, messageFor, NOTICES, rateLimitedNotice, SENT } from '../../lambdas/inquiry/form-messages.js';
import { describeWithChromium, keepScreenshot, seriousAccessibilityViolations, watchPage } from '../support/browser.js';
import { postContact } from '../support/http-client.js';
import { deliveredEmails, settledEmails } from '../support/local-server.js';
import { localModeInChromium } from '../support/local-mode-in-chromium.js';
import { newEmail } from '../support/fresh-clients.js';
import { quoted } from '../support/owner-mail.js';
import {
  fillForm,
  focusedElement,
  foreignRequests,
  shownErrors,
  submitForm,
  visitForm,
  type FormValues,
  type Visit,
} from './contact-form-driver.js';

const describeInChromium = describeWithChromium();

const LOOKS: ReadonlyArray<{ name: string; options: BrowserContextOptions }> = [
  { name: 'desktop-light', options: { viewport: { width: 1280, height: 900 }, colorScheme: 'light' } },
  { name: 'desktop-dark', options: { viewport: { width: 1280, height: 900 }, colorScheme: 'dark' } },
  { name: 'phone-light', options: { viewport: { width: 360, height: 780 }, colorScheme: 'light', isMobile: true, hasTouch: true } },
  { name: 'phone-dark', options: { viewport: { width: 360, height: 780 }, colorScheme: 'dark', isMobile: true, hasTouch: true } },
];

function lookOf(name: string): BrowserContextOptions {
  const look = LOOKS.find((candidate) => candidate.name === name);
  if (look === undefined) throw new Error(`no look named ${name}`);
  return look.options;
}

/** Chromium's console line for an answer with an error status, which the page expects and handles. */
const failedLoad = (status: number) => new RegExp(`^Failed to load resource: the server responded with a status of ${status}\\b`);

describeInChromium('the contact page in Chromium, against the local server', () => {
  const local = localModeInChromium<Visit>({
    // Every page comes from 127.0.0.1, so the per-IP limit is out of the way; one inquiry per
    // e-mail address lets a test reach the 429 answer with a second one.
    // The form's workings, not the spam signals (form-timing.test.ts): these forms are sent at once,
    // with one text, which those signals would hold for the digest.
    RATE_LIMIT_IP: '1000',
    RATE_LIMIT_EMAIL: '1',
    SITE_NAME: 'Ada’s workshop',
    FORM_MIN_SECONDS: '0',
    SPAM_REPEAT_LIMIT: '0',
  });
  const { visits } = local;
  let formUrl: string;
  let origin: string;
  const validInquiry = (): FormValues => ({
    name: 'Zoë Example 🚀',
    email: newEmail(),
    message: 'Two lines about the engine:\nwe would like it programmed, please.',
    company: 'Analytical & Co',
    project_url: 'https://example.org/engine?x=1&y=<2>',
  });
  const visit = async (options: BrowserContextOptions = {}, url = formUrl) => {
    const opened = await visitForm(local.browser, url, options);
    visits.push(opened);
    return opened;
  };

  beforeAll(() => {
    formUrl = `${local.server.baseUrl}/contact`;
    origin = new URL(formUrl).origin;
  });

  it('is one accessible page on a desktop and a phone, light and dark, that asks nothing of another origin', async () => {
    for (const look of LOOKS) {
      const { page, watch } = await visit(look.options);
      await keepScreenshot(page, `form-${look.name}`);

      expect({ look: look.name, violations: await seriousAccessibilityViolations(page) }).toEqual({ look: look.name, violations: [] });
      // Readable on a phone: nothing wider than the screen, so no sideways scrolling.
      expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
      expect(await page.evaluate('getComputedStyle(document.body).backgroundColor')).toBe(
        look.options.colorScheme === 'dark' ? 'rgb(13, 17, 23)' : 'rgb(243, 244, 246)',
      );
      expect(watch.errors).toEqual([]);
      expect(foreignRequests(watch, origin)).toEqual([]);
    }
  });

  it('holds no inline script or style, and its CSP allows only its own origin', async () => {
    const { page, response } = await visit();
    expect(response?.headers()['content-security-policy']).toMatch(/^default-src 'none'; script-src 'self'; style-src 'self';/);
    expect(await page.locator('script:not([src]), style, [style]').count()).toBe(0);
  });

  it('can be filled in with the keyboard alone, every field labelled, the honeypot out of reach', async () => {
    const { page } = await visit();
    const order: string[] = [];
    for (let i = 0; i < 7; i++) {
      await page.keyboard.press('Tab');
      order.push(await focusedElement(page));
    }
    expect(order).toEqual(['a', 'contact-name', 'contact-email', 'contact-message', 'contact-company', 'contact-project_url', 'button']);

    // Hidden from assistive technology: role queries skip aria-hidden content unless told not to.
    const trap = { name: 'Leave this field empty' };
    expect(await page.getByRole('textbox', trap).count()).toBe(0);
    expect(await page.getByRole('textbox', { ...trap, includeHidden: true }).count()).toBe(1);
    // Hidden from people: drawn outside the page.
    const box = await page.locator('#contact-trap').boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThan(0);
  });

  describe('with script', () => {
    it('keeps invalid input on the page, explains each error beside its field, focuses the first, and sends nothing', async () => {
      // On a dark phone: the error colours must hold their contrast there too.
      const { page, watch } = await visit(lookOf('phone-dark'));
      const values = { name: '   ', email: 'me@gmail', message: 'Too short.', company: '', project_url: 'ftp://example.org' };
      await fillForm(page, values);
      await page.getByRole('button', { name: 'Send inquiry' }).click();

      // The server's verdict on the same values: the page must find exactly the same problems.
      const verdict = (await postContact(local.server.apiUrl, { ...values, _gotcha: '' })).json<{ errors: FieldError[] }>();
      expect(verdict.errors.map((error) => error.field)).toEqual(['name', 'email', 'message', 'project_url']);
      expect(await shownErrors(page)).toEqual(
        Object.fromEntries(verdict.errors.map((error) => [error.field, messageFor(error, values[error.field as keyof typeof values])])),
      );
      for (const error of verdict.errors) {
        const field = page.locator(`#contact-${error.field}`);
        expect(await field.getAttribute('aria-invalid')).toBe('true');
        expect(await field.getAttribute('aria-describedby')).toContain(`contact-${error.field}-error`);
      }
      expect(await page.locator('#contact-company').getAttribute('aria-invalid')).toBeNull();
      expect(await focusedElement(page)).toBe('contact-name');
      expect(await page.locator('#contact-status').textContent()).toBe(NOTICES.invalid);

      await keepScreenshot(page, 'script-invalid-phone-dark');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(page.url()).toBe(formUrl);
      expect(watch.requests.filter((request) => request.startsWith('POST '))).toEqual([]);
      expect(await settledEmails(local.server, 500)).toEqual([]);
      expect(watch.errors).toEqual([]);
    });

    it('refuses the characters the server refuses, and sends names of every script', async () => {
      const { page, watch } = await visit();
      const values = {
        ...validInquiry(),
        name: 'Ada \u202Eecalevol',
        company: 'Babbage\u2028& Co',
        project_url: 'https://example.org/\u001B[2J',
      };
      await fillForm(page, values);
      await page.getByRole('button', { name: 'Send inquiry' }).click();

      const verdict = (await postContact(local.server.apiUrl, { ...values, _gotcha: '' })).json<{ errors: FieldError[] }>();
      expect(verdict.errors.map((error) => [error.field, error.code])).toEqual([
        ['name', 'invalid_characters'],
        ['company', 'invalid_characters'],
        ['project_url', 'invalid_characters'],
      ]);
      expect(await shownErrors(page)).toEqual(
        Object.fromEntries(verdict.errors.map((error) => [error.field, messageFor(error, values[error.field as keyof typeof values])])),
      );
      // An encoded word, which the owner's mail program would decode in the subject (issue 29).
      await fillForm(page, { ...validInquiry(), company: '=?UTF-8?Q?Babbage=E2=80=AE_&_Co?=' });
      await page.getByRole('button', { name: 'Send inquiry' }).click();
      expect(await shownErrors(page)).toEqual({ company: FIELD_MESSAGES.company?.invalid_characters });
      expect(watch.requests.filter((request) => request.startsWith('POST '))).toEqual([]);

      const persian = { ...validInquiry(), name: 'نیک\u200Cنام 👩\u200D💻', company: 'שרה & Co', project_url: '' };
      await fillForm(page, persian);
      expect((await submitForm(page)).status()).toBe(202);
      expect((await deliveredEmails(local.server, 1))[0]?.subject).toBe(`Project inquiry from ${persian.name} (${persian.company})`);
      expect(watch.errors).toEqual([]);
    });

    it('delivers a valid inquiry to the mailbox and confirms it in place', async () => {
      const { page, watch } = await visit();
      const inquiry = validInquiry();
      await fillForm(page, inquiry);
      const answer = await submitForm(page);

      expect(answer.status()).toBe(202);
      expect(answer.url()).toBe(`${origin}/api/contact`);
      const confirmation = page.locator('#contact-sent');
      await confirmation.waitFor();
      expect(await confirmation.getByRole('heading').textContent()).toBe(SENT.heading);
      expect(await focusedElement(page)).toBe('contact-sent');
      expect(await page.locator('#contact-form').isHidden()).toBe(true);
      const reference = (await page.locator('#contact-reference').textContent()) ?? '';
      expect(reference).toMatch(/^[0-9a-f-]{36}$/);

      const emails = await deliveredEmails(local.server, 1);
      expect(emails).toHaveLength(1);
      expect(emails[0]?.subject).toBe(`Project inquiry from ${inquiry.name} (${inquiry.company})`);
      expect(emails[0]?.replyTo).toEqual([inquiry.email]);
      expect(emails[0]?.body.text).toContain(`Message:\n${quoted(inquiry.message ?? '')}\n`);
      expect(emails[0]?.body.text).toContain(`Inquiry id: ${reference}`);

      await keepScreenshot(page, 'script-sent');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(watch.errors).toEqual([]);
      expect(foreignRequests(watch, origin)).toEqual([]);
    });

    it('sends the same inquiry again with its key after the answer was lost: the first answer is replayed, one mail', async () => {
      const { page, watch } = await visit();
      const keys: string[] = [];
      let firstAnswer: { id?: string } = {};
      // The server takes the first POST and answers it; the browser never hears that answer.
      await page.route('**/api/contact', async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        keys.push(route.request().headers()['idempotency-key'] ?? '');
        if (keys.length > 1) return route.continue();
        firstAnswer = (await (await route.fetch()).json()) as { id?: string };
        return route.abort('connectionreset');
      });
      await fillForm(page, validInquiry());
      await page.getByRole('button', { name: 'Send inquiry' }).click();
      await expectStatus(page, NOTICES.failed);
      expect(await deliveredEmails(local.server, 1)).toHaveLength(1);

      const answer = await submitForm(page);

      expect(answer.status()).toBe(202);
      expect(await answer.headerValue('idempotency-replayed')).toBe('true');
      expect(keys).toHaveLength(2);
      expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(keys[1]).toBe(keys[0]);
      await page.locator('#contact-sent').waitFor();
      expect(await page.locator('#contact-reference').textContent()).toBe(firstAnswer.id);
      expect(await deliveredEmails(local.server, 1)).toHaveLength(1);
      expect(watch.errors.filter((error) => !/ERR_CONNECTION_RESET/.test(error))).toEqual([]);
    });

    it('gives an inquiry changed after a failed send a key of its own, and the first key back when changed back', async () => {
      const { page } = await visit();
      const keys: string[] = [];
      await page.route('**/api/contact', async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        keys.push(route.request().headers()['idempotency-key'] ?? '');
        return route.abort('connectionreset');
      });
      const sendAndFail = async () => {
        const failed = page.waitForEvent('requestfailed', (request) => request.method() === 'POST');
        await page.getByRole('button', { name: 'Send inquiry' }).click();
        await failed;
      };
      const inquiry = validInquiry();
      await fillForm(page, inquiry);
      await sendAndFail();
      await expectStatus(page, NOTICES.failed);
      await page.getByLabel('Your project').fill(`${inquiry.message} And the printer.`);
      await sendAndFail();
      await page.getByLabel('Your project').fill(inquiry.message ?? '');
      await sendAndFail();

      expect(keys).toHaveLength(3);
      expect(keys[1]).not.toBe(keys[0]);
      // Changed back, it is the first inquiry again, whose answer may have been lost: its key again.
      expect(keys[2]).toBe(keys[0]);
      expect(await settledEmails(local.server, 500)).toHaveLength(0);
    });

    it('sends an inquiry without a key where the browser cannot make one', async () => {
      const { page, watch } = await visit();
      // crypto.randomUUID exists only in secure contexts: the page served over plain HTTP from another host.
      await page.addInitScript(() => {
        delete (Crypto.prototype as { randomUUID?: unknown }).randomUUID;
      });
      await page.reload();
      await page.locator('#contact-form[novalidate]').waitFor({ state: 'attached' });
      await fillForm(page, validInquiry());
      const answer = await submitForm(page);

      expect(answer.status()).toBe(202);
      expect(await answer.request().headerValue('idempotency-key')).toBeNull();
      await page.locator('#contact-sent').waitFor();
      expect(await deliveredEmails(local.server, 1)).toHaveLength(1);
      expect(watch.errors).toEqual([]);
    });

    it('says how many minutes to wait when the server answers 429, and keeps what was written', async () => {
      const inquiry = validInquiry();
      expect((await postContact(local.server.apiUrl, { ...inquiry, _gotcha: '' })).status).toBe(202);
      const { page, watch } = await visit();
      await fillForm(page, inquiry);
      const answer = await submitForm(page);

      expect(answer.status()).toBe(429);
      const retryAfter = Number((await answer.allHeaders())['retry-after']);
      await expectStatus(page, rateLimitedNotice('email', retryAfter));
      expect(await page.locator('#contact-status').textContent()).toMatch(/try again in \d+ minutes?\.$/);
      expect(await page.getByLabel('Your project').inputValue()).toBe(inquiry.message);
      expect(await deliveredEmails(local.server, 1)).toHaveLength(1);
      await keepScreenshot(page, 'script-rate-limited');
      expect(watch.errors.filter((error) => !failedLoad(429).test(error))).toEqual([]);
    });

    it('asks to try again when the service answers 503', async () => {
      const { page, watch } = await visit();
      await answerPostsWith(page, contactReply({ kind: 'unavailable', dependency: 'inquiry_store', errorName: 'Test' }, 'id', DEFAULT_RATE_LIMITS));
      const inquiry = validInquiry();
      await fillForm(page, inquiry);
      expect((await submitForm(page)).status()).toBe(503);

      await expectStatus(page, NOTICES.unavailable);
      expect(await page.getByLabel('Your name').inputValue()).toBe(inquiry.name);
      await keepScreenshot(page, 'script-unavailable');
      expect(watch.errors.filter((error) => !failedLoad(503).test(error))).toEqual([]);
    });

    it('shows the server’s own field errors on 422: a filled-in honeypot is refused and nothing is sent, then sent as its sentence says', async () => {
      const { page, watch } = await visit();
      await fillForm(page, validInquiry());
      // What a robot does: the field is out of reach for a person.
      await page.locator('#contact-trap').fill('http://spam.example', { force: true });
      expect((await submitForm(page)).status()).toBe(422);

      await expectStatus(page, FIELD_MESSAGES._gotcha?.honeypot ?? '');
      expect(await settledEmails(local.server, 500)).toEqual([]);
      expect(watch.errors.filter((error) => !failedLoad(422).test(error))).toEqual([]);
      // "Send the form again": the script emptied the trap, as the answer without script does.
      expect(await page.locator('#contact-trap').inputValue()).toBe('');
      expect((await submitForm(page)).status()).toBe(202);
      // Its mail, here: come late, it landed in the next test's emptied mailbox, which must stay empty.
      expect(await deliveredEmails(local.server, 1)).toHaveLength(1);
    });
  });

  describe('without script', () => {
    const noScript = { javaScriptEnabled: false };

    it('serves a refused form again, filled in and escaped, with each error beside its field (422)', async () => {
      const { page, watch } = await visit(noScript);
      // Values the browser's own checks let through (type=email accepts a domain without a dot).
      const values = { name: 'Ada "<b>bold</b>" & <script>x()</script>', email: 'me@gmail', message: '\nToo short.' };
      await fillForm(page, values);
      const answer = await submitForm(page);

      expect(answer.status()).toBe(422);
      expect(answer.url()).toBe(formUrl);
      expect(await page.title()).toMatch(/^Error: /);
      expect(await page.getByLabel('Your name').inputValue()).toBe(values.name);
      expect(await page.getByLabel('Your e-mail address').inputValue()).toBe(values.email);
      expect(await page.getByLabel('Your project').inputValue()).toBe(values.message);
      expect(await shownErrors(page)).toEqual({
        email: FIELD_MESSAGES.email?.invalid_email,
        message: FIELD_MESSAGES.message?.too_short,
      });
      expect(await page.locator('#contact-email').getAttribute('aria-describedby')).toBe('contact-email-hint contact-email-error');
      expect(await focusedElement(page)).toBe('contact-email');
      expect(await settledEmails(local.server, 500)).toEqual([]);
      await keepScreenshot(page, 'no-script-invalid');
      // Chromium logs the document's own 422 status, which is the answer the contract asks for.
      expect(watch.errors.filter((error) => !failedLoad(422).test(error))).toEqual([]);
    });

    it('refuses the form posted from another site’s page (403) and sends nothing', async () => {
      const context = await local.browser.newContext(noScript);
      const page = await context.newPage();
      const watch = watchPage(page);
      const fields = Object.entries({ ...validInquiry(), _gotcha: '' })
        .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
        .join('');
      await page.route('http://evil.example/', (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><title>Win a prize</title><form method="post" action="${formUrl}">${fields}<button>Claim</button></form>`,
        }),
      );
      visits.push({ context, page, watch, response: await page.goto('http://evil.example/') });
      const answer = page.waitForResponse((response) => response.request().method() === 'POST');
      await page.getByRole('button', { name: 'Claim' }).click();

      expect((await answer).status()).toBe(403);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('The form must be sent from this site');
      expect(await settledEmails(local.server, 500)).toEqual([]);
    });

    it.each([
      ['{base}', () => local.server.baseUrl],
      ['the address the banner prints', () => local.server.apiUrl],
    ])('delivers a valid form from the page at %s and lands on the confirmation page (303)', async (_title, address) => {
      const pageOrigin = address();
      const { page, watch } = await visit(noScript, `${pageOrigin}/contact`);
      const inquiry = validInquiry();
      await fillForm(page, inquiry);
      const answer = await submitForm(page);

      expect(answer.status()).toBe(303);
      await page.waitForURL(`${pageOrigin}/contact/sent`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(SENT.heading);
      const emails = await deliveredEmails(local.server, 1);
      expect(emails).toHaveLength(1);
      expect(emails[0]?.replyTo).toEqual([inquiry.email]);
      // A form post turns line breaks into CR LF, which the service keeps as LF (docs/api.md §2): each one line of the quoted message.
      expect(emails[0]?.body.text).toContain(`Message:\n${quoted(inquiry.message ?? '')}\n`);
      expect(emails[0]?.body.text).not.toContain('\r');
      await keepScreenshot(page, 'no-script-sent');
      expect(watch.errors).toEqual([]);
      expect(foreignRequests(watch, pageOrigin)).toEqual([]);
    });

    it('says how many minutes to wait on 429, with the form filled in again', async () => {
      const inquiry = validInquiry();
      expect((await postContact(local.server.apiUrl, { ...inquiry, _gotcha: '' })).status).toBe(202);
      const { page, watch } = await visit(noScript);
      await fillForm(page, inquiry);
      const answer = await submitForm(page);

      expect(answer.status()).toBe(429);
      const retryAfter = Number((await answer.allHeaders())['retry-after']);
      expect(await page.locator('#contact-status').textContent()).toBe(rateLimitedNotice('email', retryAfter));
      // Posted with CR LF, served back in a <textarea>, whose parser makes it LF again.
      expect(await page.getByLabel('Your project').inputValue()).toBe(inquiry.message);
      await keepScreenshot(page, 'no-script-rate-limited');
      expect(watch.errors.filter((error) => !failedLoad(429).test(error))).toEqual([]);
    });

    it('still works when the script fails to load, and the refused form is accessible in light', async () => {
      const context = await local.browser.newContext();
      const page = await context.newPage();
      await page.route('**/contact/form.js', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
      const watch = watchPage(page);
      visits.push({ context, page, watch, response: await page.goto(formUrl) });
      await fillForm(page, { name: 'Ada', email: 'me@gmail', message: 'Too short.' });
      expect((await submitForm(page)).status()).toBe(422);

      expect(Object.keys(await shownErrors(page))).toEqual(['email', 'message']);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    });
  });
});

/** Waits for the status line to say `text`, and checks it says nothing else. */
/** The server's own answer to the page's POSTs, played by the browser: nothing here can make the emulators fail so. */
async function answerPostsWith(page: Page, reply: Reply): Promise<void> {
  await page.route('**/api/contact', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: reply.statusCode, headers: reply.headers, body: reply.body ?? '' })
      : route.continue(),
  );
}

async function expectStatus(page: Page, text: string): Promise<void> {
  const status = page.locator('#contact-status');
  await status.filter({ hasText: text }).waitFor();
  expect(await status.textContent()).toBe(text);
}
