// Sends the inquiry form of this page as JSON to /api/contact and shows the answer in the page's own
// markup: each field error in the element whose data-error-for names the field, in the words the service's
// own form uses (its userMessage), everything else in the [data-status] element. Once the inquiry is
// received, it takes the visitor to the thank-you page the form's data-success-path names, else says
// thank you in [data-status]. No dependencies. Without this script the form still works: the browser
// posts it to /contact, and the service answers with this very page filled in when it is the site's form
// page, else with its own pages, and sends a received inquiry on to the same thank-you page (docs/api.md §9).
(() => {
  'use strict';
  const form = document.querySelector('form.inquiry');
  const status = form && form.querySelector('[data-status]');
  if (!form || !status || typeof fetch !== 'function') return;
  // One Idempotency-Key per inquiry, kept while the same inquiry is sent again: an answer lost on the
  // way is then replayed by the service, never sent twice (docs/api.md §11).
  const keys = new Map();
  let sending = false;

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (sending) return;
    const body = JSON.stringify(Object.fromEntries(new FormData(form)));
    const headers = { 'Content-Type': 'application/json', Accept: 'application/json' };
    if (!keys.has(body) && window.crypto && typeof crypto.randomUUID === 'function') keys.set(body, crypto.randomUUID());
    if (keys.has(body)) headers['Idempotency-Key'] = keys.get(body);
    sending = true;
    clearErrors();
    say('Sending…', false);
    try {
      const response = await fetch('/api/contact', { method: 'POST', headers, body });
      const answer = await response.json().catch(() => ({}));
      if (response.status === 202) {
        form.reset();
        say('Thank you: your inquiry was received, and I will reply soon.', false);
        const thanks = thankYouPage();
        if (thanks) window.location.assign(thanks);
      } else if (response.status === 422 && Array.isArray(answer.errors)) {
        showErrors(answer.errors);
      } else {
        // 429 and 503 say in `detail` when to try again.
        say(typeof answer.detail === 'string' ? answer.detail : 'Your inquiry could not be sent; please try again.', true);
      }
    } catch {
      say('Your inquiry could not be sent: the connection failed. Please try again.', true);
    } finally {
      sending = false;
    }
  });

  // The form's data-success-path, as a URL of this very site, or undefined. Only a path is taken: one
  // leading slash, then printable ASCII with no // and no backslash (browsers read //host and /\host as
  // another host, and drop tabs and line breaks, which could join two slashes), and what it resolves to
  // must still be of this page's origin. Anything else is ignored, and the sentence above stays.
  function thankYouPage() {
    const path = form.dataset.successPath;
    if (typeof path !== 'string' || !/^\/[!-~]*$/.test(path) || path.includes('//') || path.includes('\\')) return undefined;
    try {
      const url = new URL(path, window.location.href);
      return url.origin === window.location.origin ? url.href : undefined;
    } catch {
      return undefined;
    }
  }

  function showErrors(errors) {
    const elsewhere = [];
    let first = null;
    for (const error of errors) {
      const box = form.querySelector(`[data-error-for="${CSS.escape(error.field)}"]`);
      const control = form.elements.namedItem(error.field);
      // userMessage is for people ("Write at least 20 characters about your project."), message names the JSON field.
      const sentence = error.userMessage || error.message;
      if (!box || !control) {
        elsewhere.push(sentence);
        continue;
      }
      box.textContent = sentence;
      box.hidden = false;
      control.setAttribute('aria-invalid', 'true');
      first = first || control;
    }
    say(elsewhere.length > 0 ? elsewhere.join(' ') : 'Please correct the fields marked below.', true);
    if (first) first.focus();
  }

  function clearErrors() {
    for (const box of form.querySelectorAll('[data-error-for]')) {
      box.hidden = true;
      box.textContent = '';
      const control = form.elements.namedItem(box.dataset.errorFor);
      if (control) control.removeAttribute('aria-invalid');
    }
  }

  function say(text, isError) {
    status.textContent = text;
    status.classList.toggle('status-error', isError);
  }
})();
