import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { ERROR_TEXT_ATTRIBUTE, OWNER_NOTICE_ATTRIBUTES, STATUS_ERROR_CLASS } from '../../../lambdas/html/owner-markup.js';
import { NOTICES, SENT } from '../../../lambdas/inquiry/form-messages.js';

/*
 * docs/examples/contact-form.js is the owner's to copy, so it cannot import the service's words: it
 * holds them as text, and this test keeps the two alike, so that a visitor reads the same sentence,
 * marked the same way, whether the page's script or the service (no script) answers.
 */
const SCRIPT = readFileSync(new URL('../../../docs/examples/contact-form.js', import.meta.url), 'utf8');

/** The sentences the script shows: its string literals that hold a space and end as a sentence does. */
const SHOWN = [...SCRIPT.matchAll(/'([A-Z][^'\n]* [^'\n]*[.…])'/g)].map(([, sentence]) => sentence);

describe('the example form script', () => {
  it('says what the service says without script, and nothing of its own', () => {
    const service = [NOTICES.sending, NOTICES.invalid, NOTICES.unavailable, NOTICES.failed, `${SENT.heading}. ${SENT.text}`];
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
