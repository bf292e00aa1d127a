// Sends the page's inquiry form as JSON to /api/contact and shows the answer in the page's own markup.
// The form is any of the page that posts (method="post") to /contact of this site, its action resolved
// as the browser resolves it, whatever its class, found when it is sent: a form a theme puts in the
// page later (MkDocs Material's instant navigation, a single-page app's) is sent so too. Each field
// error goes in the element of the form whose data-error-for names the field, in the words the
// service's own form uses (its userMessage), everything else in the form's [data-status] element,
// which the script adds at the top of the form (<p role="status" data-status>) when the form has none.
// Once the inquiry is received, it takes the visitor to the thank-you page the form's
// data-success-path names, else says thank you in [data-status]. Its sentences are the service's own,
// as a visitor without script reads them, or the owner's where the form's markup words them (a page in
// another language): data-error-text on a field's data-error-for element, data-notice-sending, -sent,
// -invalid, -rate-limited (with {minutes}), -unavailable, -failed and -honeypot on the form, as the
// service reads them (docs/api.md §9). No dependencies. Without this script the form still works: the
// browser posts it to /contact, and the service answers with this very page filled in when it is the
// site's form page or another contact page of the site, else with its own pages, and sends a received
// inquiry on to the same thank-you page (docs/api.md §9).
(() => {
  'use strict';
  if (typeof fetch !== 'function') return;
  // One Idempotency-Key per inquiry, kept while the same inquiry is sent again: an answer lost on the
  // way is then replayed by the service, never sent twice (docs/api.md §11).
  const keys = new Map();
  // The forms on their way: a second press meanwhile sends nothing more.
  const sending = new WeakSet();
  // A status line in the page before it says anything, so that a screen reader tells it: in each form
  // now, and in each a theme puts in the page later.
  const addStatusLines = () => {
    for (const form of document.querySelectorAll('form')) {
      if (postsToContact(form) && !form.querySelector('[data-status]')) addStatus(form);
    }
  };
  addStatusLines();
  if (typeof MutationObserver === 'function') new MutationObserver(addStatusLines).observe(document.documentElement, { childList: true, subtree: true });

  // On the document, not on the form, so that a form added after the page loaded is sent so too. A
  // submit another listener took (prevented) is left to it: this script run again by a theme that
  // runs each page's scripts, whose first run sends it, or another script of the page's.
  document.addEventListener('submit', async (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || event.defaultPrevented || !postsToContact(form, event.submitter)) return;
    event.preventDefault();
    if (sending.has(form)) return;
    const status = form.querySelector('[data-status]') || addStatus(form);
    const say = (text, isError) => {
      status.textContent = text;
      status.hidden = false;
      status.classList.toggle('status-error', isError);
    };
    const fields = Object.fromEntries(new FormData(form));
    // The page's path, which the service's answer in another contact page carries for a post without script.
    delete fields.form_page;
    const body = JSON.stringify(fields);
    const headers = { 'Content-Type': 'application/json', Accept: 'application/json' };
    if (!keys.has(body) && window.crypto && typeof crypto.randomUUID === 'function') keys.set(body, crypto.randomUUID());
    if (keys.has(body)) headers['Idempotency-Key'] = keys.get(body);
    sending.add(form);
    clearErrors(form);
    say(worded(form.dataset.noticeSending, 'Sending your inquiry…'), false);
    try {
      const response = await fetch('/api/contact', { method: 'POST', headers, body });
      const answer = await response.json().catch(() => ({}));
      if (response.status === 202) {
        form.reset();
        say(worded(form.dataset.noticeSent, 'Thank you: your inquiry was received. It reaches me by e-mail, and the reply will come to the address you gave.'), false);
        const thanks = thankYouPage(form);
        if (thanks) window.location.assign(thanks);
      } else if (response.status === 422 && Array.isArray(answer.errors)) {
        say(...showErrors(form, answer.errors));
      } else if (response.status === 429) {
        // Retry-After is in seconds: the whole minutes, rounded up, as the service counts them. A 429
        // without the service's scope came from the site's firewall, which counts by network too.
        const minutes = Math.max(1, Math.ceil((Number(response.headers.get('Retry-After')) || 60) / 60));
        const limit =
          answer.scope === 'email'
            ? 'Too many inquiries have been sent for this e-mail address recently, so this one was not sent. Please try again in {wait}.'
            : 'Too many inquiries have been sent from your network recently, so this one was not sent. Please try again in {wait}.';
        const owners = worded(form.dataset.noticeRateLimited);
        say(owners ? owners.replaceAll('{minutes}', String(minutes)) : limit.replace('{wait}', minutes === 1 ? '1 minute' : `${minutes} minutes`), true);
      } else if (response.status >= 500 || response.status === 403) {
        // The service down or failing, or something on the way (a gateway, the site's firewall) refusing: nothing for the visitor to mend.
        say(worded(form.dataset.noticeUnavailable, 'Your inquiry could not be accepted just now. Please try again in a minute.'), true);
      } else {
        // A body the service could not read (413, 415) says why in `detail`.
        say(typeof answer.detail === 'string' ? answer.detail : 'Your inquiry could not be accepted just now. Please try again in a minute.', true);
      }
    } catch {
      say(worded(form.dataset.noticeFailed, 'Your inquiry could not be sent. Please check your connection and try again.'), true);
    } finally {
      sending.delete(form);
    }
  });

  // A form's action and method as the browser reads them: the action resolved against the page (and
  // its <base>), the method's keyword in any case, an unknown one a GET; the pressed button's own
  // formaction and formmethod instead where it has them (a Cancel button's formmethod="dialog"
  // closes its dialog, sending nothing). A control named "action" or "method" hides the form's
  // properties; such a form is passed over, and the browser posts it as it is.
  function postsToContact(candidate, submitter) {
    const button = submitter instanceof HTMLElement ? submitter : null;
    const method = button && button.hasAttribute('formmethod') ? button.formMethod : candidate.method;
    const target = button && button.hasAttribute('formaction') ? button.formAction : candidate.action;
    if (typeof target !== 'string' || method !== 'post') return false;
    try {
      const action = new URL(target);
      return action.origin === window.location.origin && action.pathname === '/contact';
    } catch {
      return false;
    }
  }

  function addStatus(form) {
    const added = document.createElement('p');
    added.setAttribute('role', 'status');
    added.setAttribute('data-status', '');
    form.prepend(added);
    return added;
  }

  // The form's data-success-path, as a URL of this very site, or undefined. Only a path is taken: one
  // leading slash, then printable ASCII with no // and no backslash (browsers read //host and /\host as
  // another host, and drop tabs and line breaks, which could join two slashes), and what it resolves to
  // must still be of this page's origin. Anything else is ignored, and the sentence above stays.
  function thankYouPage(form) {
    const path = form.dataset.successPath;
    if (typeof path !== 'string' || !/^\/[!-~]*$/.test(path) || path.includes('//') || path.includes('\\')) return undefined;
    try {
      const url = new URL(path, window.location.href);
      return url.origin === window.location.origin ? url.href : undefined;
    } catch {
      return undefined;
    }
  }

  // Puts each field's message in its place, and gives what the status line says: the sentence and that it is an error.
  function showErrors(form, errors) {
    const elsewhere = [];
    let first = null;
    for (const error of errors) {
      const box = form.querySelector(`[data-error-for="${CSS.escape(error.field)}"]`);
      // The spam trap is hidden from people: its message is said, its field never marked.
      const named = error.field === '_gotcha' ? null : form.elements.namedItem(error.field);
      // Emptied, as the service's answer without script empties it, so that the sentence's "send the form again" is all it takes.
      if (error.field === '_gotcha') emptySpamTrap(form);
      const control = named instanceof HTMLElement ? named : null;
      // userMessage is for people ("Write at least 20 characters about your project."), message names the JSON field.
      const sentence = error.field === '_gotcha' ? worded(form.dataset.noticeHoneypot, error.userMessage) : error.userMessage || error.message;
      // Marked wherever its message goes, as the service marks it in a page it answers without script.
      if (control) control.setAttribute('aria-invalid', 'true');
      first = first || control;
      if (!box || !control) {
        elsewhere.push(sentence);
        continue;
      }
      box.textContent = worded(box.dataset.errorText, sentence);
      box.hidden = false;
    }
    if (first) first.focus();
    return [elsewhere.length > 0 ? elsewhere.join(' ') : worded(form.dataset.noticeInvalid, 'The inquiry was not sent. Please correct the fields marked below.'), true];
  }

  function emptySpamTrap(form) {
    const trap = form.elements.namedItem('_gotcha');
    if (trap instanceof HTMLInputElement || trap instanceof HTMLTextAreaElement) trap.value = '';
  }

  function clearErrors(form) {
    // What the service put at the top of the form when it answered a post made without script.
    for (const summary of form.querySelectorAll('[data-form-summary]')) summary.remove();
    for (const box of form.querySelectorAll('[data-error-for]')) {
      box.hidden = true;
      box.textContent = '';
    }
    for (const control of form.elements) control.removeAttribute('aria-invalid');
  }

  // The owner's words from the form's markup, else the service's: an attribute of white space alone words nothing, as the service reads it.
  function worded(owners, fallback) {
    return typeof owners === 'string' && owners.trim() !== '' ? owners : fallback;
  }

})();
