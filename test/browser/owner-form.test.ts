import { describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { FIELD_MESSAGES, rateLimitedNotice } from '../../lambdas/inquiry/form-messages.js';
import type { RateLimitScope } from '../../lambdas/inquiry/limits.js';
import { INQUIRY_RULES } from '../../lambdas/inquiry/schema.js';
import { describeWithChromium, keepScreenshot, seriousAccessibilityViolations } from '../support/browser.js';
import { newEmail, newMessage } from '../support/fresh-clients.js';
import { deliveredEmails, settledEmails } from '../support/local-server.js';
import { localModeInChromium } from '../support/local-mode-in-chromium.js';
import { quoted } from '../support/owner-mail.js';
import { fillOwnerForm, type OpenedPage, openPage } from './contact-form-driver.js';

/*
 * The owner's own form (docs/examples/contact-form.html and its script), served from the docs
 * folder itself through SITE_DIR, as an owner previews their site: in Chromium with and without
 * JavaScript, sent to the inbox, its field errors in the owner's markup, the visitor taken to the
 * owner's thank-you page either way, and the service's pages in the owner's style (docs/api.md §9).
 * Here the page is no form page, so FORM_SUCCESS_PATH names the thank-you page for the post made
 * without script; owner-thank-you.test.ts has the form name it alone.
 */

const EXAMPLES = fileURLToPath(new URL('../../docs/examples/', import.meta.url));
const describeInChromium = describeWithChromium();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describeInChromium('the owner’s own form, from docs/examples, in Chromium', () => {
  const local = localModeInChromium<OpenedPage>({
    SITE_DIR: EXAMPLES,
    FORM_SUCCESS_PATH: '/thanks/',
    PAGE_STYLESHEET: '/site.css',
    SITE_NAME: 'Ada Lovelace',
    RATE_LIMIT_IP: '1000',
    RATE_LIMIT_EMAIL: '1',
  });
  const { visits } = local;
  // A text of its own each time: the same text a third time in a day is held for the digest (docs/api.md §15).
  const inquiry = () => ({ name: 'Ada Lovelace', email: newEmail(), message: `Two lines about the engine:\n${newMessage()}`, company: 'Analytical & Co', project_url: 'https://example.org/engine' });

  const visit = async (options: BrowserContextOptions = {}, path = '/contact-form.html'): Promise<OpenedPage> => {
    const opened = await openPage(local.browser, `${local.server.baseUrl}${path}`, options);
    visits.push(opened);
    return opened;
  };
  const send = (page: Page) => page.getByRole('button', { name: 'Send' }).click();
  const status = (page: Page) => page.locator('[data-status]');
  /** Sends the form and waits for the owner's thank-you page, where its data-success-path leads. */
  const sendToThanks = (page: Page) => Promise.all([page.waitForURL(`${local.server.baseUrl}/thanks/`), send(page)]);
  /** Waits until the page's status line says `text`, and checks that it says nothing else. */
  const statusSays = async (page: Page, text: string) => {
    await status(page).filter({ hasText: text }).waitFor();
    expect(await status(page).textContent()).toBe(text);
  };

  it('names the inquiry’s fields as the published schema does, with its limits, and the tool for agents', async () => {
    const { page } = await visit({ javaScriptEnabled: false });
    const names = await page.locator('form.inquiry [name]').evaluateAll((controls) => controls.map((control) => control.getAttribute('name')));
    expect(names).toEqual(Object.keys(INQUIRY_RULES.properties));
    const { properties } = INQUIRY_RULES;
    for (const [name, property] of Object.entries(properties) as Array<[string, { maxLength?: number }]>) {
      if (name === '_gotcha') continue;
      expect({ name, maxlength: await page.locator(`[name="${name}"]`).getAttribute('maxlength') }).toEqual({ name, maxlength: String(property.maxLength) });
    }
    expect(await page.locator('[name="message"]').getAttribute('minlength')).toBe(String(properties.message.minLength));
    expect(await page.locator('form.inquiry').getAttribute('toolname')).toBe('sendInquiry');
    expect(await page.locator('form.inquiry [name]:not([toolparamdescription])').count()).toBe(0);
  });

  it('looks as a visitor sees it, accessible, asking nothing of another origin', async () => {
    const { page, watch } = await visit({ viewport: { width: 760, height: 900 }, colorScheme: 'light' });
    await keepScreenshot(page, 'owner-form');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(watch.requests.filter((request) => !request.includes(local.server.baseUrl))).toEqual([]);
    expect(watch.errors).toEqual([]);
  });

  describe('with JavaScript', () => {
    it('posts JSON to /api/contact with an Idempotency-Key, takes the visitor to the thank-you page its form names, and the inquiry reaches the inbox', async () => {
      const { page, watch } = await visit();
      const values = inquiry();
      await fillOwnerForm(page, values);
      const answer = page.waitForResponse((response) => response.request().method() === 'POST');
      await sendToThanks(page);
      const posted = await answer;

      expect(posted.url()).toBe(`${local.server.baseUrl}/api/contact`);
      expect(posted.status()).toBe(202);
      expect(await posted.request().headerValue('content-type')).toBe('application/json');
      expect(await posted.request().headerValue('idempotency-key')).toMatch(UUID);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Thank you');
      const [mail] = await deliveredEmails(local.server, 1);
      expect(mail?.replyTo).toEqual([values.email]);
      expect(mail?.body.text).toContain(`Message:\n${quoted(values.message)}`);
      expect(watch.errors).toEqual([]);
    });

    it('shows each field error the server finds beside its field, in the owner’s markup, and sends nothing', async () => {
      const { page, watch } = await visit();
      // What the browser's own checks let through and the published rules refuse.
      await fillOwnerForm(page, { ...inquiry(), email: 'ada@gmail', message: ' '.repeat(24) });
      const answer = page.waitForResponse((response) => response.request().method() === 'POST');
      await send(page);
      expect((await answer).status()).toBe(422);

      const email = page.locator('#email-error');
      await email.waitFor();
      expect(await email.textContent()).toMatch(/e-mail address/);
      // The sentence the service's own form shows (userMessage), not the API's, which names the JSON field.
      expect(await page.locator('#message-error').textContent()).toBe(FIELD_MESSAGES.message?.blank);
      expect(await page.locator('.field-error:visible').evaluateAll((boxes) => boxes.map((box) => box.id))).toEqual(['email-error', 'message-error']);
      expect(await page.locator('[aria-invalid="true"]').evaluateAll((controls) => controls.map((control) => control.id))).toEqual(['email', 'message']);
      expect(await page.evaluate('document.activeElement.id')).toBe('email');
      expect(await status(page).textContent()).toBe('The inquiry was not sent. Please correct the fields marked below.');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(await settledEmails(local.server, 500)).toEqual([]);
      expect(watch.errors.filter((error) => !/status of 422/.test(error))).toEqual([]);

      // Corrected, it goes.
      await fillOwnerForm(page, { email: newEmail(), message: newMessage() });
      await sendToThanks(page);
      expect(await deliveredEmails(local.server, 1)).toHaveLength(1);
    });

    it('sends the same inquiry again with its key after the answer was lost: the first answer is replayed, one mail', async () => {
      const { page } = await visit();
      const keys: string[] = [];
      await page.route('**/api/contact', async (route) => {
        keys.push(route.request().headers()['idempotency-key'] ?? '');
        if (keys.length > 1) return route.continue();
        await route.fetch();
        return route.abort('connectionreset');
      });
      await fillOwnerForm(page, inquiry());
      await send(page);
      await statusSays(page, 'Your inquiry could not be sent. Please check your connection and try again.');
      expect(await deliveredEmails(local.server, 1)).toHaveLength(1);

      const answer = page.waitForResponse((response) => response.request().method() === 'POST');
      await send(page);
      const replayed = await answer;
      expect(replayed.status()).toBe(202);
      expect(await replayed.headerValue('idempotency-replayed')).toBe('true');
      expect(keys).toEqual([expect.stringMatching(UUID), keys[0]]);
      expect(await deliveredEmails(local.server, 1)).toHaveLength(1);
    });

    it('says the service’s own sentence for an answer that came from elsewhere on the way, with no detail (a proxy’s HTML 403), not a connection’s', async () => {
      const { page } = await visit();
      await page.route('**/api/contact', (route) => route.fulfill({ status: 403, contentType: 'text/html', body: '<h1>Forbidden</h1>' }));
      await fillOwnerForm(page, inquiry());
      await send(page);
      await statusSays(page, 'Your inquiry could not be accepted just now. Please try again in a minute.');
      expect(await status(page).getAttribute('class')).toContain('status-error');
    });

    it('says the sentence a visitor without JavaScript reads when the server refuses for a while (429)', async () => {
      const { page } = await visit();
      const values = inquiry();
      await fillOwnerForm(page, values);
      await sendToThanks(page);
      await page.goBack();
      await fillOwnerForm(page, { ...values, message: newMessage() });
      const answer = page.waitForResponse((response) => response.request().method() === 'POST');
      await send(page);
      const refused = await answer;
      expect(refused.status()).toBe(429);
      const { scope } = (await refused.json()) as { scope: RateLimitScope };
      await statusSays(page, rateLimitedNotice(scope, Number((await refused.allHeaders())['retry-after'])));
      expect(await status(page).getAttribute('class')).toContain('status-error');
    });
  });

  describe('without JavaScript', () => {
    it('posts the form to /contact and lands on the owner’s thank-you page; the inquiry reaches the inbox', async () => {
      const { page, watch } = await visit({ javaScriptEnabled: false });
      const values = inquiry();
      await fillOwnerForm(page, values);
      await Promise.all([page.waitForURL(`${local.server.baseUrl}/thanks/`), send(page)]);

      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Thank you');
      const [mail] = await deliveredEmails(local.server, 1);
      expect(mail?.replyTo).toEqual([values.email]);
      expect(watch.requests).toContain(`POST ${local.server.baseUrl}/contact`);
      expect(watch.errors).toEqual([]);
    });

    it('answers a refused form with the service’s page in the owner’s style, the CSP allowing it', async () => {
      const { page, watch } = await visit({ javaScriptEnabled: false });
      await fillOwnerForm(page, { ...inquiry(), email: 'ada@gmail' });
      const [answer] = await Promise.all([page.waitForResponse((response) => response.request().method() === 'POST'), send(page)]);
      await page.waitForLoadState();

      expect(answer.status()).toBe(422);
      expect(await answer.headerValue('content-security-policy')).toMatch(/(?:^|; )style-src 'self'(?:;|$)/);
      expect(await page.locator('link[rel="stylesheet"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual([
        '/contact/form.css',
        '/site.css',
      ]);
      // The owner's rules apply: their paper, their serif.
      expect(await page.evaluate('getComputedStyle(document.body).fontFamily')).toMatch(/^Georgia/);
      expect(await page.evaluate('getComputedStyle(document.body).backgroundColor')).toBe('rgb(251, 246, 236)');
      expect(await page.locator('#contact-email-error').isVisible()).toBe(true);
      await keepScreenshot(page, 'owner-style-refused');
      expect(await settledEmails(local.server, 500)).toEqual([]);
      // A style the CSP refused would be a console error.
      expect(watch.errors.filter((error) => !/status of 422/.test(error))).toEqual([]);
    });
  });
});
