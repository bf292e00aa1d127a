import type { SiteSettings } from '../config.js';
import type { FieldError } from '../inquiry/field-errors.js';
import { FORM_TOKEN_FIELD } from '../inquiry/form-token.js';
import { HONEYPOT_FIELD, INQUIRY_RULES } from '../inquiry/schema.js';
import { formFields, type FormField } from '../inquiry/form-fields.js';
import { INQUIRY_TOOL_NAME, inquiryToolDescription } from '../inquiry/inquiry-tool.js';
import { ERROR_TITLE_PREFIX, SENT } from '../inquiry/form-messages.js';
import { escapeHtml } from './escape-html.js';
import { pageDocument } from './page-document.js';
import { PAGE_PATHS } from './page-paths.js';

export interface PageSite extends Pick<SiteSettings, 'baseUrl' | 'siteName'> {
  /** The owner's own fields (extraFields), which the form asks after the inquiry's. */
  readonly extraFields?: SiteSettings['extraFields'];
  /** The owner's style sheet (a path of the site), linked after the pages' own (docs/api.md §9). */
  readonly stylesheet?: string;
}

/** The form as first served, or served again after a refused post. */
export interface FormPageView {
  readonly site: PageSite;
  /** The token that tells when the form was first shown (docs/api.md §15). */
  readonly formToken: string;
  /** What the visitor sent, to fill the form in again. */
  readonly values?: Readonly<Record<string, unknown>>;
  readonly errors?: readonly FieldError[];
  /** One sentence above the form: why nothing was sent. */
  readonly notice?: string;
}

/** `GET /contact`, and the form served again with the visitor's values after a refused post. */
export function renderFormPage(view: FormPageView): string {
  const errors = new Map((view.errors ?? []).map((error) => [error.field, error]));
  const shown = formFields(view.site.extraFields);
  const firstInvalid = shown.find((field) => errors.has(field.name))?.name;
  const fields = shown.map((field) => {
    const error = errors.get(field.name);
    const value = view.values?.[field.name];
    return renderField(field, typeof value === 'string' ? value : '', error?.userMessage, field.name === firstInvalid);
  });
  const failed = view.notice !== undefined || errors.size > 0;
  // A refusal with no field to correct (a limit, a failure) takes the focus to its reason: without
  // script nothing else tells a screen reader, which does not read a status present at load.
  const statusFocus = view.notice !== undefined && firstInvalid === undefined ? ' tabindex="-1" autofocus' : '';
  return layout({
    site: view.site,
    title: `${failed ? ERROR_TITLE_PREFIX : ''}Contact – ${view.site.siteName}`,
    withScript: true,
    main: `
<h1>Contact</h1>
<p class="lead">Tell me about your project. Your message comes to me by e-mail, and I reply to the address you give.</p>
<p class="note">Every field is required unless it says “optional”.</p>
<div id="contact-status" class="notice${failed ? ' notice-error' : ''}" role="status"${statusFocus}>${escapeHtml(view.notice ?? '')}</div>
<form id="contact-form" method="post" action="${PAGE_PATHS.form}" accept-charset="utf-8" ${toolAttributes(view.site)}>
<input type="hidden" name="${FORM_TOKEN_FIELD}" value="${escapeHtml(view.formToken)}">
${fields.join('\n')}
<div class="trap" aria-hidden="true">
<label for="contact-trap">Leave this field empty</label>
<input id="contact-trap" name="${HONEYPOT_FIELD}" type="text" value="" tabindex="-1" autocomplete="off" ${toolParameter(INQUIRY_RULES.properties[HONEYPOT_FIELD].description)}>
</div>
<button type="submit">Send inquiry</button>
</form>
<section id="contact-sent" class="sent" tabindex="-1" aria-labelledby="contact-sent-heading" hidden>
<h2 id="contact-sent-heading">${escapeHtml(SENT.heading)}</h2>
<p>${escapeHtml(SENT.text)}</p>
<p class="reference" hidden>Reference: <span id="contact-reference"></span></p>
</section>`,
  });
}

/** Where a posted form lands when it was delivered (303 from `POST /contact`). */
export function renderSentPage(site: PageSite): string {
  return layout({
    site,
    title: `Inquiry sent – ${site.siteName}`,
    withScript: false,
    main: `
<section class="sent">
<h1>${escapeHtml(SENT.heading)}</h1>
<p>${escapeHtml(SENT.text)}</p>
<p><a href="${PAGE_PATHS.form}">Send another inquiry</a></p>
</section>`,
  });
}

/** A post the server could not read at all (too large, wrong media type): what happened, and a way back. */
export function renderProblemPage(site: PageSite, heading: string, text: string): string {
  return layout({
    site,
    title: `Error: ${heading} – ${site.siteName}`,
    withScript: false,
    main: `
<h1>${escapeHtml(heading)}</h1>
<p>${escapeHtml(text)}</p>
<p><a href="${PAGE_PATHS.form}">Back to the contact form</a></p>`,
  });
}

function renderField(field: FormField, value: string, error: string | undefined, focus: boolean): string {
  const { id } = field;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [field.hint && hintId, error && errorId].filter(Boolean).join(' ');
  const attributes = [
    `id="${id}"`,
    `name="${field.name}"`,
    field.control === 'input' && `type="${field.type}"`,
    `autocomplete="${field.autocomplete}"`,
    field.type !== 'text' && 'spellcheck="false" autocapitalize="off"',
    field.required && 'required',
    describedBy && `aria-describedby="${describedBy}"`,
    error && 'aria-invalid="true"',
    // Without script nothing else can take the visitor to the first field to correct.
    focus && 'autofocus',
    toolParameter(field.description),
  ].filter(Boolean);
  // The parser drops one newline right after <textarea>: this one, not the visitor's first.
  const control =
    field.control === 'textarea'
      ? `<textarea ${attributes.join(' ')} rows="8">\n${escapeHtml(value)}</textarea>`
      : `<input ${attributes.join(' ')} value="${escapeHtml(value)}">`;
  return `<div class="field${error ? ' field-invalid' : ''}">
<label for="${id}">${escapeHtml(field.label)}${field.required ? '' : ' <span class="optional">(optional)</span>'}</label>
${field.hint ? `<p class="hint" id="${hintId}">${escapeHtml(field.hint)}</p>\n` : ''}<p class="error" id="${errorId}"${error ? '' : ' hidden'}><span class="visually-hidden">Error: </span><span class="error-text">${escapeHtml(error ?? '')}</span></p>
${control}
</div>`;
}

/**
 * The form as a tool for an agent in the visitor's browser: WebMCP's declarative API
 * (https://github.com/webmachinelearning/webmcp/blob/main/declarative-api-explainer.md), which
 * browsers are trialling, names the tool on the form and describes each named control; the
 * browser derives the tool's input schema from the controls. The names and words are the
 * published ones (the OpenAPI operation, the schema's descriptions). No `toolautosubmit`: a
 * message sent in the visitor's name waits for the visitor to press send.
 */
function toolAttributes(site: PageSite): string {
  return `toolname="${INQUIRY_TOOL_NAME}" tooldescription="${escapeHtml(inquiryToolDescription(site.siteName))}"`;
}

function toolParameter(description: string): string {
  return `toolparamdescription="${escapeHtml(description)}"`;
}

interface Layout {
  readonly site: PageSite;
  readonly title: string;
  readonly main: string;
  readonly withScript: boolean;
}

function layout({ site, title, main, withScript }: Layout): string {
  return pageDocument({
    title,
    main,
    header: `<header class="site"><a href="${escapeHtml(site.baseUrl)}/">${escapeHtml(site.siteName)}</a></header>`,
    ...(site.stylesheet === undefined ? {} : { stylesheet: site.stylesheet }),
    withScript,
  });
}
