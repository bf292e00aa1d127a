import { describe, expect, it } from '@jest/globals';
import { CONTACT_ENVIRONMENT } from '../../support/contact-environment.js';
import { jsonPostEvent, lambdaContext } from '../../support/events.js';
import { handlerUnderTest } from '../../support/handler-under-test.js';
import { mockedContactClients } from '../../support/mocked-contact-clients.js';

/*
 * A flat site's contact.html that is not the form page (docs/api.md §2, §9): the form page is
 * /en/contact/, which /contact leads to, so the mail names contact.html by its own address, not by
 * /contact, which only a form page contact.html is shown at.
 */

const handler = handlerUnderTest('contact', {
  ...CONTACT_ENVIRONMENT,
  FORM_PAGE: '/en/contact/',
  FORM_PAGE_FILE: 'form-page.html',
  FORM_SUCCESS_PATH: '/thanks/',
  OTHER_FORM_PAGES: JSON.stringify([['/contact.html', 'form-page-1.html', '/thanks/']]),
});
const { inquiries } = mockedContactClients();
const INQUIRY = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'I would like an analytical engine programmed.' };
const SITE = CONTACT_ENVIRONMENT.BASE_URL;

describe('a JSON post from a contact.html that is another contact page', () => {
  it.each([
    [`${SITE}/contact.html`, `${SITE}/contact.html`],
    [`${SITE}/en/contact/`, `${SITE}/en/contact/`],
  ])('with a Referer of %s names %s', async (referer, sentFrom) => {
    const response = await handler(jsonPostEvent(INQUIRY, { headers: { referer } }), lambdaContext());
    expect({ status: response.statusCode, sentFrom: [...inquiries().values()][0]?.sentFrom }).toEqual({ status: 202, sentFrom });
  });
});
