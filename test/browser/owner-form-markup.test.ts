import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { FIELD_MESSAGES } from '../../lambdas/inquiry/form-messages.js';
import { describeWithChromium, seriousAccessibilityViolations, watchPage, type PageWatch } from '../support/browser.js';
import { newEmail, newMessage } from '../support/fresh-clients.js';
import { deliveredEmails, settledEmails } from '../support/local-server.js';
import { localModeInChromium } from '../support/local-mode-in-chromium.js';
import { siteFolder } from '../support/site-folder.js';
import { fillOwnerForm, type OpenedPage, openPage, submitForm } from './contact-form-driver.js';

/*
 * The example page and script (docs/examples) as a new owner makes them theirs: the form takes the
 * class of their own style sheet (`gh-form`), loses the `[data-status]` element, and their own
 * style sheet, which knows nothing of the example's rules, replaces the example's. The script still
 * takes the form over, by where it posts, not by its class, and says how the sending went in a
 * status line of its own; the spam trap stays out of sight, keyboard and screen reader, with or
 * without script and on the service's answer in the owner's page (docs/api.md §9).
 */

const examples = (file: string) => readFileSync(new URL(`../../docs/examples/${file}`, import.meta.url), 'utf8');

/** `text` with each `[from, to]` replaced, each of which must be there: a test of a change the example no longer needs would prove nothing. */
function rewritten(text: string, changes: readonly (readonly [string, string])[]): string {
  return changes.reduce((page, [from, to]) => {
    if (!page.includes(from)) throw new Error(`The example page no longer holds ${JSON.stringify(from)}`);
    return page.replace(from, to);
  }, text);
}

/** The owner's look: their own rules for their own class, no `.trap`, and fields drawn as blocks. */
const OWNER_CSS = `body { margin: 0 auto; max-width: 40rem; font-family: system-ui, sans-serif; }
.gh-form label, .gh-form input, .gh-form textarea { display: block; width: 100%; box-sizing: border-box; margin-top: 0.5rem; }
.gh-form .field-error { color: #b00020; }
.gh-form [data-status] { font-weight: bold; }
`;

const OWN_PAGE = rewritten(examples('contact-form.html'), [
  ['<form class="inquiry"', '<form class="gh-form"'],
  ['  <p class="status" role="status" data-status></p>\n', ''],
  ['href="/site.css"', 'href="/css/owner.css"'],
]);

/** Two forms, the site's newsletter first (with a status and an error element of its own), the inquiry second, its action relative to the page. */
const NEWS_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>News and contact – Ada Lovelace</title>
<link rel="stylesheet" href="/css/owner.css"><script src="/contact-form.js" defer></script></head>
<body><main>
<h1>News and contact</h1>
<form class="newsletter" method="post" action="/newsletter">
  <p role="status" data-status></p>
  <label for="news-email">Your e-mail address for news</label>
  <input id="news-email" name="email" type="email">
  <p data-error-for="email" hidden></p>
  <button type="submit">Subscribe</button>
</form>
<form class="gh-form" method="post" action="../contact" data-success-path="/thanks/">
  <label for="name">Your name</label><input id="name" name="name">
  <label for="email">Your e-mail address</label><input id="email" name="email" type="email">
  <p class="field-error" id="email-error" data-error-for="email" hidden></p>
  <label for="message">Your project</label><textarea id="message" name="message"></textarea>
  <button type="submit">Send</button>
</form>
</main></body>
</html>
`;

const FORM = 'form.gh-form';

/** The owner's page as a privacy-minded theme writes it: its browser then sends its posts with `Origin: null`. */
const NO_REFERRER_PAGE = rewritten(OWN_PAGE, [['<meta charset="utf-8">', '<meta charset="utf-8">\n<meta name="referrer" content="no-referrer">']]);

const describeInChromium = describeWithChromium();

describeInChromium('the example script and page on the owner’s own markup and style sheet, in Chromium', () => {
  const local = localModeInChromium<OpenedPage>({
    // contact/index.html is the form page: refused posts made without script come back in it.
    SITE_DIR: siteFolder({
      'contact/index.html': OWN_PAGE,
      'news/index.html': NEWS_PAGE,
      'private/index.html': NO_REFERRER_PAGE,
      'thanks/index.html': rewritten(examples('thanks/index.html'), [['href="/site.css"', 'href="/css/owner.css"']]),
      'css/owner.css': OWNER_CSS,
      'contact-form.js': examples('contact-form.js'),
    }),
    SITE_NAME: 'Ada Lovelace',
    RATE_LIMIT_IP: '1000',
  });
  const { visits } = local;
  const inquiry = () => ({ name: 'Ada Lovelace', email: newEmail(), message: newMessage() });

  const visit = async (options: BrowserContextOptions = {}, path = '/contact/'): Promise<OpenedPage> => {
    const opened = await openPage(local.browser, `${local.server.baseUrl}${path}`, options);
    visits.push(opened);
    return opened;
  };
  const send = (page: Page) => submitForm(page, 'Send');
  const trap = (page: Page) => page.locator('[name="_gotcha"]');
  const posts = (watch: PageWatch) => watch.requests.filter((request) => request.startsWith('POST '));

  describe('a form of another class and without [data-status]', () => {
    it('is sent by the script as JSON to /api/contact, never posted as a page, and lands on the thank-you page', async () => {
      const { page, watch } = await visit();
      expect(OWN_PAGE).not.toMatch(/\sdata-status[\s=>]|class="inquiry"/);
      // The status line the script adds, first in the form, for the owner's CSS to style.
      expect(await page.locator('[data-status]').count()).toBe(1);
      const status = page.locator(`${FORM} > p:first-child`);
      expect(await status.getAttribute('role')).toBe('status');
      expect(await status.getAttribute('data-status')).toBe('');

      const values = inquiry();
      await fillOwnerForm(page, values, FORM);
      const [answer] = await Promise.all([send(page), page.waitForURL(`${local.server.baseUrl}/thanks/`)]);

      expect(answer.url()).toBe(`${local.server.baseUrl}/api/contact`);
      expect(answer.status()).toBe(202);
      expect(answer.request().headers()['content-type']).toBe('application/json');
      expect(answer.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
      expect(posts(watch)).toEqual([`POST ${local.server.baseUrl}/api/contact`]);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Thank you');
      const [mail] = await deliveredEmails(local.server, 1);
      expect(mail?.replyTo).toEqual([values.email]);
      expect(watch.errors).toEqual([]);
    });

    it('shows a refused post’s field error in place, and says why in the status line it added, shown even if hidden', async () => {
      const { page, watch } = await visit();
      await page.locator('[data-status]').evaluate((status) => status.setAttribute('hidden', ''));
      await fillOwnerForm(page, { ...inquiry(), email: 'ada@gmail' }, FORM);
      const answer = await send(page);
      expect(answer.status()).toBe(422);

      const error = page.locator('#email-error');
      await error.filter({ hasText: FIELD_MESSAGES.email?.invalid_email ?? '' }).waitFor();
      expect(await page.locator('.field-error:visible').evaluateAll((boxes) => boxes.map((box) => box.id))).toEqual(['email-error']);
      expect(await page.locator('[aria-invalid="true"]').evaluateAll((controls) => controls.map((control) => control.id))).toEqual(['email']);
      expect(await page.evaluate('document.activeElement.id')).toBe('email');
      expect(await page.getByRole('status').textContent()).toBe('The inquiry was not sent. Please correct the fields marked below.');
      expect(await page.getByRole('status').isVisible()).toBe(true);
      expect(page.url()).toBe(`${local.server.baseUrl}/contact/`);
      expect(posts(watch)).toEqual([`POST ${local.server.baseUrl}/api/contact`]);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(await settledEmails(local.server, 500)).toEqual([]);
      expect(watch.errors.filter((error) => !/status of 422/.test(error))).toEqual([]);
    });

    it('is taken over on the service’s answer to a post made without script, and the summary that answer added goes once the script sends', async () => {
      // The page answered without script (422, in the owner's page), then the visitor's browser runs the script there.
      const context = await local.browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      visits.push({ context, page, watch: watchPage(page) });
      await page.goto(`${local.server.baseUrl}/contact/`);
      // What the browser's own checks let through and the service refuses.
      await fillOwnerForm(page, { ...inquiry(), email: 'ada@gmail' }, FORM);
      expect((await send(page)).status()).toBe(422);
      const refused = await page.content();
      expect(refused).toContain('data-form-summary');

      const { page: scripted, watch } = await visit();
      await scripted.route(`${local.server.baseUrl}/contact`, (route) => route.fulfill({ contentType: 'text/html', body: refused }));
      await scripted.goto(`${local.server.baseUrl}/contact`);
      expect(await scripted.locator('[data-form-summary]').count()).toBe(1);
      expect(await scripted.locator('[name="email"]').inputValue()).toBe('ada@gmail');
      expect((await send(scripted)).status()).toBe(422);
      await scripted.getByRole('status').filter({ hasText: 'The inquiry was not sent. Please correct the fields marked below.' }).waitFor();
      expect(await scripted.locator('[data-form-summary]').count()).toBe(0);
      expect(await scripted.locator('#email-error').textContent()).toBe(FIELD_MESSAGES.email?.invalid_email);

      await fillOwnerForm(scripted, { email: newEmail() }, FORM);
      await Promise.all([send(scripted), scripted.waitForURL(`${local.server.baseUrl}/thanks/`)]);
      expect(posts(watch)).toEqual([`POST ${local.server.baseUrl}/api/contact`, `POST ${local.server.baseUrl}/api/contact`]);
      expect(await deliveredEmails(local.server, 1)).toHaveLength(1);
    });
  });

  describe('a page under a no-referrer policy, posted without script', () => {
    it('is sent, though its browser names no origin: Sec-Fetch-Site says the post is the site’s own', async () => {
      const { page } = await visit({ javaScriptEnabled: false }, '/private/');
      await fillOwnerForm(page, inquiry(), FORM);
      const [answer] = await Promise.all([send(page), page.waitForURL(`${local.server.baseUrl}/thanks/`)]);

      const sent = await answer.request().allHeaders();
      expect({ origin: sent.origin, fetchSite: sent['sec-fetch-site'] }).toEqual({ origin: 'null', fetchSite: 'same-origin' });
      expect(answer.status()).toBe(303);
      expect(await deliveredEmails(local.server, 1)).toHaveLength(1);
    });
  });

  describe('the spam trap, with the owner’s own style sheet (no .trap rule)', () => {
    for (const javaScriptEnabled of [true, false]) {
      it(`is out of sight, out of the keyboard’s way and out of the accessibility tree ${javaScriptEnabled ? 'with' : 'without'} script`, async () => {
        const { page } = await visit({ javaScriptEnabled });
        expect(await page.evaluate('[...document.styleSheets].some((sheet) => [...sheet.cssRules].some((rule) => /trap/.test(rule.cssText)))')).toBe(false);
        await expectTrapHidden(page);
      });
    }

    it('stays hidden in the service’s answer in the owner’s page, whose policy refuses style attributes', async () => {
      const { page, watch } = await visit({ javaScriptEnabled: false });
      // What the browser's own checks let through and the service refuses.
      await fillOwnerForm(page, { ...inquiry(), email: 'ada@gmail' }, FORM);
      const answer = await send(page);
      expect(answer.status()).toBe(422);
      expect(answer.headers()['content-security-policy']).toMatch(/(?:^|; )style-src 'self'(?:;|$)/);
      expect(page.url()).toBe(`${local.server.baseUrl}/contact`);
      await expectTrapHidden(page);
      expect(watch.errors.filter((error) => !/status of 422/.test(error))).toEqual([]);
    });

    it('is still a field of the form: what a robot puts in it is sent, and the inquiry refused', async () => {
      const { page } = await visit();
      await fillOwnerForm(page, inquiry(), FORM);
      // What a robot does: fill every named field, seen or not.
      await trap(page).evaluate((input) => {
        (input as unknown as { value: string }).value = 'http://spam.example';
      });
      const answer = await send(page);
      expect(answer.status()).toBe(422);
      expect(JSON.parse(answer.request().postData() ?? '{}')).toMatchObject({ _gotcha: 'http://spam.example' });
      await page.getByRole('status').filter({ hasText: FIELD_MESSAGES._gotcha?.honeypot ?? '' }).waitFor();
      expect(await settledEmails(local.server, 500)).toEqual([]);
    });
  });

  describe('a page with two forms', () => {
    it('takes the one that posts to /contact, the second, and leaves the first alone', async () => {
      const { page, watch } = await visit({}, '/news/');
      expect(await page.locator('form.newsletter > p:first-child').getAttribute('data-status')).toBe('');
      await page.locator(`${FORM} > p[role="status"][data-status]:first-child`).waitFor({ state: 'attached' });

      await fillOwnerForm(page, { ...inquiry(), email: 'ada@gmail' }, FORM);
      const refused = await send(page);
      expect(refused.url()).toBe(`${local.server.baseUrl}/api/contact`);
      expect(refused.status()).toBe(422);
      await page.locator(`${FORM} [data-error-for="email"]:visible`).waitFor();
      expect(await page.locator('form.newsletter [data-error-for="email"]').isHidden()).toBe(true);
      expect(await page.locator('form.newsletter [data-status]').textContent()).toBe('');
      expect(await page.locator(`${FORM} [data-status]`).textContent()).toBe('The inquiry was not sent. Please correct the fields marked below.');

      await fillOwnerForm(page, { email: newEmail() }, FORM);
      await Promise.all([send(page), page.waitForURL(`${local.server.baseUrl}/thanks/`)]);
      expect(posts(watch)).toEqual([`POST ${local.server.baseUrl}/api/contact`, `POST ${local.server.baseUrl}/api/contact`]);
      expect(await deliveredEmails(local.server, 1)).toHaveLength(1);
    });

    it('marks a field with no element for its message invalid too, says its message in the status line, and unmarks it once it passes', async () => {
      const { page, watch } = await visit({}, '/news/');
      await page.locator(`${FORM} > p[role="status"][data-status]:first-child`).waitFor({ state: 'attached' });
      await fillOwnerForm(page, { ...inquiry(), message: 'Too short' }, FORM);
      expect((await send(page)).status()).toBe(422);
      const status = page.locator(`${FORM} [data-status]`);
      await status.filter({ hasText: FIELD_MESSAGES.message?.too_short ?? '' }).waitFor();
      expect(await page.locator(`${FORM} [aria-invalid="true"]`).evaluateAll((controls) => controls.map((control) => control.id))).toEqual(['message']);
      expect(await page.evaluate('document.activeElement.id')).toBe('message');

      await fillOwnerForm(page, { ...inquiry(), email: 'ada@gmail' }, FORM);
      expect((await send(page)).status()).toBe(422);
      await page.locator(`${FORM} [data-error-for="email"]:visible`).waitFor();
      expect(await page.locator(`${FORM} [aria-invalid="true"]`).evaluateAll((controls) => controls.map((control) => control.id))).toEqual(['email']);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(watch.errors.filter((error) => !/status of 422/.test(error))).toEqual([]);
    });

    it('passes over forms that post elsewhere: another origin’s /contact, a GET to /contact, one whose control hides its action', async () => {
      const { page, watch } = await visit({}, '/news/');
      const decoys = [
        '<form class="decoy" method="post" action="https://forms.example/contact"><input name="name"></form>',
        '<form class="decoy" action="/contact"><input name="name"></form>',
        '<form class="decoy" method="post" action="/contact"><input name="action"><input name="name"></form>',
      ];
      await page.route(`${local.server.baseUrl}/news/`, async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, body: (await response.text()).replace('<form class="newsletter"', `${decoys.join('')}<form class="newsletter"`) });
      });
      await page.reload();
      expect(await page.locator('form.decoy').count()).toBe(decoys.length);
      await page.locator(`${FORM} > p[role="status"]:first-child`).waitFor({ state: 'attached' });
      expect(await page.locator('form.decoy [data-status], form.newsletter > p[role="status"] + p[role="status"]').count()).toBe(0);

      await fillOwnerForm(page, inquiry(), FORM);
      await Promise.all([send(page), page.waitForURL(`${local.server.baseUrl}/thanks/`)]);
      expect(posts(watch)).toEqual([`POST ${local.server.baseUrl}/api/contact`]);
    });
  });
});

/** Not drawn (no box), not reachable with Tab, not in the accessibility tree, but in the form. */
async function expectTrapHidden(page: Page): Promise<void> {
  const field = page.locator('[name="_gotcha"]');
  expect(await field.count()).toBe(1);
  expect(await field.boundingBox()).toBeNull();
  expect(await field.isVisible()).toBe(false);
  expect(await page.getByText('Leave this field empty').isVisible()).toBe(false);
  const label = { name: 'Leave this field empty' };
  expect(await page.getByRole('textbox', label).count()).toBe(0);
  expect(await page.getByRole('textbox', { ...label, includeHidden: true }).count()).toBe(1);

  // Tab from the masthead's link to the send button: every field but the trap.
  await page.locator('header a').focus();
  const stops: string[] = [];
  for (let step = 0; step < 30 && stops.at(-1) !== 'BUTTON'; step++) {
    await page.keyboard.press('Tab');
    stops.push(String(await page.evaluate('document.activeElement.name || document.activeElement.tagName')));
  }
  expect(stops).toEqual(['name', 'email', 'message', 'company', 'project_url', 'BUTTON']);
}
