import { expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { FIELD_MESSAGES } from '../../lambdas/inquiry/form-messages.js';
import { describeWithChromium, watchPage } from '../support/browser.js';
import { newEmail, newMessage } from '../support/fresh-clients.js';
import { postContact } from '../support/http-client.js';
import { localModeInChromium } from '../support/local-mode-in-chromium.js';
import { ownerFormPage } from '../support/form-pages.js';
import { siteFolder } from '../support/site-folder.js';
import { fillOwnerForm, type OpenedPage, openPage, submitForm } from './contact-form-driver.js';

/*
 * An owner's contact page in German, at /kontakt/ (FORM_PAGE), whose form words the service's
 * sentences in its markup (docs/api.md §9): a visitor reads the owner's words, with script (the
 * example script) and without (the service's answer in the owner's page), and the service's own
 * where the form words none. The same site's English contact page answers a post without script in
 * English, in its own page, and leads to its own thank-you page.
 */

const examples = (file: string) => readFileSync(new URL(`../../docs/examples/${file}`, import.meta.url), 'utf8');

const WORDS = {
  invalid: 'Die Anfrage wurde nicht gesendet. Bitte prüfen Sie die markierten Felder.',
  rateLimited: 'Zu viele Anfragen für diese Adresse. Bitte versuchen Sie es in {minutes} Minuten erneut.',
  email: 'Bitte geben Sie eine E-Mail-Adresse wie name@beispiel.de an.',
  sending: 'Ihre Anfrage wird gesendet …',
  unavailable: 'Ihre Anfrage kann gerade nicht angenommen werden.',
  honeypot: 'Ein verstecktes Feld wurde ausgefüllt, vielleicht von einer Browser-Erweiterung.',
};

const KONTAKT = `<!doctype html>
<html lang="de">
<head><meta charset="utf-8"><title>Kontakt – Élodie Moreau</title><script src="/contact-form.js" defer></script></head>
<body><main>
<h1>Kontakt</h1>
<form method="post" action="/contact" data-success-path="/danke/" data-title-prefix="Fehler: "
  data-notice-invalid="${WORDS.invalid}" data-notice-rate-limited="${WORDS.rateLimited}" data-notice-sending="${WORDS.sending}" data-notice-unavailable="${WORDS.unavailable}" data-notice-honeypot="${WORDS.honeypot}">
  <p role="status" data-status hidden></p>
  <label for="name">Ihr Name</label><input id="name" name="name">
  <label for="email">Ihre E-Mail-Adresse</label><input id="email" name="email">
  <p id="email-error" data-error-for="email" data-error-text="${WORDS.email}" hidden></p>
  <label for="message">Ihr Projekt</label><textarea id="message" name="message"></textarea>
  <p id="message-error" data-error-for="message" data-error-text=" " hidden></p>
  <div hidden><input name="_gotcha" tabindex="-1" autocomplete="off"></div>
  <button type="submit">Senden</button>
</form>
</main></body>
</html>
`;

const describeInChromium = describeWithChromium();

describeInChromium('an owner’s form page in German, which words the service’s sentences, in Chromium', () => {
  const local = localModeInChromium<OpenedPage>({
    SITE_DIR: siteFolder({
      'kontakt/index.html': KONTAKT,
      'danke/index.html': '<!doctype html><html lang="de"><meta name="robots" content="noindex"><title>Danke</title><h1>Danke</h1></html>',
      // The same site in English: another contact page, which answers the posts sent from it.
      'en/contact/index.html': ownerFormPage({ title: 'Contact', successPath: '/en/thanks/' }).replace('</head>', '<script src="/contact-form.js" defer></script></head>'),
      'en/thanks/index.html': '<!doctype html><html lang="en"><meta name="robots" content="noindex"><title>Thanks</title><h1>Thanks</h1></html>',
      'contact-form.js': examples('contact-form.js'),
    }),
    FORM_PAGE: '/kontakt/',
    RATE_LIMIT_IP: '1000',
    RATE_LIMIT_EMAIL: '1',
  });
  const { visits } = local;
  const visit = async (options: BrowserContextOptions = {}): Promise<OpenedPage> => {
    const opened = await openPage(local.browser, `${local.server.baseUrl}/kontakt/`, options);
    visits.push(opened);
    return opened;
  };
  const send = (page: Page) => submitForm(page, 'Senden');
  const wrongEmailAndShortMessage = () => ({ name: 'Élodie', email: 'elodie@beispiel', message: 'Zu kurz' });
  const minutesFrom = (retryAfter: string | undefined) => String(Math.max(1, Math.ceil(Number(retryAfter) / 60)));

  it.each<[string, BrowserContextOptions]>([
    ['with script', {}],
    ['without script', { javaScriptEnabled: false }],
  ])('says a refused post’s field errors and summary in the form’s words %s, the service’s where it has none (or white space)', async (_case, options) => {
    const { page, watch } = await visit(options);
    await fillOwnerForm(page, wrongEmailAndShortMessage(), 'form');
    expect((await send(page)).status()).toBe(422);

    await page.locator('#email-error').filter({ hasText: WORDS.email }).waitFor();
    expect(await page.locator('#message-error').textContent()).toBe(FIELD_MESSAGES.message?.too_short);
    expect(await page.getByRole('status').textContent()).toBe(WORDS.invalid);
    expect(await page.locator('[aria-invalid="true"]').evaluateAll((fields) => fields.map((field) => field.id))).toEqual(['email', 'message']);
    if (options.javaScriptEnabled === false) expect(await page.title()).toBe('Fehler: Kontakt – Élodie Moreau');
    expect(watch.errors.filter((error) => !/status of 422/.test(error))).toEqual([]);
  });

  it.each<[string, BrowserContextOptions]>([
    ['with script', {}],
    ['without script', { javaScriptEnabled: false }],
  ])('says the wait after a limit in the form’s words, its minutes filled in, %s', async (_case, options) => {
    const inquiry = { name: 'Élodie', email: newEmail(), message: newMessage() };
    expect((await postContact(local.server.apiUrl, { ...inquiry, _gotcha: '' })).status).toBe(202);
    const { page } = await visit(options);
    await fillOwnerForm(page, inquiry, 'form');
    const answer = await send(page);
    expect(answer.status()).toBe(429);

    const said = WORDS.rateLimited.replace('{minutes}', minutesFrom((await answer.allHeaders())['retry-after']));
    await page.getByRole('status').filter({ hasText: said }).waitFor();
    expect(await page.getByLabel('Ihr Projekt').inputValue()).toBe(inquiry.message);
    // Without script, the reason takes the focus, as no field is to be corrected: a screen reader reads it.
    if (options.javaScriptEnabled === false) expect(await page.getByRole('status').evaluate((status) => status === status.ownerDocument.activeElement)).toBe(true);
  });

  it.each<[string, BrowserContextOptions]>([
    ['with script', {}],
    ['without script', { javaScriptEnabled: false }],
  ])('says a filled spam trap in the form’s words %s, and is sent as it is when sent again', async (_case, options) => {
    const { page } = await visit(options);
    await fillOwnerForm(page, { name: 'Élodie', email: newEmail(), message: newMessage() }, 'form');
    // What a browser extension's autofill, or a robot, does: the field is out of a person's reach.
    await page.locator('[name="_gotcha"]').evaluate((input) => ((input as unknown as { value: string }).value = 'http://spam.example'));
    expect((await send(page)).status()).toBe(422);
    await page.getByRole('status').filter({ hasText: WORDS.honeypot }).waitFor();
    // The service's sentence says to send the form again: the trap is empty now, in the answer page or by the script.
    expect(await page.locator('[name="_gotcha"]').inputValue()).toBe('');
    expect((await send(page)).status()).toBe(options.javaScriptEnabled === false ? 303 : 202);
  });

  it.each([
    [503, WORDS.unavailable],
    // The function failing, a gateway's answer, the web ACL's block: the service is not there for the visitor.
    [500, WORDS.unavailable],
    [502, WORDS.unavailable],
    [403, WORDS.unavailable],
    [413, 'The request body exceeds 32 KiB.'],
  ])('with script, says a %i in the form’s words only where they are for it', async (status, said) => {
    const { page } = await visit();
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status, contentType: 'application/problem+json', body: JSON.stringify({ status, detail: 'The request body exceeds 32 KiB.' }) }),
    );
    await fillOwnerForm(page, { name: 'Élodie', email: newEmail(), message: newMessage() }, 'form');
    expect((await send(page)).status()).toBe(status);
    await page.getByRole('status').filter({ hasText: said }).waitFor();
  });

  it('says that it is sending in the form’s words, then goes to the thank-you page', async () => {
    const context = await local.browser.newContext();
    const page = await context.newPage();
    visits.push({ context, page, watch: watchPage(page) });
    await page.goto(`${local.server.baseUrl}/kontakt/`);
    // The answer held back until the line said while it comes has been read: a fixed delay raced a loaded machine.
    let release = (): void => undefined;
    const lineRead = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/contact', async (route) => {
      await lineRead;
      await route.continue();
    });
    await fillOwnerForm(page, { name: 'Élodie', email: newEmail(), message: newMessage() }, 'form');
    await page.getByRole('button', { name: 'Senden' }).click();
    await page.getByRole('status').filter({ hasText: WORDS.sending }).waitFor();
    release();
    await page.waitForURL(`${local.server.baseUrl}/danke/`);
  });

  it('lets the example script send from an answer in the English page, which carries the page’s path, leaving the path out', async () => {
    const base = local.server.baseUrl;
    // The answer to a post sent without script, as a browser whose script had not loaded yet gets it.
    const refused = await fetch(`${base}/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base, Referer: `${base}/en/contact/` },
      body: new URLSearchParams({ name: 'Élodie', email: 'elodie@beispiel', message: 'Zu kurz' }).toString(),
    });
    const answer = await refused.text();
    expect(answer).toContain('<input type="hidden" name="form_page" value="/en/contact/">');
    const opened = await openPage(local.browser, `${base}/en/contact/`);
    visits.push(opened);
    const { page } = opened;
    await page.route(`${base}/en/answer/`, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: answer }));
    await page.goto(`${base}/en/answer/`);
    await fillOwnerForm(page, { email: newEmail(), message: newMessage() }, 'form');
    const sent = page.waitForResponse((response) => response.url() === `${base}/api/contact`);
    await page.getByRole('button', { name: 'Send' }).click();
    expect((await sent).status()).toBe(202);
    await page.waitForURL(`${base}/en/thanks/`);
  });

  it('answers a post without script from the English contact page in that page, and the post sent again from the answer too, landing on its thank-you page', async () => {
    const opened = await openPage(local.browser, `${local.server.baseUrl}/en/contact/`, { javaScriptEnabled: false });
    visits.push(opened);
    const { page } = opened;
    await fillOwnerForm(page, wrongEmailAndShortMessage(), 'form');
    expect((await submitForm(page, 'Send')).status()).toBe(422);
    expect({ url: page.url(), title: await page.title() }).toEqual({ url: `${local.server.baseUrl}/contact`, title: 'Error: Contact' });
    expect(await page.locator('#message-error').textContent()).toBe(FIELD_MESSAGES.message?.too_short);

    // Sent from the answer, at /contact: still the English page's post.
    await page.getByLabel('Your e-mail').fill('elodie@beispiel');
    expect((await submitForm(page, 'Send')).status()).toBe(422);
    expect(await page.title()).toBe('Error: Contact');
    await page.getByLabel('Your e-mail').fill(newEmail());
    await page.getByLabel('Your project').fill(newMessage());
    await submitForm(page, 'Send');
    await page.waitForURL(`${local.server.baseUrl}/en/thanks/`);
  });
});
