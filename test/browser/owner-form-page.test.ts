import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { FIELD_MESSAGES, NOTICES, SENT } from '../../lambdas/inquiry/form-messages.js';
import { describeWithChromium, keepScreenshot, seriousAccessibilityViolations, watchPage } from '../support/browser.js';
import { newEmail, newMessage } from '../support/fresh-clients.js';
import { deliveredEmails, settledEmails } from '../support/local-server.js';
import { localModeInChromium } from '../support/local-mode-in-chromium.js';
import { buildEleventySite } from '../support/static-site.js';
import { fillOwnerForm, type OpenedPage, openPage, submitForm } from './contact-form-driver.js';

/*
 * The owner's own form page (docs/api.md §9), as a new owner makes one: an Eleventy site with a
 * home page, an about page, a blog post, its own style sheet, thank-you page and contact page at
 * /contact/ whose form posts to /contact, previewed with SITE_DIR, in Chromium with and without
 * JavaScript. The visitor never leaves the owner's pages.
 */

const examples = (file: string) => readFileSync(new URL(`../../docs/examples/${file}`, import.meta.url), 'utf8');

const CONTACT_PAGE = `---
layout: page.njk
title: Hire me
permalink: /contact/
script: true
---
<h1>Hire me</h1>
<p>Tell me what you are building; I answer every message myself.</p>
<form class="inquiry" method="post" action="/contact" accept-charset="utf-8">
  <p class="status" role="status" data-status></p>
  <label for="name">Your name</label>
  <input id="name" name="name" autocomplete="name" required maxlength="120">
  <p class="field-error" id="name-error" data-error-for="name" hidden></p>
  <label for="email">Where I can reach you</label>
  <input id="email" name="email" type="email" autocomplete="email" required maxlength="254">
  <p class="field-error" id="email-error" data-error-for="email" hidden></p>
  <label for="message">About your project</label>
  <textarea id="message" name="message" rows="6" required maxlength="5000"></textarea>
  <p class="field-error" id="message-error" data-error-for="message" hidden></p>
  <label for="company">Company <span class="optional">(optional)</span></label>
  <input id="company" name="company" autocomplete="organization" maxlength="120">
  <label for="project_url">Link <span class="optional">(optional)</span></label>
  <input id="project_url" name="project_url" type="url" maxlength="2048">
  <div hidden aria-hidden="true"><label for="gotcha">Leave this field empty</label><input id="gotcha" name="_gotcha" tabindex="-1" autocomplete="off"></div>
  <button type="submit">Send</button>
</form>
`;

const SOURCES = {
  'eleventy.config.mjs': "export default function (config) { config.addPassthroughCopy({ 'src/static': '/' }); }\n",
  'src/_includes/page.njk': `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ title }} – Ada Lovelace</title>
<link rel="stylesheet" href="/css/site.css">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
{% if script %}<script src="/contact-form.js" defer></script>{% endif %}
<script>\r\n  // A generator's head script, its lines ended as Windows ends them <!-- a comment's opening -->\r\n  document.documentElement.dataset.theme = 'ready' && '&amp;' ? 'ready' : '';\r\n</script>
</head>
<body>
<header class="masthead"><a href="/">Ada Lovelace</a>
<nav aria-label="Site"><a href="/">Home</a> <a href="/about/">About</a> <a href="/blog/first-post/">Blog</a> <a href="/contact/">Hire me</a></nav></header>
<main>
{{ content | safe }}
</main>
<footer><p>© Ada Lovelace, analytical engines since 1843</p></footer>
</body>
</html>
`,
  'src/index.md': '---\nlayout: page.njk\ntitle: Home\n---\n# Ada’s workshop\n',
  'src/about.md': '---\nlayout: page.njk\ntitle: About\n---\n# About\n',
  'src/blog/first-post.md': '---\nlayout: page.njk\ntitle: First post\n---\n# A first post\n',
  'src/thanks.md': '---\nlayout: page.njk\ntitle: Thank you\n---\n# Thank you: I will write back soon\n',
  'src/contact.njk': CONTACT_PAGE,
  'src/static/css/site.css': `${examples('site.css')}nav a { margin-right: 0.75rem; }\nfooter { margin-top: 3rem; color: #6b5d50; font-size: 0.9rem; }\n[data-form-summary] { color: var(--error); }\n`,
  'src/static/contact-form.js': examples('contact-form.js'),
  'src/static/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="#8a3b12"/></svg>\n',
};

const describeInChromium = describeWithChromium();

describeInChromium('the owner’s own form page, an Eleventy site’s, in Chromium', () => {
  const local = localModeInChromium<OpenedPage>(
    async () => ({ SITE_DIR: await buildEleventySite(SOURCES), FORM_SUCCESS_PATH: '/thanks/', SITE_NAME: 'Ada Lovelace', RATE_LIMIT_IP: '1000' }),
    90_000,
  );
  const { visits } = local;

  const visit = async (options: BrowserContextOptions = {}, path = '/contact/'): Promise<OpenedPage> => {
    const opened = await openPage(local.browser, `${local.server.baseUrl}${path}`, options);
    visits.push(opened);
    return opened;
  };
  /** Sends the form and waits for its POST's answer and the page it leads to. */
  const send = async (page: Page) => {
    const answer = await submitForm(page, 'Send');
    await page.waitForLoadState();
    return answer;
  };
  // Quotes and markup, which must come back as typed.
  const tooShort = () => ({ name: 'Ada "the Enchantress" <Lovelace>', email: newEmail(), message: 'An engine, soon?', company: 'Analytical & Co' });

  it('is where /contact leads: one contact page, the owner’s', async () => {
    const { page, watch } = await visit({}, '/contact');
    expect(page.url()).toBe(`${local.server.baseUrl}/contact/`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Hire me');
    expect(await page.getByRole('navigation', { name: 'Site' }).getByRole('link').allTextContents()).toEqual(['Home', 'About', 'Blog', 'Hire me']);
    expect(watch.errors).toEqual([]);
  });

  describe('without JavaScript', () => {
    it('answers a short message in the owner’s page: their navigation and look, the values kept, the message beside its field', async () => {
      const { page, watch } = await visit({ javaScriptEnabled: false, viewport: { width: 760, height: 1000 }, colorScheme: 'light' });
      const values = tooShort();
      await fillOwnerForm(page, values);
      const answer = await send(page);

      expect(answer.status()).toBe(422);
      expect(page.url()).toBe(`${local.server.baseUrl}/contact`);
      expect(await page.title()).toBe('Error: Hire me – Ada Lovelace');
      expect(await page.getByRole('navigation', { name: 'Site' }).getByRole('link').allTextContents()).toEqual(['Home', 'About', 'Blog', 'Hire me']);
      expect(await page.locator('footer').textContent()).toContain('analytical engines since 1843');
      for (const [name, value] of Object.entries(values)) expect({ name, value: await page.locator(`[name="${name}"]`).inputValue() }).toEqual({ name, value });

      const message = page.locator('#message');
      expect(await page.locator('#message-error').isVisible()).toBe(true);
      expect(await page.locator('#message-error').textContent()).toBe(FIELD_MESSAGES.message?.too_short);
      expect(await message.getAttribute('aria-invalid')).toBe('true');
      expect(await message.getAttribute('aria-describedby')).toBe('message-error');
      expect(await page.evaluate('document.activeElement.id')).toBe('message');
      expect(await page.locator('.field-error:visible').evaluateAll((boxes) => boxes.map((box) => box.id))).toEqual(['message-error']);
      expect(await page.locator('[data-status]').textContent()).toBe(NOTICES.invalid);
      // The owner's style sheet applies: their paper, their serif.
      expect(await page.evaluate('getComputedStyle(document.body).backgroundColor')).toBe('rgb(251, 246, 236)');
      expect(await page.evaluate('getComputedStyle(document.body).fontFamily')).toMatch(/^Georgia/);
      // The site's own scripts, and the layout's one inline script by its hash: nothing else.
      expect(answer.headers()['content-security-policy']).toMatch(/(?:^|; )script-src 'self' 'sha256-[A-Za-z0-9+/]{43}='(?:;|$)/);
      // A style or script the policy refused would be a console error.
      expect(watch.errors.filter((error) => !/status of 422/.test(error))).toEqual([]);
      expect(await settledEmails(local.server, 500)).toEqual([]);
      await keepScreenshot(page, 'owner-form-page-refused');

      // Corrected there, it goes, and lands on the owner's thank-you page.
      await fillOwnerForm(page, { message: newMessage() });
      expect((await send(page)).status()).toBe(303);
      expect(page.url()).toBe(`${local.server.baseUrl}/thanks/`);
      const [mail] = await deliveredEmails(local.server, 1);
      expect(mail?.replyTo).toEqual([values.email]);
    });
  });

  it('answers the same in the owner’s page, accessible, its theme’s inline script run, when the page’s script fails to load (axe-core needs a page that runs it)', async () => {
    const context = await local.browser.newContext({ colorScheme: 'light' });
    const page = await context.newPage();
    await page.route('**/contact-form.js', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
    const watch = watchPage(page);
    visits.push({ context, page, watch });
    await page.goto(`${local.server.baseUrl}/contact/`);
    await fillOwnerForm(page, tooShort());
    const answer = await send(page);

    expect(answer.status()).toBe(422);
    expect(answer.request().headers()['content-type']).toBe('application/x-www-form-urlencoded');
    expect(await page.locator('#message-error').textContent()).toBe(FIELD_MESSAGES.message?.too_short);
    expect(await page.evaluate('document.documentElement.dataset.theme')).toBe('ready');
    expect(watch.errors.filter((error) => /Content Security Policy/i.test(error))).toEqual([]);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  describe('with JavaScript', () => {
    it('shows the sentence for a person that the API gives beside its own, in the owner’s markup', async () => {
      const { page, watch } = await visit();
      await fillOwnerForm(page, tooShort());
      const answer = await send(page);

      expect(answer.status()).toBe(422);
      expect(answer.url()).toBe(`${local.server.baseUrl}/api/contact`);
      const box = page.locator('#message-error');
      await box.filter({ hasText: FIELD_MESSAGES.message?.too_short ?? '' }).waitFor();
      expect(await box.textContent()).toBe(FIELD_MESSAGES.message?.too_short);
      expect(page.url()).toBe(`${local.server.baseUrl}/contact/`);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(watch.errors.filter((error) => !/status of 422/.test(error))).toEqual([]);
    });

    it('sends nothing for a button that does not post the form to /contact, as a dialog’s Cancel', async () => {
      const { page, watch } = await visit();
      await page.evaluate(`(() => {
        const form = document.querySelector('form.inquiry');
        const dialog = document.createElement('dialog');
        form.replaceWith(dialog);
        dialog.append(form);
        form.insertAdjacentHTML('beforeend', '<button formmethod="dialog" formnovalidate>Cancel</button>');
        dialog.showModal();
      })()`);
      const posts: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
      });
      await fillOwnerForm(page, { name: 'Ada', email: newEmail(), message: newMessage() });
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.locator('dialog').waitFor({ state: 'hidden' });
      expect(await settledEmails(local.server, 500)).toEqual([]);
      expect(posts).toEqual([]);
      expect(watch.errors).toEqual([]);
    });

    it('sends a form a theme loads in place (MkDocs Material’s instant navigation), the script run twice sending it once', async () => {
      const { page, watch } = await visit({}, '/');
      // The script loaded with the first page, then the theme's navigation: the next page fetched, its <main> swapped in.
      await page.addScriptTag({ url: '/contact-form.js' });
      await page.evaluate(`(async () => {
        const next = new DOMParser().parseFromString(await (await fetch('/contact/')).text(), 'text/html');
        next.querySelector('[data-status]').remove();
        document.querySelector('main').replaceWith(next.querySelector('main'));
        history.pushState(null, '', '/contact/');
      })()`);
      // A form without a status line gets one as it comes, before it says anything (a screen reader tells only a line it met before).
      await page.locator('form.inquiry > [role="status"][data-status]:first-child').waitFor({ state: 'attached' });
      const posts: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
      });

      await fillOwnerForm(page, tooShort());
      expect((await submitForm(page, 'Send')).status()).toBe(422);
      await page.locator('#message-error').filter({ hasText: FIELD_MESSAGES.message?.too_short ?? '' }).waitFor();
      expect(page.url()).toBe(`${local.server.baseUrl}/contact/`);

      // A theme that runs the page's scripts again with each page it loads.
      await page.addScriptTag({ url: '/contact-form.js' });
      const message = newMessage();
      await fillOwnerForm(page, { name: 'Ada', email: newEmail(), message });
      expect((await submitForm(page, 'Send')).status()).toBe(202);
      // The form names no thank-you page: the script says its thanks in the status line.
      await page.locator('[data-status]').filter({ hasText: SENT.heading }).waitFor();
      expect(posts).toEqual(['/api/contact', '/api/contact']);
      expect((await deliveredEmails(local.server, 1)).filter((mail) => mail.body.text?.includes(message))).toHaveLength(1);
      expect(watch.errors.filter((error) => !/status of 422/.test(error))).toEqual([]);
    });
  });
});
