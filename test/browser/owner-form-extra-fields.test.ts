import { expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import type { BrowserContextOptions } from 'playwright-core';
import { describeWithChromium } from '../support/browser.js';
import { newEmail, newMessage } from '../support/fresh-clients.js';
import { ownerFormPage } from '../support/form-pages.js';
import { localModeInChromium } from '../support/local-mode-in-chromium.js';
import { waitForEmails } from '../support/local-server.js';
import { siteFolder } from '../support/site-folder.js';
import { fillOwnerForm, openPage, submitForm, visitForm, type OpenedPage } from './contact-form-driver.js';

/*
 * The owner's own fields (extraFields, docs/api.md §2) in Chromium: the owner's form asks a budget
 * with a <select> and a phone number, sent with the example script and without script; the
 * service's own form asks them as text fields. Each reaches the mail under its label.
 */

const example = readFileSync(new URL('../../docs/examples/contact-form.js', import.meta.url), 'utf8');
const BUDGET = '<label for="budget">Orçamento</label><select id="budget" name="budget"><option value="">—</option><option>até R$ 5 mil</option><option>acima de R$ 20 mil</option></select>';

describeWithChromium()('the owner’s own fields in Chromium', () => {
  const local = localModeInChromium<OpenedPage>({
    SITE_DIR: siteFolder({
      'contato/index.html': ownerFormPage({ successPath: '/obrigado/' })
        .replace('</head>', '<script src="/contact-form.js" defer></script></head>')
        .replace('<button', `${BUDGET}<input name="telefone"><button`),
      'obrigado/index.html': '<!doctype html><html lang="pt-BR"><meta name="robots" content="noindex"><title>Obrigado</title><h1>Obrigado</h1></html>',
      'contact-form.js': example,
    }),
    FORM_PAGE: '/contato/',
    EXTRA_FIELDS: '{"budget": "Orçamento", "telefone": "Telefone"}',
    RATE_LIMIT_IP: '1000',
  });

  it.each<[string, BrowserContextOptions]>([
    ['with the example script', {}],
    ['without script', { javaScriptEnabled: false }],
  ])('sends the option chosen and the phone typed from the owner’s form %s, landing on its thank-you page', async (_case, options) => {
    const opened = await openPage(local.browser, `${local.server.baseUrl}/contato/`, options);
    local.visits.push(opened);
    const { page } = opened;
    await fillOwnerForm(page, { name: 'Joana', email: newEmail(), message: newMessage(), telefone: '+55 11 91234-5678' }, 'form');
    await page.locator('select[name="budget"]').selectOption('acima de R$ 20 mil');
    expect((await submitForm(page, 'Send')).status()).toBe(options.javaScriptEnabled === false ? 303 : 202);
    await page.waitForURL(`${local.server.baseUrl}/obrigado/`);
    const [mail] = await waitForEmails(local.server, 1);
    expect(mail?.body.text).toContain('Orçamento:\n> acima de R$ 20 mil\nTelefone:\n> +55 11 91234-5678\n');
  });
});

describeWithChromium()('the owner’s own fields on the service’s own form, in Chromium', () => {
  // No wait before sending: a test fills the form faster than a person, which holds the inquiry for the digest otherwise.
  const local = localModeInChromium<OpenedPage>({ EXTRA_FIELDS: '{"budget": "Orçamento", "telefone": "Telefone"}', RATE_LIMIT_IP: '1000', FORM_MIN_SECONDS: '0' });

  it('asks them on the service’s own form, which the page script sends', async () => {
    const visit = await visitForm(local.browser, `${local.server.baseUrl}/contact`);
    local.visits.push(visit);
    const { page } = visit;
    await page.getByLabel('Your name').fill('Joana');
    await page.getByLabel('Your e-mail address').fill(newEmail());
    await page.getByLabel('Your project').fill(newMessage());
    await page.getByLabel('Orçamento').fill('R$ 10 mil');
    // Past the rule: the script says so beside the field, in words for a person, and sends nothing.
    await page.getByLabel('Telefone').fill('9'.repeat(201));
    await page.getByRole('button', { name: 'Send inquiry' }).click();
    await page.locator('#contact-extra-telefone-error').filter({ hasText: 'Shorten this answer to 200 characters or fewer.' }).waitFor();
    await page.getByLabel('Telefone').fill('+55 11 5555-0000');
    expect((await submitForm(page)).status()).toBe(202);
    const [mail] = await waitForEmails(local.server, 1);
    expect(mail?.body.text).toContain('Orçamento:\n> R$ 10 mil\nTelefone:\n> +55 11 5555-0000\n');
  });
});
