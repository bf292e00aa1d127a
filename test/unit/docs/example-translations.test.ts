import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  ERROR_FOR_ATTRIBUTE,
  ERROR_TEXT_ATTRIBUTE,
  OWNER_NOTICE_ATTRIBUTES,
  SUCCESS_PATH_ATTRIBUTE,
  TITLE_PREFIX_ATTRIBUTE,
  type OwnerNotice,
} from '../../../lambdas/html/owner-markup.js';
import { fillOwnerFormPage } from '../../../lambdas/html/owner-form-page.js';
import { attribute, readPage, type Element } from '../../../lambdas/html/page-tree.js';
import { FIELD_MESSAGES, NOTICES } from '../../../lambdas/inquiry/form-messages.js';
import { EXAMPLE_LANGUAGES, findFormPage, formPageLine } from '../../../lib/settings/form-page.js';

/*
 * docs/examples/contact-form.<language>.html: the example page with every sentence a visitor may
 * read worded in another language, for an owner who copies one rather than writing them (docs/api.md
 * §9). Each must stay the English page in all but its words, pass the checks synth and npm start
 * make of a form page, and be what the service answers in.
 */

const EXAMPLES = fileURLToPath(new URL('../../../docs/examples/', import.meta.url));
const read = (file: string) => readFileSync(`${EXAMPLES}${file}`, 'utf8');
const TRANSLATED = readdirSync(EXAMPLES)
  .map((file) => /^contact-form\.([a-zA-Z-]+)\.html$/.exec(file)?.[1])
  .filter((language): language is string => language !== undefined);

/** What differs between the languages: the words the owner's markup gives the service and the script, and those for agents. */
const WORDING = new Set([
  TITLE_PREFIX_ATTRIBUTE,
  ...Object.values(OWNER_NOTICE_ATTRIBUTES),
  ERROR_TEXT_ATTRIBUTE,
  SUCCESS_PATH_ATTRIBUTE,
  'tooldescription',
  'toolparamdescription',
  'lang',
]);

/** A page's elements with their attributes, the wording ones' values left out: what must stay as in English. */
function shape(html: string): string[] {
  return readPage(html, '/').all.map(
    (element) => `<${element.tagName}${element.attrs.map(({ name, value }) => (WORDING.has(name) ? ` ${name}` : ` ${name}="${value}"`)).join('')}>`,
  );
}

const formOf = (html: string): Element => {
  const form = readPage(html, '/').all.find((element) => element.tagName === 'form');
  if (form === undefined) throw new Error('no form');
  return form;
};
const wordingOf = (html: string): Record<string, string | undefined> => {
  const form = formOf(html);
  const boxes = readPage(html, '/').all.filter((element) => attribute(element, ERROR_FOR_ATTRIBUTE) !== undefined);
  return {
    ...Object.fromEntries([TITLE_PREFIX_ATTRIBUTE, ...Object.values(OWNER_NOTICE_ATTRIBUTES)].map((name) => [name, attribute(form, name)])),
    ...Object.fromEntries(boxes.map((box) => [`${ERROR_TEXT_ATTRIBUTE} for ${attribute(box, ERROR_FOR_ATTRIBUTE)}`, attribute(box, ERROR_TEXT_ATTRIBUTE)])),
  };
};
const textOf = (element: Element | undefined): string =>
  (element?.childNodes ?? []).map((node) => ('value' in node ? node.value : 'childNodes' in node ? textOf(node as Element) : '')).join('');

const ENGLISH = read('contact-form.html');

describe('the example form page in other languages', () => {
  it('comes in the languages README names, each as its file or its file’s language tag, which the Form page line knows', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    expect([...TRANSLATED].sort()).toEqual([...EXAMPLE_LANGUAGES].sort());
    expect(TRANSLATED.filter((language) => !readme.includes(`\`contact-form.${language}.html\``) && !readme.includes(`\`.${language}\``))).toEqual([]);
  });

  describe.each(TRANSLATED)('contact-form.%s.html', (language) => {
    const file = `contact-form.${language}.html`;
    const page = read(file);
    const words = wordingOf(page);

    it('is the English page in all but its words', () => {
      expect(shape(page)).toEqual(shape(ENGLISH));
      expect(Object.keys(words)).toEqual(Object.keys(wordingOf(ENGLISH)));
      expect(attribute(readPage(page, '/').all[0], 'lang')).toBe(language);
    });

    it('words every sentence a visitor may read, the minutes to wait among them', () => {
      expect(Object.entries(words).filter(([, value]) => value === undefined || value.trim() === '')).toEqual([]);
      expect(words[OWNER_NOTICE_ATTRIBUTES.rateLimited]).toContain('{minutes}');
    });

    it('passes the checks synth and npm start make of a form page, its thank-you page a page in its language that search engines leave out', () => {
      const formPage = findFormPage('formPage', `/${file}`, { kind: 'folder', folder: EXAMPLES, setting: 'siteDir' });
      expect(formPage?.missingSubresources).toEqual([]);
      expect(formPageLine(formPage!, 'formPage')).toBe(`/${file}  ${EXAMPLES}${file}  (formPage)`);
      expect(formPage?.successPath).toMatch(/^\/[a-z]+\/$/);
      const thanks = read(`${formPage?.successPath?.slice(1)}index.html`);
      expect(shape(thanks)).toEqual(shape(read('thanks/index.html')));
      expect(attribute(readPage(thanks, '/').all[0], 'lang')).toBe(language);
    });

    it.each<[string, OwnerNotice, string]>([
      ['a form to correct', { kind: 'invalid' }, OWNER_NOTICE_ATTRIBUTES.invalid],
      ['a limit reached', { kind: 'rateLimited', minutes: 17 }, OWNER_NOTICE_ATTRIBUTES.rateLimited],
      ['a store that failed', { kind: 'unavailable' }, OWNER_NOTICE_ATTRIBUTES.unavailable],
      ['a post from another site', { kind: 'crossSite' }, OWNER_NOTICE_ATTRIBUTES.crossSite],
    ])('is what the service answers %s in, in its words and none of the service’s', (_case, notice, noticeAttribute) => {
      const fieldErrors = notice.kind === 'invalid' ? [{ field: 'email', message: FIELD_MESSAGES.email!.invalid_email! }] : [];
      const filled = fillOwnerFormPage(page, { pagePath: '/contact/', values: { email: 'ada@example' }, fieldErrors, summary: NOTICES.unavailable, notice });
      const { all } = readPage(filled?.html ?? '', '/contact/');
      const status = all.find((element) => attribute(element, 'data-status') !== undefined);
      expect(textOf(status)).toBe(words[noticeAttribute]?.replaceAll('{minutes}', '17'));
      const title = textOf(all.find((element) => element.tagName === 'title'));
      expect({ title, prefixed: title.startsWith(words[TITLE_PREFIX_ATTRIBUTE]!) }).toEqual({ title, prefixed: true });
      if (notice.kind === 'invalid') {
        expect(textOf(all.find((element) => attribute(element, ERROR_FOR_ATTRIBUTE) === 'email'))).toBe(words[`${ERROR_TEXT_ATTRIBUTE} for email`]);
      }
    });
  });
});
