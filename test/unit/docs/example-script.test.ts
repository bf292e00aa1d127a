import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { ERROR_FOR_ATTRIBUTE, ERROR_TEXT_ATTRIBUTE, OWNER_NOTICE_ATTRIBUTES, STATUS_ERROR_CLASS, TITLE_PREFIX_ATTRIBUTE } from '../../../lambdas/html/owner-markup.js';
import { readPage } from '../../../lambdas/html/page-tree.js';
import { NOTICES, SENT } from '../../../lambdas/inquiry/form-messages.js';

/*
 * docs/examples/contact-form.js is the owner's to copy, so it cannot import the service's words: it
 * holds them as text, and this test keeps the two alike, so that a visitor reads the same sentence,
 * marked the same way, whether the page's script or the service (no script) answers.
 */
const SCRIPT = readFileSync(new URL('../../../docs/examples/contact-form.js', import.meta.url), 'utf8');
const PAGE = readFileSync(new URL('../../../docs/examples/contact-form.html', import.meta.url), 'utf8');

/** The sentences the script shows: its string literals that hold a space and end as a sentence does. */
const SHOWN = [...SCRIPT.matchAll(/'([A-Z][^'\n]* [^'\n]*[.…])'/g)].map(([, sentence]) => sentence);

describe('the example form script', () => {
  it('says what the service says without script, and nothing of its own', () => {
    const service = [NOTICES.sending, NOTICES.invalid, NOTICES.unavailable, NOTICES.failed, NOTICES.rateLimited.ip, NOTICES.rateLimited.email, `${SENT.heading}. ${SENT.text}`];
    expect(new Set(SHOWN)).toEqual(new Set(service));
  });

  it('reads the owner’s words from the attributes the service reads them from, a post from another site’s page aside (no script sends one)', () => {
    /** An attribute's name as `dataset` has it: `data-notice-rate-limited` is `noticeRateLimited`. */
    const inDataset = (name: string) => name.replace(/^data-/, '').replace(/-([a-z])/g, (_dash, letter: string) => letter.toUpperCase());
    const { crossSite: _noScriptOnly, ...read } = OWNER_NOTICE_ATTRIBUTES;
    const names = [...Object.values(read), ERROR_TEXT_ATTRIBUTE].map(inDataset);
    expect(names.filter((name) => !SCRIPT.includes(`dataset.${name}`))).toEqual([]);
    expect([...SCRIPT.matchAll(/dataset\.(notice\w+|errorText)/g)].map(([, name]) => name).filter((name) => !names.includes(name!))).toEqual([]);
  });

  it('marks an error with the class the service puts on the status line without script, so that one rule of the owner’s CSS styles both', () => {
    expect([...SCRIPT.matchAll(/classList\.toggle\('([^']+)'/g)].map(([, name]) => name)).toEqual([STATUS_ERROR_CLASS]);
  });
});

describe('the example form page', () => {
  it('carries every attribute that words a sentence in the owner’s words, each empty, so that an owner finds them all in place', () => {
    const { all } = readPage(PAGE, '/contact/');
    const form = all.find((element) => element.tagName === 'form');
    const formAttributes = Object.fromEntries(form?.attrs.map(({ name, value }) => [name, value]) ?? []);
    for (const name of [TITLE_PREFIX_ATTRIBUTE, ...Object.values(OWNER_NOTICE_ATTRIBUTES)]) expect({ name, value: formAttributes[name] }).toEqual({ name, value: '' });
    const boxes = all.filter((element) => element.attrs.some(({ name }) => name === ERROR_FOR_ATTRIBUTE));
    expect(boxes.length).toBeGreaterThan(0);
    for (const box of boxes) expect(box.attrs.find(({ name }) => name === ERROR_TEXT_ATTRIBUTE)?.value).toBe('');
  });
});
