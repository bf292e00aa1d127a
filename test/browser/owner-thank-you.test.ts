import { expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { contactFormSending } from '../../lambdas/html/form-page-reading.js';
import { CHANGED_FORM_NOTICE } from '../../lambdas/inquiry/form-messages.js';
import { readPage } from '../../lambdas/html/page-tree.js';
import { describeWithChromium, watchPage, type PageWatch } from '../support/browser.js';
import { newEmail, newMessage } from '../support/fresh-clients.js';
import { deliveredEmails, expectAnswered, settledEmails } from '../support/local-server.js';
import { localModeInChromium } from '../support/local-mode-in-chromium.js';
import { OPEN_REDIRECT_ATTEMPTS } from '../support/site-path-cases.js';
import { fillOwnerForm, foreignRequests, submitForm } from './contact-form-driver.js';

/*
 * The owner's thank-you page, named once: the example form (docs/examples/contact-form.html) is the
 * form page (FORM_PAGE), its form's data-success-path="/thanks/" the only place the path is
 * written (no FORM_SUCCESS_PATH). With its script, the visitor lands there after the 202; without,
 * the service's 303 takes them to the same page (docs/api.md §9). A form naming none, or naming
 * anything but a path of the site, keeps the visitor on the page with the script's sentence.
 */

const EXAMPLES = fileURLToPath(new URL('../../docs/examples/', import.meta.url));
const FORM_PAGE = '/contact-form.html';
const THANKS = '/thanks/';
const SENTENCE = 'Thank you: your inquiry was received. It reaches me by e-mail, and the reply will come to the address you gave.';
const describeInChromium = describeWithChromium();

interface Visit {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly watch: PageWatch;
}

describeInChromium('the owner’s thank-you page, named by the example form’s data-success-path alone, in Chromium', () => {
  const local = localModeInChromium<Visit>({ SITE_DIR: EXAMPLES, FORM_PAGE, SITE_NAME: 'Ada Lovelace', RATE_LIMIT_IP: '1000' });
  const { visits } = local;
  const inquiry = () => ({ name: 'Ada Lovelace', email: newEmail(), message: newMessage() });

  /** Opens the form page; `markup`, given, rewrites the page's HTML on its way to the browser. */
  const visit = async (options: BrowserContextOptions = {}, markup?: (html: string) => string): Promise<Visit> => {
    const context = await local.browser.newContext(options);
    const page = await context.newPage();
    const watch = watchPage(page);
    if (markup !== undefined) {
      await page.route(`**${FORM_PAGE}`, async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, body: markup(await response.text()) });
      });
    }
    await page.goto(`${local.server.baseUrl}${FORM_PAGE}`);
    const opened = { context, page, watch };
    visits.push(opened);
    return opened;
  };
  /** Sends the form and returns the answer to its POST. */
  const send = (page: Page) => submitForm(page, 'Send');
  const status = (page: Page) => page.locator('[data-status]');

  it('says at start that the thank-you page is the form’s, with no FORM_SUCCESS_PATH', () => {
    expect(local.server.output()).toMatch(/^Thank-you {2}\/thanks\/ {2}\(data-success-path on the form of \/contact-form\.html\)$/m);
  });

  it('with JavaScript, lands on the owner’s thank-you page once the inquiry is received', async () => {
    const { page, watch } = await visit();
    const values = inquiry();
    await fillOwnerForm(page, values);
    const [answer] = await Promise.all([send(page), page.waitForURL(`${local.server.baseUrl}${THANKS}`)]);

    expect(answer.url()).toBe(`${local.server.baseUrl}/api/contact`);
    expectAnswered(answer.status(), 202, local.server);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Thank you');
    const [mail] = await deliveredEmails(local.server, 1);
    expect(mail?.replyTo).toEqual([values.email]);
    expect(foreignRequests(watch, local.server.baseUrl)).toEqual([]);
    expect(watch.errors).toEqual([]);
  });

  it('without JavaScript, lands on the same page: the service’s 303 goes where the form says', async () => {
    const { page, watch } = await visit({ javaScriptEnabled: false });
    const values = inquiry();
    await fillOwnerForm(page, values);
    const [answer] = await Promise.all([send(page), page.waitForURL(`${local.server.baseUrl}${THANKS}`)]);

    expect(answer.url()).toBe(`${local.server.baseUrl}/contact`);
    expect(answer.status()).toBe(303);
    expect(await answer.headerValue('location')).toBe(THANKS);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Thank you');
    const [mail] = await deliveredEmails(local.server, 1);
    expect(mail?.replyTo).toEqual([values.email]);
    expect(watch.errors).toEqual([]);
  });

  it('takes a post from a tab opened before the switch, its Netlify form posting to the thank-you page, back to the form with what the visitor wrote: nothing sent till they send it again', async () => {
    // The page as Netlify Forms had it: its action the thank-you page, its hidden form-name field, no script of ours.
    const netlify = (html: string) => html.replace('action="/contact"', `action="${THANKS}" data-netlify="true"`).replace('</form>', '<input type="hidden" name="form-name" value="contact"></form>');
    const { page, watch } = await visit({ javaScriptEnabled: false }, netlify);
    const values = inquiry();
    await fillOwnerForm(page, values);
    const [answer] = await Promise.all([send(page), page.waitForURL(`${local.server.baseUrl}/contact`)]);

    expect(answer.url()).toBe(`${local.server.baseUrl}${THANKS}`);
    expect(answer.status()).toBe(307);
    await page.waitForLoadState();
    // Refused for the field the old form had and the inquiry has not: the visitor's answers back in the form.
    expect(await status(page).textContent()).toBe(CHANGED_FORM_NOTICE);
    expect(await page.locator('[name="message"]').inputValue()).toBe(values.message);
    expect(await page.locator('[name="email"]').inputValue()).toBe(values.email);
    expect(await page.locator('form.inquiry').getAttribute('action')).toBe('/contact');
    expect(await settledEmails(local.server, 500)).toEqual([]);

    const [again] = await Promise.all([send(page), page.waitForURL(`${local.server.baseUrl}${THANKS}`)]);
    expect(again.status()).toBe(303);
    const [mail] = await deliveredEmails(local.server, 1);
    expect(mail?.replyTo).toEqual([values.email]);
    expect(watch.errors).toEqual(['Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)']);
  });

  it('marks a refused post’s status line status-error with the script or without it, so that the example’s site.css shows it alike', async () => {
    const refusedStatus = async (options: BrowserContextOptions) => {
      const { page } = await visit(options);
      // A well-formed address to the browser's own check, refused by the published rules.
      await fillOwnerForm(page, { ...inquiry(), email: 'ada@gmail' });
      expect((await send(page)).status()).toBe(422);
      const line = status(page).filter({ hasText: 'The inquiry was not sent.' });
      await line.waitFor();
      // Without the script the line is in a new page: its colour is the style sheet's only once loaded.
      await page.waitForLoadState();
      return { classes: await line.getAttribute('class'), color: await page.evaluate('getComputedStyle(document.querySelector("[data-status]")).color') };
    };

    const scripted = await refusedStatus({});
    const posted = await refusedStatus({ javaScriptEnabled: false });

    expect(scripted.classes?.split(' ')).toContain('status-error');
    expect(posted).toEqual(scripted);
    expect(await settledEmails(local.server, 500)).toEqual([]);
  });

  it('with a form that names no thank-you page, thanks the visitor in the page and stays there', async () => {
    const { page, watch } = await visit({}, (html) => html.replace(` data-success-path="${THANKS}"`, ''));
    expect(await page.locator('form.inquiry').getAttribute('data-success-path')).toBeNull();
    await fillOwnerForm(page, inquiry());
    expectAnswered((await send(page)).status(), 202, local.server);

    await status(page).filter({ hasText: SENTENCE }).waitFor();
    expect(await status(page).textContent()).toBe(SENTENCE);
    expect(page.url()).toBe(`${local.server.baseUrl}${FORM_PAGE}`);
    expect(await page.locator('[name="name"]').inputValue()).toBe('');
    expect(await deliveredEmails(local.server, 1)).toHaveLength(1);
    expect(watch.errors).toEqual([]);
  });

  it('goes nowhere but a path of the site, whatever a page injected puts in the attribute: it thanks the visitor in place instead', async () => {
    const { page, watch } = await visit();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    // What a browser would take off the site, or holds what a URL drops or escapes; a percent-escape
    // stays on the site (the service's rule refuses those at synth, docs/api.md §7).
    const hostile = [
      ...OPEN_REDIRECT_ATTEMPTS.map(([value]) => value).filter((value) => !value.startsWith('/') || /\/\/|\\|[^!-~]/.test(value)),
      '///evil.example',
      '/..//evil.example',
      ' /thanks/',
      'data:text/html,<script>alert(1)</script>',
      'JaVaScRiPt:alert(1)',
      '/thanks/\u3000/evil.example',
    ];
    for (const value of hostile) {
      await page.locator('form.inquiry').evaluate((form, path) => form.setAttribute('data-success-path', path), value);
      await fillOwnerForm(page, inquiry());
      expect({ value, status: (await send(page)).status() }).toEqual({ value, status: 202 });
      await status(page).filter({ hasText: SENTENCE }).waitFor();
      expect({ value, url: page.url() }).toEqual({ value, url: `${local.server.baseUrl}${FORM_PAGE}` });
    }
    // A control named "dataset" shadows the form's own dataset (DOM clobbering): the script then reads no path at all.
    await page.locator('form.inquiry').evaluate((form) => {
      form.setAttribute('data-success-path', '/thanks/');
      form.insertAdjacentHTML('beforeend', '<input name="dataset" disabled>');
    });
    await fillOwnerForm(page, inquiry());
    expectAnswered((await send(page)).status(), 202, local.server);
    await status(page).filter({ hasText: SENTENCE }).waitFor();
    expect(page.url()).toBe(`${local.server.baseUrl}${FORM_PAGE}`);

    // And a path of the site is followed still, so that the test above could have failed.
    await page.locator('form.inquiry [name="dataset"]').evaluate((input) => input.remove());
    await fillOwnerForm(page, inquiry());
    await Promise.all([send(page), page.waitForURL(`${local.server.baseUrl}${THANKS}`)]);
    expect(foreignRequests(watch, local.server.baseUrl)).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(watch.errors).toEqual([]);
  }, 120_000);

  it('reads the attribute as synth and start-up read it (parse5): entities, case, repeats, NUL and line breaks alike', async () => {
    const context = await local.browser.newContext();
    const page = await context.newPage();
    visits.push({ context, page, watch: watchPage(page) });
    const forms = [
      '<form method="post" action="/contact" data-success-path="/thanks/">',
      '<form method="post" action="/contact" DATA-Success-Path="&#x2F;thanks&sol;?a=1&amp;b=2&quot;">',
      '<form method="post" action="/contact" data-success-path="/thanks/" data-success-path="//evil.example">',
      '<form method="post" action="/contact" data-success-path=/thanks/>',
      '<form method="post" action="/contact" data-success-path>',
      '<form method="post" action="/contact" data-success-path="/\u0000/evil.example">',
      '<form method="post" action="/contact" data-success-path="/\r\n/evil.example\t">',
      '<form method="post" action="/contact" data-success-path="&NotAnEntity;/x">',
    ];
    for (const form of forms) {
      const html = `<!doctype html><title>Contact</title>${form}<input name="name"></form>`;
      await page.setContent(html);
      const inBrowser = await page.locator('form').getAttribute('data-success-path');
      expect({ form, successPath: inBrowser }).toEqual({ form, successPath: contactFormSending(readPage(html, '/contact/'))?.successPath ?? null });
    }
  });
});
