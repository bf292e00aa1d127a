import type { MailLanguage } from './mail-language.js';
import type { MailWords } from './mail-words.js';
import { GERMAN } from './de.js';
import { ENGLISH } from './en.js';
import { SPANISH } from './es.js';
import { FRENCH } from './fr.js';
import { ITALIAN } from './it.js';
import { DUTCH } from './nl.js';
import { BRAZILIAN_PORTUGUESE } from './pt-BR.js';
import { EUROPEAN_PORTUGUESE } from './pt-PT.js';
import { SWEDISH } from './sv.js';

/**
 * Each language's words: the delivery worker bundles them all (18 KB minified) and writes in its
 * `mailLanguage`. Not loaded apart: the worker answers no visitor, and their strings parse in well
 * under a millisecond of its cold start.
 */
export const MAIL_WORDS: Readonly<Record<MailLanguage, MailWords>> = {
  en: ENGLISH,
  de: GERMAN,
  es: SPANISH,
  fr: FRENCH,
  it: ITALIAN,
  nl: DUTCH,
  'pt-BR': BRAZILIAN_PORTUGUESE,
  'pt-PT': EUROPEAN_PORTUGUESE,
  sv: SWEDISH,
};
