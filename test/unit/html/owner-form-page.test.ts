import { describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import { contactFormSending } from '../../../lambdas/html/form-page-reading.js';
import { MAX_INLINE_HASHES } from '../../../lambdas/html/inline-hashes.js';
import { fillOwnerFormPage, type RefusedForm } from '../../../lambdas/html/owner-form-page.js';
import { readPage } from '../../../lambdas/html/page-tree.js';

/*
 * The owner's form page filled in for a refused post (docs/api.md §9). Each result is read back
 * with an HTML parser, as a browser reads it: what a visitor typed must come back as the control's
 * value, never as markup.
 */

type Element = DefaultTreeAdapterTypes.Element;

/** The result as a browser without scripting builds it: its elements in tree order (iterative, for a deep page). */
function elements(html: string): Element[] {
  const found: Element[] = [];
  const stack: DefaultTreeAdapterTypes.ParentNode[] = [parse(html, { scriptingEnabled: false })];
  while (stack.length > 0) {
    const node = stack.pop() as DefaultTreeAdapterTypes.ParentNode;
    if ('tagName' in node) found.push(node);
    stack.push(...node.childNodes.filter((child): child is Element => 'tagName' in child).reverse());
  }
  return found;
}
const attr = (element: Element | undefined, name: string) => element?.attrs.find((a) => a.name === name)?.value;
const text = (element: Element | undefined): string =>
  (element?.childNodes ?? []).map((node) => ('value' in node ? node.value : 'tagName' in node ? text(node) : '')).join('');
const byName = (html: string, name: string) => elements(html).find((element) => attr(element, 'name') === name);
const byAttribute = (html: string, name: string, value?: string) => elements(html).find((element) => attr(element, name) === (value ?? attr(element, name)) && attr(element, name) !== undefined);
const tagCounts = (html: string) => elements(html).reduce<Record<string, number>>((counts, element) => ({ ...counts, [element.tagName]: (counts[element.tagName] ?? 0) + 1 }), {});

const MARKED = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Hire me – Ada</title><link rel="stylesheet" href="/css/site.css"></head>
<body>
<nav><a href="/">Home</a> <a href="/about/">About</a></nav>
<main>
<form method="post" action="/contact" class="inquiry">
  <p data-status role="status"></p>
  <label for="name">Name</label>
  <input id="name" name="name" autocomplete="name">
  <p id="name-error" data-error-for="name" hidden></p>
  <label for="email">E-mail</label>
  <input id="email" name="email" type="email" aria-describedby="email-hint">
  <p id="email-hint">Replies go here.</p>
  <p data-error-for="email" class="error" hidden></p>
  <label for="message">Message</label>
  <textarea id="message" name="message"></textarea>
  <p data-error-for="message" hidden></p>
  <label for="company">Company</label>
  <input id="company" name="company">
  <label for="project_url">Link</label>
  <input id="project_url" name="project_url" type="url">
  <div hidden><input name="_gotcha" tabindex="-1"></div>
  <button type="submit">Send</button>
</form>
</main>
<footer><p>© Ada</p></footer>
</body>
</html>
`;

const UNMARKED = `<!doctype html><html lang="en"><head><title>Contact</title></head><body>
<form method="post" action="/contact">
  <label for="n">Name</label><input id="n" name="name">
  <label>E-mail <input name="email"></label>
  <label for="m">Message</label><textarea id="m" name="message"></textarea>
  <button>Send</button>
</form></body></html>`;

const refused = (overrides: Partial<RefusedForm> = {}): RefusedForm => ({
  pagePath: '/contact/',
  values: { name: 'Ada', email: 'ada@example', message: 'short', company: '', project_url: '' },
  fieldErrors: [
    { field: 'email', message: 'Enter an e-mail address such as name@example.com.' },
    { field: 'message', message: 'Write at least 20 characters about your project.' },
  ],
  summary: 'The inquiry was not sent. Please correct the fields marked below.',
  ...overrides,
});

/** What a status element says when no element of the page holds either field's message: both, as the example script says them. */
const UNPLACED = 'Enter an e-mail address such as name@example.com. Write at least 20 characters about your project.';
const fill = (page: string, overrides: Partial<RefusedForm> = {}) => {
  const filled = fillOwnerFormPage(page, refused(overrides));
  if (filled === undefined) throw new Error('no inquiry form found');
  return filled.html;
};

describe('what a visitor typed comes back as text, never as markup', () => {
  const HOSTILE: ReadonlyArray<[string, string]> = [
    ['markup', '<script>alert(1)</script><img src=x onerror=alert(1)>'],
    ['quotes that would close an attribute', `"' autofocus onfocus="alert(1)`],
    ['the end of the textarea', '</textarea><script>alert(1)</script>'],
    ['a comment and a CDATA section', '<!-- --> <![CDATA[ ]]> --!>'],
    ['entities', '&amp; &lt; &#60; &NotANamedOne;'],
    ['bidi controls and a right-to-left name', '\u202Egnp.exe\u202C سلام \u2066x\u2069'],
    ['a leading newline, kept', '\n\nfirst line after two breaks'],
    ['astral characters and NUL-like text', '😀 \u{1F468}\u200D\u{1F469} \\u0000'],
  ];

  it.each(HOSTILE)('%s: in an input and in the textarea, exactly as sent', (_case, value) => {
    const html = fill(MARKED, { values: { name: value, email: value, message: value, company: value, project_url: value } });
    for (const name of ['name', 'email', 'company', 'project_url']) expect({ name, value: attr(byName(html, name), 'value') }).toEqual({ name, value });
    expect(text(byName(html, 'message'))).toBe(value);
    // Exactly the page's elements, and the form's own: nothing came from the values.
    expect(tagCounts(html)).toEqual(tagCounts(MARKED));
  });

  it('chooses again what the visitor chose of a <select>, a radio group and a checkbox, the page’s own defaults undone (the owner’s own fields)', () => {
    const page = UNMARKED.replace(
      '<button>',
      '<select name="budget"><option value="">—</option><option selected>up to 5k</option><optgroup label="more"><option>  over\n 20k </option></optgroup></select>' +
        '<input type="radio" name="kind" value="web"><input type="radio" name="kind" value="app" checked>' +
        '<input type="checkbox" name="urgent" value="yes"><input type="checkbox" name="newsletter" checked><button>',
    );
    const html = fill(page, { values: { budget: 'over 20k', kind: 'web', urgent: 'yes' } });
    const selected = elements(html).filter((element) => element.tagName === 'option' && attr(element, 'selected') !== undefined);
    expect(selected.map((option) => text(option).trim())).toEqual(['over\n 20k']);
    const checked = elements(html).filter((element) => element.tagName === 'input' && attr(element, 'checked') !== undefined);
    // The newsletter box the visitor unchecked sent nothing: it stays unchecked.
    expect(checked.map((input) => `${attr(input, 'name')}=${attr(input, 'value')}`)).toEqual(['kind=web', 'urgent=yes']);
  });

  it('never fills in the honeypot, a password, a hidden field, nor a choice’s value', () => {
    const page = UNMARKED.replace(
      '<button>',
      '<input type="password" name="secret"><input type="hidden" name="source" value="site"><input type="checkbox" name="agree" value="yes"><input name="_gotcha"><button>',
    );
    const html = fill(page, { values: { secret: 'hunter2', source: 'forged', agree: 'no', _gotcha: 'robot' } });
    expect(attr(byName(html, 'secret'), 'value')).toBeUndefined();
    expect(attr(byName(html, 'source'), 'value')).toBe('site');
    expect(attr(byName(html, 'agree'), 'value')).toBe('yes');
    expect(attr(byName(html, '_gotcha'), 'value')).toBeUndefined();
  });

  it('replaces a value the page had, and fills a field the schema lacks too, so that nothing typed is lost', () => {
    const page = UNMARKED.replace('<input id="n" name="name">', '<input id="n" name="name" value="Your name"><input name="phone">');
    const html = fill(page, { values: { name: 'Ada', phone: '+44 20 7946 0000' }, fieldErrors: [{ field: 'phone', message: 'phone is not a field of this form.' }] });
    expect(attr(byName(html, 'name'), 'value')).toBe('Ada');
    expect(attr(byName(html, 'phone'), 'value')).toBe('+44 20 7946 0000');
  });

  it('escapes a message that quotes what the visitor sent, such as an unknown field’s name', () => {
    const html = fill(UNMARKED, { fieldErrors: [{ field: '<b>x</b>', message: '<b onmouseover=alert(1)>x</b> is not a field of this form.' }] });
    expect(text(byAttribute(html, 'data-form-summary'))).toContain('<b onmouseover=alert(1)>x</b> is not a field of this form.');
    expect(elements(html).some((element) => element.tagName === 'b')).toBe(false);
  });
});

describe('a page that marks where messages go', () => {
  const html = fill(MARKED);

  it('puts each message in its field’s element, shown, and the summary in the status element', () => {
    expect(text(byAttribute(html, 'data-error-for', 'email'))).toBe('Enter an e-mail address such as name@example.com.');
    expect(text(byAttribute(html, 'data-error-for', 'message'))).toBe('Write at least 20 characters about your project.');
    expect(attr(byAttribute(html, 'data-error-for', 'email'), 'hidden')).toBeUndefined();
    expect(attr(byAttribute(html, 'data-error-for', 'name'), 'hidden')).toBe('');
    expect(text(byAttribute(html, 'data-status'))).toBe('The inquiry was not sent. Please correct the fields marked below.');
    expect(byAttribute(html, 'data-form-summary')).toBeUndefined();
  });

  it('marks the status element status-error, as the example script does, keeping its own classes and adding none twice', () => {
    expect(attr(byAttribute(html, 'data-status'), 'class')).toBe('status-error');
    const classed = (classes: string) => attr(byAttribute(fill(MARKED.replace('<p data-status role="status">', `<p data-status class="${classes}" role="status">`)), 'data-status'), 'class');
    expect(classed('note  wide')).toBe('note wide status-error');
    expect(classed('status-error note')).toBe('status-error note');
  });

  it('marks the invalid fields for assistive technology, each described by its message, and focuses the first', () => {
    const email = byName(html, 'email');
    const box = byAttribute(html, 'data-error-for', 'email');
    expect(attr(email, 'aria-invalid')).toBe('true');
    expect(attr(email, 'aria-describedby')).toBe(`email-hint ${attr(box, 'id')}`);
    expect(attr(byName(html, 'message'), 'aria-describedby')).toBe(attr(byAttribute(html, 'data-error-for', 'message'), 'id'));
    expect(attr(byName(html, 'name'), 'aria-invalid')).toBeUndefined();
    expect(elements(html).filter((element) => attr(element, 'autofocus') !== undefined).map((element) => attr(element, 'name'))).toEqual(['email']);
  });

  it('gives a message element without an id one that no other element has', () => {
    const page = MARKED.replace('<p id="email-hint">', '<p id="email-error">');
    const ids = elements(fill(page)).map((element) => attr(element, 'id')).filter(Boolean);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('says in the title that there is an error', () => {
    expect(text(elements(html).find((element) => element.tagName === 'title'))).toBe('Error: Hire me – Ada');
  });

  it('leaves everything else as the owner wrote it', () => {
    for (const part of ['<nav><a href="/">Home</a> <a href="/about/">About</a></nav>', '<footer><p>© Ada</p></footer>', '<label for="email">E-mail</label>', '<button type="submit">Send</button>']) {
      expect(html).toContain(part);
    }
  });

  it('keeps the offsets of a page written with CRLF line ends', () => {
    const crlf = MARKED.replaceAll('\n', '\r\n');
    const filled = fill(crlf);
    expect(text(byAttribute(filled, 'data-error-for', 'email'))).toBe('Enter an e-mail address such as name@example.com.');
    expect(attr(byName(filled, 'name'), 'value')).toBe('Ada');
    expect(filled).toContain('<footer><p>© Ada</p></footer>\r\n');
  });

  it('says a refusal without field errors (429, 503, 403) in the status element alone, which takes the focus', () => {
    const page = MARKED.replace('<input id="name" name="name"', '<input id="name" name="name" autofocus');
    const limited = fill(page, { fieldErrors: [], summary: 'Please try again in 31 minutes.' });
    expect(text(byAttribute(limited, 'data-status'))).toBe('Please try again in 31 minutes.');
    expect(elements(limited).filter((element) => attr(element, 'aria-invalid') !== undefined)).toEqual([]);
    const focused = elements(limited).filter((element) => attr(element, 'autofocus') !== undefined);
    expect(focused.map((element) => [attr(element, 'data-status'), attr(element, 'tabindex')])).toEqual([['', '-1']]);
    // A status the owner made focusable keeps its own tabindex.
    const own = fill(page.replace('data-status', 'data-status tabindex="0"'), { fieldErrors: [], summary: 'Later.' });
    expect(attr(byAttribute(own, 'data-status'), 'tabindex')).toBe('0');
  });

  it('focuses the summary it adds, for a form without a status element, when no field takes the focus', () => {
    const page = UNMARKED.replace('<input id="n" name="name"', '<input id="n" name="name" autofocus');
    const limited = fill(page, { fieldErrors: [], summary: 'Please try again in 31 minutes.' });
    expect(elements(limited).filter((element) => attr(element, 'autofocus') !== undefined).map((element) => [attr(element, 'data-form-summary'), attr(element, 'tabindex')])).toEqual([['', '-1']]);
    expect(attr(byAttribute(fill(UNMARKED), 'data-form-summary'), 'autofocus')).toBeUndefined();
  });

  it('takes the focus from a field the page focused first', () => {
    const page = MARKED.replace('<input id="name" name="name"', '<input id="name" name="name" autofocus');
    expect(elements(fill(page)).filter((element) => attr(element, 'autofocus') !== undefined).map((element) => attr(element, 'name'))).toEqual(['email']);
  });
});

describe('a page in another language, whose form words the service’s sentences (docs/api.md §9)', () => {
  const GERMAN = MARKED.replace('<html lang="en">', '<html lang="de">')
    .replace('<title>Hire me – Ada</title>', '<title>Kontakt – Ada</title>')
    .replace(
      '<form method="post" action="/contact" class="inquiry">',
      '<form method="post" action="/contact" class="inquiry" data-notice-invalid="Bitte prüfen Sie die markierten Felder." data-notice-rate-limited="Bitte versuchen Sie es in {minutes} Minuten erneut ({minutes})." data-notice-unavailable="Gerade nicht möglich." data-notice-cross-site="Von einer anderen Seite gesendet." data-notice-honeypot="Ein verstecktes Feld wurde ausgefüllt." data-title-prefix="Fehler & Mängel: ">',
    )
    .replace('<p data-error-for="email" class="error" hidden></p>', '<p data-error-for="email" class="error" data-error-text="Bitte eine gültige E-Mail-Adresse <name@beispiel.de>." hidden></p>')
    .replace('<p data-error-for="message" hidden></p>', '<p data-error-for="message" data-error-text=" " hidden></p>');
  const title = (html: string) => text(elements(html).find((element) => element.tagName === 'title'));

  it('says a field’s errors in its element’s data-error-text, and the others as the service does', () => {
    const html = fill(GERMAN, { notice: { kind: 'invalid' } });
    expect(text(byAttribute(html, 'data-error-for', 'email'))).toBe('Bitte eine gültige E-Mail-Adresse <name@beispiel.de>.');
    // An empty one words nothing.
    expect(text(byAttribute(html, 'data-error-for', 'message'))).toBe('Write at least 20 characters about your project.');
    expect(text(byAttribute(html, 'data-status'))).toBe('Bitte prüfen Sie die markierten Felder.');
    expect(title(html)).toBe('Fehler & Mängel: Kontakt – Ada');
  });

  it.each<[string, NonNullable<RefusedForm['notice']>, string]>([
    ['a limit, its minutes filled in', { kind: 'rateLimited', minutes: 31 }, 'Bitte versuchen Sie es in 31 Minuten erneut (31).'],
    ['an outage', { kind: 'unavailable' }, 'Gerade nicht möglich.'],
    ['a post from another site', { kind: 'crossSite' }, 'Von einer anderen Seite gesendet.'],
  ])('says %s in the form’s own words', (_case, notice, said) => {
    expect(text(byAttribute(fill(GERMAN, { fieldErrors: [], summary: 'Please try again in 31 minutes.', notice }), 'data-status'))).toBe(said);
  });

  it('says a filled spam trap’s message in the form’s words, beside the field errors in theirs', () => {
    const html = fill(GERMAN, {
      fieldErrors: [
        { field: '_gotcha', message: 'A hidden field that must stay empty was filled in.' },
        { field: 'email', message: 'Enter an e-mail address such as name@example.com.' },
      ],
      notice: { kind: 'invalid' },
    });
    expect(text(byAttribute(html, 'data-status'))).toBe('Ein verstecktes Feld wurde ausgefüllt.');
    expect(text(byAttribute(html, 'data-error-for', 'email'))).toBe('Bitte eine gültige E-Mail-Adresse <name@beispiel.de>.');
  });

  it('says what the form does not word as the service does', () => {
    const html = fill(MARKED, { fieldErrors: [], summary: 'Please try again in 31 minutes.', notice: { kind: 'rateLimited', minutes: 31 } });
    expect(text(byAttribute(html, 'data-status'))).toBe('Please try again in 31 minutes.');
    expect(title(fill(MARKED))).toBe('Error: Hire me – Ada');
  });
});

describe('a page without marked elements, or with elements a message cannot go in', () => {
  it('gets a summary at the top of its form with every message, linked to its field, as the example script says them', () => {
    const html = fill(UNMARKED);
    const form = elements(html).find((element) => element.tagName === 'form');
    const summary = form?.childNodes.find((node) => 'tagName' in node) as Element;
    expect(attr(summary, 'data-form-summary')).toBe('');
    expect(attr(summary, 'role')).toBe('alert');
    expect(attr(summary, 'class')).toBe('status-error');
    // No word of fields marked below: none is.
    expect(text(summary)).not.toContain(refused().summary);
    const items = elements(html).filter((element) => element.tagName === 'li');
    expect(items.map(text)).toEqual(['Enter an e-mail address such as name@example.com.', 'Write at least 20 characters about your project.']);
    // The e-mail field has no id to link to; the message field has one.
    expect(items.map((item) => attr(item.childNodes.find((node) => 'tagName' in node) as Element | undefined, 'href'))).toEqual([undefined, '#m']);
    expect(attr(byName(html, 'email'), 'aria-invalid')).toBe('true');
  });

  it.each([
    ['a textarea', '<textarea data-status></textarea>'],
    ['a script', '<script data-status></script>'],
    ['an input', '<input data-status>'],
    ['an element holding a field', '<div data-status><input name="company"></div>'],
  ])('puts the summary beside %s marked data-status, never in it', (_case, marked) => {
    const html = fill(UNMARKED.replace('<label for="n">', `${marked}<label for="n">`));
    expect(elements(html).filter((element) => element.tagName === 'li').map(text)).toEqual(refused().fieldErrors.map((error) => error.message));
    expect(byAttribute(html, 'data-form-summary')).toBeDefined();
    expect(tagCounts(html).script ?? 0).toBe(marked.includes('script') ? 1 : 0);
  });

  it('puts a message whose element would wipe out its field in the summary, and keeps the field', () => {
    const page = UNMARKED.replace('<label>E-mail <input name="email"></label>', '<p data-error-for="email">E-mail <input name="email"></p>');
    const html = fill(page);
    expect(attr(byName(html, 'email'), 'value')).toBe('ada@example');
    expect(elements(html).filter((element) => element.tagName === 'li').map(text)).toContain('Enter an e-mail address such as name@example.com.');
  });

  it('replaces only what an element the parser closed held: a status ended by the next paragraph, a textarea never closed', () => {
    const page = '<!doctype html><title>x</title><form method="post" action="/contact"><p data-status><b>old</b> text<p>Kept.</p><input name="name"><textarea name="message">old text';
    const html = fill(page);
    expect(text(byAttribute(html, 'data-status'))).toBe(UNPLACED);
    expect(html).toContain('<p>Kept.</p>');
    expect(text(byName(html, 'message'))).toBe('short');
    expect(html).toMatch(/<textarea [^>]*name="message">\nshort$/);
  });

  it('never marks the honeypot, hidden from people: its message alone takes the status element, with no word of fields marked below', () => {
    const html = fill(MARKED, { fieldErrors: [{ field: '_gotcha', message: 'A hidden field that must stay empty was filled in.' }] });
    expect(attr(byName(html, '_gotcha'), 'aria-invalid')).toBeUndefined();
    expect(attr(byName(html, '_gotcha'), 'autofocus')).toBeUndefined();
    expect(text(byAttribute(html, 'data-status'))).toBe('A hidden field that must stay empty was filled in.');
    expect(byAttribute(html, 'data-form-summary')).toBeUndefined();
    expect(html).not.toContain('marked below');
  });

  it('says in the status element only the messages no element of their own holds, as the example script does; the others beside their fields', () => {
    const html = fill(MARKED, { fieldErrors: [...refused().fieldErrors, { field: 'colour', message: 'colour is not a field of the inquiry.' }] });
    expect(text(byAttribute(html, 'data-status'))).toBe('colour is not a field of the inquiry.');
    expect(text(byAttribute(html, 'data-error-for', 'email'))).toBe('Enter an e-mail address such as name@example.com.');
    expect(byAttribute(html, 'data-form-summary')).toBeUndefined();
  });

  it('without a status element, puts the honeypot’s message alone in the summary; a refusal without field errors, its reason', () => {
    const html = fill(UNMARKED, { fieldErrors: [{ field: '_gotcha', message: 'A hidden field that must stay empty was filled in.' }] });
    expect(text(byAttribute(html, 'data-form-summary'))).toBe('A hidden field that must stay empty was filled in.');
    const limited = fill(UNMARKED, { fieldErrors: [], summary: 'Please try again in 31 minutes.' });
    expect(text(byAttribute(limited, 'data-form-summary'))).toBe('Please try again in 31 minutes.');
  });
});

describe('which form is the inquiry', () => {
  const FORMS = `<!doctype html><title>Contact</title>
<form role="search" action="/search"><input name="name" value="search box"></form>
<form method="post" action="https://newsletter.example/contact"><input name="name"><p data-status></p></form>
<template><form method="post" action="/contact"><input name="name"><p data-status></p></form></template>
<!-- <form method="post" action="/contact"><input name="name"></form> -->
<form method="post" action="/subscribe"><input name="email"></form>
<form method="POST" action="../contact?from=page" id="inquiry"><input name="name"><p data-status></p></form>
<form method="post" action="/contact"><input name="name" value="second"><p data-status></p></form>
<input name="message" form="inquiry">`;

  it('is the first form, in tree order, that posts to /contact of the site: no search, no other site, no template, no comment', () => {
    const html = fill(FORMS);
    const names = elements(html).filter((element) => attr(element, 'name') === 'name').map((element) => attr(element, 'value'));
    expect(names).toEqual(['search box', undefined, 'Ada', 'second']);
    const statuses = elements(html).filter((element) => attr(element, 'data-status') !== undefined).map(text);
    expect(statuses).toEqual(['', UNPLACED, '']);
    expect(html).toContain('<template><form method="post" action="/contact"><input name="name"><p data-status></p></form></template>');
    expect(html).toContain('<!-- <form method="post" action="/contact"><input name="name"></form> -->');
  });

  it('takes in a field outside the form that names it with form=', () => {
    expect(attr(byName(fill(FORMS), 'message'), 'value')).toBe('short');
  });

  it('is found inside <noscript>, as a browser without scripting shows it', () => {
    const html = fill('<!doctype html><title>x</title><noscript><form method="post" action="/contact"><input name="name"></form></noscript>');
    expect(attr(byName(html, 'name'), 'value')).toBe('Ada');
  });

  it.each([
    ['no form', '<p>Write to me at ada@example.com</p>'],
    ['a form that gets', '<form action="/contact"><input name="name"></form>'],
    ['a form whose method only looks like post, which browsers read as a GET', '<form method=" post" action="/contact"><input name="name"></form>'],
    ['a form that posts elsewhere', '<form method="post" action="/api/contact"><input name="name"></form>'],
    ['a form on another origin', '<form method="post" action="https://elsewhere.example/contact"><input name="name"></form>'],
    ['a form posting to its own page', '<form method="post"><input name="name"></form>'],
    ['a form only in a template', '<template><form method="post" action="/contact"></form></template>'],
  ])('is none on a page with %s', (_case, body) => {
    const page = `<!doctype html><title>x</title>${body}`;
    expect(fillOwnerFormPage(page, refused())).toBeUndefined();
    expect(contactFormSending(readPage(page, '/contact/'))?.method.state ?? 'no form to /contact').not.toBe('post');
  });

  it('resolves the action against the page’s own path', () => {
    expect(contactFormSending(readPage('<form method="post" action="../contact"></form>', '/contact/'))?.fields).toEqual([]);
    expect(contactFormSending(readPage('<form method="post" action="contact"></form>', '/write.html'))?.fields).toEqual([]);
    expect(contactFormSending(readPage('<form method="post" action="contact"></form>', '/contact/'))).toBeUndefined();
  });

  it('names the fields a browser sends from it, those outside it that name it included', () => {
    expect(contactFormSending(readPage(FORMS, '/contact/'))?.fields).toEqual(['name', 'message']);
    expect(contactFormSending(readPage(MARKED, '/contact/'))?.fields).toEqual(['name', 'email', 'message', 'company', 'project_url', '_gotcha']);
  });
});

describe('the page’s links, shown at /contact rather than at its own path', () => {
  const LINKS = `<!doctype html><html><head><title>x</title><link rel="stylesheet" href="../css/site.css"><link rel="icon" href="icon.svg"></head>
<body><a href="#main">Skip</a> <a href="../about/">About</a> <a href="https://elsewhere.example/x">Out</a> <a href="/blog/">Blog</a> <a href="mailto:ada@example.com">Mail</a> <a href="?page=2">Next</a>
<img src="photo.jpg" srcset="photo.jpg 1x, photo@2x.jpg 2x, /abs.jpg 3x"><svg><use href="icons.svg#mail"></use></svg>
<form method="post" action="/contact"><input name="name"><button formaction="send">Send</button></form></body></html>`;
  const html = fill(LINKS);
  const values = (name: string) => elements(html).map((element) => attr(element, name)).filter((value) => value !== undefined);

  it('are written as the paths they meant; fragments, absolute paths and other schemes stay as written', () => {
    expect(values('href')).toEqual(['/css/site.css', '/contact/icon.svg', '#main', '/about/', 'https://elsewhere.example/x', '/blog/', 'mailto:ada@example.com', '/contact/?page=2', '/contact/icons.svg#mail']);
    expect(values('src')).toEqual(['/contact/photo.jpg']);
    expect(values('srcset')).toEqual(['/contact/photo.jpg 1x, /contact/photo@2x.jpg 2x, /abs.jpg 3x']);
    expect(values('formaction')).toEqual(['/contact/send']);
  });

  it('follow the page’s <base>, which the answer drops: the service’s policy refuses one', () => {
    const based = fill(LINKS.replace('<title>x</title>', '<title>x</title><base href="/blog/">'));
    expect(elements(based).some((element) => element.tagName === 'base')).toBe(false);
    expect(elements(based).map((element) => attr(element, 'href')).filter(Boolean).slice(0, 4)).toEqual(['/css/site.css', '/blog/icon.svg', '#main', '/about/']);
  });
});

describe('the rest of what the answer needs', () => {
  it('carries the form token it was given in a hidden field of the form, and none when it has none', () => {
    const token = '1764000000000.AAAAAAAAAAAAAAAAAAAAAA';
    expect(attr(byName(fill(UNMARKED, { formToken: token }), 'form_token'), 'value')).toBe(token);
    expect(attr(byName(fill(UNMARKED, { formToken: token }), 'form_token'), 'type')).toBe('hidden');
    expect(byName(fill(UNMARKED), 'form_token')).toBeUndefined();
  });

  it('carries another contact page’s path in a hidden field of the form, escaped, and in its own field if the form has one', () => {
    const path = '/fr/contact/"><b>';
    expect(attr(byName(fill(UNMARKED, { postedFrom: path }), 'form_page'), 'value')).toBe(path);
    expect(attr(byName(fill(UNMARKED, { postedFrom: path }), 'form_page'), 'type')).toBe('hidden');
    expect(elements(fill(UNMARKED, { postedFrom: path })).some((element) => element.tagName === 'b')).toBe(false);
    expect(byName(fill(UNMARKED), 'form_page')).toBeUndefined();
    const own = UNMARKED.replace('</form>', '<input type="hidden" name="form_page" value="/old/"></form>');
    expect(elements(fill(own, { postedFrom: '/fr/contact/' })).filter((element) => attr(element, 'name') === 'form_page').map((element) => attr(element, 'value'))).toEqual(['/fr/contact/']);
  });

  it('hashes each <style> element’s text for the policy, as a browser hashes it', () => {
    const styles = ['body { color: #333 }', '\n  main { max-width: 40rem }\n'];
    const page = UNMARKED.replace('<title>', `<style>${styles[0]}</style><style>${styles[1]}</style><title>`);
    const hash = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
    expect(fillOwnerFormPage(page, refused())?.styleHashes).toEqual(styles.map(hash));
    expect(fillOwnerFormPage(UNMARKED, refused())?.styleHashes).toEqual([]);
    const many = Array.from({ length: MAX_INLINE_HASHES + 5 }, (_, n) => `p { order: ${n} }`);
    const crowded = UNMARKED.replace('<title>', `${many.map((css) => `<style>${css}</style>`).join('')}<title>`);
    expect(fillOwnerFormPage(crowded, refused())?.styleHashes).toEqual(many.slice(0, MAX_INLINE_HASHES).map(hash));
  });

  it('hashes each inline script the browser runs, as MkDocs Material’s head script, never one it loads, a data block or one in <noscript>', () => {
    const scripts = ['__md_scope = new URL(".", location)', 'import "/theme.js";', '{"imports": {}}', 'window.old = 1', 'window.older = 1'];
    const page = UNMARKED.replace(
      '<title>',
      `<script>${scripts[0]}</script><script type="module">${scripts[1]}</script><script type=" IMPORTMAP ">${scripts[2]}</script>` +
        `<script type="text/JScript">${scripts[3]}</script><script language="javascript">${scripts[4]}</script>` +
        '<script src="/bundle.js"></script><script type="application/ld+json">{"@type": "Person"}</script><script>' + scripts[0] + '</script>' +
        // Types no browser runs.
        '<script type="text/javascript; charset=utf-8">window.never = 1</script><script type="text/plain">never()</script><title>',
    ).replace('</form>', '</form><noscript><p>Without script:</p><script>window.never = 2</script></noscript>');
    const hash = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
    expect(fillOwnerFormPage(page, refused())?.scriptHashes).toEqual(scripts.map(hash));
    expect(fillOwnerFormPage(UNMARKED, refused())?.scriptHashes).toEqual([]);
  });

  it('fills in a large page, deeply nested, without running out of stack', () => {
    const deep = `${'<div>'.repeat(20_000)}${UNMARKED}${'</div>'.repeat(20_000)}`;
    expect(attr(byName(fill(deep), 'name'), 'value')).toBe('Ada');
  });
});
