import { describe, expect, it } from '@jest/globals';
import type { BrowserContextOptions } from 'playwright-core';
import { FORM_TOKEN_FIELD, FORM_TOKEN_HEADER } from '../../lambdas/inquiry/form-token.js';
import { SENT } from '../../lambdas/inquiry/form-messages.js';
import { describeWithChromium } from '../support/browser.js';
import { newEmail, newMessage } from '../support/fresh-clients.js';
import { ownerCommand, settledEmails } from '../support/local-server.js';
import { localModeInChromium } from '../support/local-mode-in-chromium.js';
import { inboxRecords } from '../support/local-tables.js';
import { ownerMailWhen, readOwnerMail } from '../support/owner-mail.js';
import { fillForm, submitForm, typeForm, visitForm, type Visit } from './contact-form-driver.js';

const describeInChromium = describeWithChromium();

/*
 * The too-fast signal as visitors meet it (docs/api.md §15): the server times the form from the
 * moment it served the page to the moment the inquiry came, on its own clock, so every wait here
 * is a real one. A person who takes their time is mailed at once; a script that sends the same
 * form a second after loading it is held for the digest, and told exactly what the person is.
 */

/**
 * Twice the default 3 s: a busy machine filling two forms at once can take more than 2 s, and the
 * script's post, meant 1 s after loading, must still come before the minimum.
 */
const formMinSeconds = 6;
const NO_SCRIPT: BrowserContextOptions = { javaScriptEnabled: false };

describeInChromium('a form filled in by a person, and the same form sent by a script', () => {
  const local = localModeInChromium<Visit>({
    // No digest while the tests run: an inquiry held is still held when the owner lists it.
    DIGEST_SECONDS: '86400',
    FORM_MIN_SECONDS: String(formMinSeconds),
  });
  const { visits } = local;

  /**
   * Opens the form; returns the visit and when the browser asked for the page, which the server
   * renders just after: not when the test began to open it, since a new browser context can take
   * a second on a busy machine, and the person would then have taken less time than said.
   */
  const visit = async (options: BrowserContextOptions = {}) => {
    const opened = await visitForm(local.browser, `${local.server.baseUrl}/contact`, options);
    visits.push(opened);
    const requestedAt = opened.response?.request().timing().startTime;
    if (requestedAt === undefined || requestedAt <= 0) throw new Error('the browser did not time the page\'s request');
    return { ...opened, requestedAt };
  };
  const waitUntil = (time: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, time - Date.now())));
  const inquiry = () => ({ name: 'Grace Hopper', email: newEmail(), message: newMessage() });

  /**
   * Waits for the single mail of an inquiry; if none came, its record tells why. Mailed at once
   * means mailed alone, not held for the digest: on a busy machine the worker's first attempt can
   * fail and be retried a unit later (5 s locally), hence 15 s.
   */
  async function expectMailedAlone(id: string): Promise<void> {
    const mailed = (await ownerMailWhen(local.server, (mail) => mail.alone.includes(id), 15_000)).alone.includes(id);
    const record = (await inboxRecords(local.server.dynamoUrl)).find((candidate) => candidate.id === id);
    expect({ mailed, state: record?.state, heldFor: record?.heldFor ?? [] }).toEqual({ mailed: true, state: 'sent', heldFor: [] });
  }

  /** The owner's inbox line of an inquiry held as too fast; and no mail of it meanwhile. */
  async function expectHeldTooFast(id: string): Promise<void> {
    const listed = await ownerCommand('inbox', local.server);
    expect(listed.stdout).toMatch(
      new RegExp(`held\\s+0\\s+${id}\\s+too fast: sent [0-5]\\.\\d s after the form was shown, sooner than ${formMinSeconds} s; in the next digest`),
    );
    expect(readOwnerMail(await settledEmails(local.server, 0)).alone).not.toContain(id);
  }

  /** The inquiry of an e-mail address: a form's confirmation page does not name it. */
  async function idOf(email: string): Promise<string> {
    const record = (await inboxRecords(local.server.dynamoUrl)).find((candidate) => candidate.text?.email === email);
    if (record === undefined) throw new Error(`no inquiry from ${email}`);
    return record.id;
  }

  describe('with script', () => {
    it('mails at once the inquiry of a visitor who took 10 s to fill the form in', async () => {
      const { page, requestedAt } = await visit();
      await typeForm(page, inquiry(), 40);
      await waitUntil(requestedAt + 10_000);
      const answer = await submitForm(page);

      expect(answer.status()).toBe(202);
      // The page's script sent its page's token, which the server judged.
      expect(await answer.request().headerValue(FORM_TOKEN_HEADER)).toBe(await page.locator(`input[name="${FORM_TOKEN_FIELD}"]`).inputValue());
      await page.locator('#contact-sent').waitFor();
      expect(await page.locator('#contact-sent-heading').textContent()).toBe(SENT.heading);
      const id = (await page.locator('#contact-reference').textContent()) ?? '';
      await expectMailedAlone(id);
    }, 60_000);

    it('holds as too fast the same form sent by a script 1 s after loading the page, with the same confirmation', async () => {
      const { page, requestedAt } = await visit();
      await fillForm(page, inquiry());
      await waitUntil(requestedAt + 1000);
      const answer = await submitForm(page);

      expect(answer.status()).toBe(202);
      await page.locator('#contact-sent').waitFor();
      expect(await page.locator('#contact-sent-heading').textContent()).toBe(SENT.heading);
      await expectHeldTooFast((await page.locator('#contact-reference').textContent()) ?? '');
    });
  });

  describe('without script', () => {
    it(`mails the form of a person who took ${formMinSeconds + 1} s, and holds the same form sent 1 s after loading; both see the confirmation`, async () => {
      const [person, script] = [inquiry(), inquiry()];
      const [personVisit, scriptVisit] = await Promise.all([visit(NO_SCRIPT), visit(NO_SCRIPT)]);
      await Promise.all([fillForm(personVisit.page, person), fillForm(scriptVisit.page, script)]);

      await waitUntil(scriptVisit.requestedAt + 1000);
      expect((await submitForm(scriptVisit.page)).status()).toBe(303);
      await waitUntil(personVisit.requestedAt + (formMinSeconds + 1) * 1000);
      expect((await submitForm(personVisit.page)).status()).toBe(303);

      for (const { page } of [personVisit, scriptVisit]) {
        await page.waitForURL(`${local.server.baseUrl}/contact/sent`);
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(SENT.heading);
      }
      await expectMailedAlone(await idOf(person.email));
      await expectHeldTooFast(await idOf(script.email));
    }, 60_000);
  });
});
