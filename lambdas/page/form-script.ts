import { FIELD_ERROR_CODES, PATTERN_CODES } from '../inquiry/field-errors.js';
import { FORM_TOKEN_FIELD, FORM_TOKEN_HEADER } from '../inquiry/form-token.js';
import { HONEYPOT_FIELD } from '../inquiry/schema.js';
import { EXTRA_FIELD_MESSAGES, FIELD_MESSAGES, NOTICES } from '../inquiry/form-messages.js';
import { EXTRA_FIELD_ID_PREFIX } from '../inquiry/form-fields.js';
import { PAGE_PATHS } from '../html/page-paths.js';

/** What the script cannot read from the published schema: the words, and which code a pattern reports. */
const SCRIPT_SETTINGS = {
  api: PAGE_PATHS.api,
  honeypot: HONEYPOT_FIELD,
  tokenField: FORM_TOKEN_FIELD,
  tokenHeader: FORM_TOKEN_HEADER,
  codeOrder: FIELD_ERROR_CODES,
  patternCodes: PATTERN_CODES,
  messages: FIELD_MESSAGES,
  extraFieldMessages: EXTRA_FIELD_MESSAGES,
  extraFieldIdPrefix: EXTRA_FIELD_ID_PREFIX,
  notices: NOTICES,
};

/**
 * The page's script, served at /contact/form.js (the CSP allows no inline script): plain browser
 * JavaScript, no build step, a string so that esbuild bundles it with the handler.
 *
 * It enhances a form that works without it. Once the published schema (`GET /api/contact`) has
 * arrived, it checks each field with the schema's own rules (lengths in code points, every
 * `pattern` with the `u` flag, `allOf` included), posts JSON to the API and shows each outcome in
 * place, instead of the browser's own bubbles (`noValidate`), which would word it differently;
 * until then, or if the schema cannot be read, the form posts itself to `/contact` and the server
 * applies the same rules and answers with a page. Each inquiry it posts carries an
 * `Idempotency-Key` (docs/api.md §9), kept when the same inquiry is sent again, where the browser
 * can make one, and the page's form token in a header of its own (§15). The browser tests (test/browser) run it. Its comments are kept few: they are sent
 * to every visitor.
 */
export const FORM_SCRIPT = String.raw`'use strict';
(() => {
  const SETTINGS = ${JSON.stringify(SCRIPT_SETTINGS)};
  const form = document.getElementById('contact-form');
  const status = document.getElementById('contact-status');
  const sent = document.getElementById('contact-sent');
  const reference = document.getElementById('contact-reference');
  if (!form || !status || !sent || !reference) return;
  const button = form.querySelector('button[type="submit"]');
  let rules = [];
  let sending = false;
  const keys = new Map();

  fetch(SETTINGS.api, { headers: { Accept: 'application/json' } })
    .then((response) => (response.ok ? response.json() : Promise.reject(new Error('schema: HTTP ' + response.status))))
    .then((description) => {
      rules = compileRules(description.requestSchema);
      form.noValidate = true;
      form.addEventListener('submit', onSubmit);
    })
    .catch(() => {});

  function compileRules(schema) {
    const required = new Set(schema.required || []);
    return Object.keys(schema.properties).map((name) => {
      const property = schema.properties[name];
      const parts = [property].concat(property.allOf || []);
      const numbers = (key) => parts.map((part) => part[key]).filter((value) => typeof value === 'number');
      return {
        name,
        required: required.has(name),
        minLength: Math.max(0, ...numbers('minLength')),
        maxLength: Math.min(Infinity, ...numbers('maxLength')),
        patterns: parts
          .map((part) => part.pattern)
          .filter((pattern) => typeof pattern === 'string')
          .map((pattern) => ({ regex: new RegExp(pattern, 'u'), code: SETTINGS.patternCodes[pattern] || 'invalid' })),
      };
    });
  }

  function rank(code) {
    const index = SETTINGS.codeOrder.indexOf(code);
    return index < 0 ? SETTINGS.codeOrder.length : index;
  }

  /** The first rule a value breaks, in the server's order of codes, or null. */
  function firstFailure(rule, value) {
    if (value === undefined) return rule.required ? 'required' : null;
    if (typeof value !== 'string') return 'invalid_type';
    // Array.from counts code points, as JSON Schema does: an emoji is one character.
    const length = Array.from(value).length;
    const failures = [];
    if (length < rule.minLength) failures.push('too_short');
    if (length > rule.maxLength) failures.push(rule.name === SETTINGS.honeypot ? 'honeypot' : 'too_long');
    for (const pattern of rule.patterns) if (!pattern.regex.test(value)) failures.push(pattern.code);
    failures.sort((a, b) => rank(a) - rank(b));
    return failures.length > 0 ? failures[0] : null;
  }

  /** A field the words name is the inquiry's own; any other is one of the owner's (extraFields), its rule every one's. */
  function isOwn(name) {
    return Object.prototype.hasOwnProperty.call(SETTINGS.messages, name);
  }

  /** The id of a field's control, as the page gives it: the owner's fields apart, so that no name meets the page's own ids. */
  function fieldId(name) {
    return (isOwn(name) ? 'contact-' : SETTINGS.extraFieldIdPrefix) + name;
  }

  function messageFor(error, value) {
    const messages = isOwn(error.field) ? SETTINGS.messages[error.field] : SETTINGS.extraFieldMessages;
    const rule = rules.find((candidate) => candidate.name === error.field);
    const empty = Boolean(rule && rule.required) && (value === undefined || value === '');
    return (empty && messages.empty) || messages[error.code] || error.message || SETTINGS.notices.invalid;
  }

  async function onSubmit(event) {
    event.preventDefault();
    if (sending) return;
    const inquiry = {};
    let token = '';
    new FormData(form).forEach((value, name) => {
      if (name === SETTINGS.tokenField) token = value;
      else inquiry[name] = value;
    });
    const errors = [];
    for (const rule of rules) {
      // The trap is the server's to judge: a person never fills it in.
      if (rule.name === SETTINGS.honeypot) continue;
      const code = firstFailure(rule, inquiry[rule.name]);
      if (code) errors.push({ field: rule.name, code });
    }
    if (errors.length > 0) showErrors(errors, inquiry);
    else await send(inquiry, token);
  }

  async function send(inquiry, token) {
    sending = true;
    button.setAttribute('aria-disabled', 'true');
    clearErrors();
    announce(SETTINGS.notices.sending, false);
    try {
      const payload = JSON.stringify(inquiry);
      const headers = { 'Content-Type': 'application/json', Accept: 'application/json' };
      // The same inquiry sent again keeps its key: an answer lost on the way is replayed, not sent twice.
      if (!keys.has(payload) && typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
        keys.set(payload, crypto.randomUUID());
      }
      if (keys.has(payload)) headers['Idempotency-Key'] = keys.get(payload);
      if (token) headers[SETTINGS.tokenHeader] = token;
      const response = await fetch(SETTINGS.api, { method: 'POST', headers, body: payload });
      const body = await response.json().catch(() => ({}));
      showAnswer(response, body, inquiry);
    } catch {
      announce(SETTINGS.notices.failed, true);
    } finally {
      sending = false;
      button.removeAttribute('aria-disabled');
    }
  }

  function showAnswer(response, body, inquiry) {
    if (response.status === 202) showSent(body.id);
    else if (response.status === 422 && Array.isArray(body.errors)) showErrors(body.errors, inquiry);
    else if (response.status === 429) announce(rateLimited(body, response.headers.get('Retry-After')), true);
    else if (response.status === 503) announce(SETTINGS.notices.unavailable, true);
    else announce(typeof body.detail === 'string' ? body.detail : SETTINGS.notices.failed, true);
  }

  function rateLimited(body, retryAfter) {
    const seconds = Number(retryAfter);
    const template = SETTINGS.notices.rateLimited[body.scope];
    if (!template || !(seconds > 0)) return typeof body.detail === 'string' ? body.detail : SETTINGS.notices.failed;
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    return template.replace('{wait}', minutes === 1 ? '1 minute' : minutes + ' minutes');
  }

  function showErrors(errors, inquiry) {
    clearErrors();
    const unplaced = [];
    let first = null;
    for (const error of errors) {
      const message = messageFor(error, inquiry[error.field]);
      // Emptied, as the answer without script empties it: its sentence says to send the form again.
      const trap = error.field === SETTINGS.honeypot ? form.elements.namedItem(SETTINGS.honeypot) : null;
      if (trap) trap.value = '';
      const control = document.getElementById(fieldId(error.field));
      const box = document.getElementById(fieldId(error.field) + '-error');
      if (!control || !box) {
        unplaced.push(message);
        continue;
      }
      box.querySelector('.error-text').textContent = message;
      box.hidden = false;
      control.setAttribute('aria-invalid', 'true');
      control.setAttribute('aria-describedby', describedBy(control, true));
      control.closest('.field').classList.add('field-invalid');
      if (!first) first = control;
    }
    announce(unplaced.length > 0 ? unplaced.join(' ') : SETTINGS.notices.invalid, true);
    if (first) first.focus();
  }

  function clearErrors() {
    for (const box of form.querySelectorAll('.error')) {
      const control = document.getElementById(box.id.replace(/-error$/, ''));
      box.hidden = true;
      if (!control) continue;
      control.removeAttribute('aria-invalid');
      const ids = describedBy(control, false);
      if (ids) control.setAttribute('aria-describedby', ids);
      else control.removeAttribute('aria-describedby');
      control.closest('.field').classList.remove('field-invalid');
    }
  }

  function describedBy(control, invalid) {
    const hint = document.getElementById(control.id + '-hint');
    return [hint && hint.id, invalid && control.id + '-error'].filter(Boolean).join(' ');
  }

  function announce(text, isError) {
    status.textContent = text;
    status.classList.toggle('notice-error', isError);
  }

  function showSent(id) {
    form.hidden = true;
    announce('', false);
    if (typeof id === 'string') {
      reference.textContent = id;
      reference.parentElement.hidden = false;
    }
    sent.hidden = false;
    sent.focus();
  }
})();
`;
