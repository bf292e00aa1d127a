import type { Browser, BrowserContext, BrowserContextOptions, Page, Response } from 'playwright-core';
import { watchPage, type PageWatch } from '../support/browser.js';

/** The form's visible fields, as a visitor fills them in. */
export type FormValues = Partial<Record<'name' | 'email' | 'message' | 'company' | 'project_url', string>>;

/** One visitor: a browser context of its own (cookies, cache, settings) and the page in it, watched. */
export interface OpenedPage {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly watch: PageWatch;
}

/** A visitor's page, with the answer to its own request. */
export interface Visit extends OpenedPage {
  readonly response: Response | null;
}

/** Opens `url` in a new context, as one visitor. */
export async function openPage(browser: Browser, url: string, options: BrowserContextOptions = {}): Promise<Visit> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const watch = watchPage(page);
  const response = await page.goto(url);
  return { context, page, watch, response };
}

/**
 * Opens the form in a new context. With script on, waits until the page script has read the
 * schema and taken the form over (it sets `novalidate` then), so a test never races it.
 */
export async function visitForm(browser: Browser, url: string, options: BrowserContextOptions = {}): Promise<Visit> {
  const visit = await openPage(browser, url, options);
  if (options.javaScriptEnabled !== false) await visit.page.locator('#contact-form[novalidate]').waitFor({ state: 'attached' });
  return visit;
}

const LABELS: Readonly<Record<keyof FormValues, string>> = {
  name: 'Your name',
  email: 'Your e-mail address',
  message: 'Your project',
  company: 'Company or organisation (optional)',
  project_url: 'Link to the project (optional)',
};

/** Fills in the fields by their labels, as a person (or a screen reader user) finds them. */
export async function fillForm(page: Page, values: FormValues): Promise<void> {
  for (const [field, value] of Object.entries(values) as [keyof FormValues, string][]) {
    await page.getByLabel(LABELS[field], { exact: true }).fill(value);
  }
}

/** Types the fields in key by key, `delayMs` between keys, as a person does. */
export async function typeForm(page: Page, values: FormValues, delayMs: number): Promise<void> {
  for (const [field, value] of Object.entries(values) as [keyof FormValues, string][]) {
    await page.getByLabel(LABELS[field], { exact: true }).pressSequentially(value, { delay: delayMs });
  }
}

/** Fills in an owner's own form (`form.inquiry`, as docs/examples has it, unless `form` says which) by its fields' names, whatever its labels say. */
export async function fillOwnerForm(page: Page, values: Readonly<Record<string, string>>, form = 'form.inquiry'): Promise<void> {
  for (const [name, value] of Object.entries(values)) await page.locator(`${form} [name="${name}"]`).fill(value);
}

/** Presses the send button (the service's page names it `Send inquiry`, the example owner's form `Send`) and returns the answer to the POST it caused. */
export async function submitForm(page: Page, button = 'Send inquiry'): Promise<Response> {
  const answer = page.waitForResponse((response) => response.request().method() === 'POST');
  await page.getByRole('button', { name: button }).click();
  return answer;
}

/** Requests that went anywhere but the page's own origin. */
export function foreignRequests(watch: PageWatch, origin: string): string[] {
  return watch.requests.filter((request) => new URL(request.split(' ')[1] ?? '').origin !== origin);
}

/** The id (or tag) of the element that has the focus. */
export function focusedElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = (globalThis as unknown as { document: { activeElement: { id: string; tagName: string } | null } }).document
      .activeElement;
    return active?.id || active?.tagName.toLowerCase() || '';
  });
}

/** The texts of the field errors shown, by field name. */
export async function shownErrors(page: Page): Promise<Record<string, string>> {
  const shown: Record<string, string> = {};
  for (const box of await page.locator('.error:visible').all()) {
    const id = (await box.getAttribute('id')) ?? '';
    shown[id.replace(/^contact-/, '').replace(/-error$/, '')] = (await box.locator('.error-text').textContent()) ?? '';
  }
  return shown;
}
