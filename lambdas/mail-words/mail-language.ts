/**
 * The languages the owner's mails are written in (`mailLanguage`, docs/api.md §7): those
 * docs/examples has the contact page in. The functions are given the tag; only the delivery
 * worker loads the words.
 */
export const MAIL_LANGUAGES = ['en', 'de', 'es', 'fr', 'it', 'nl', 'pt-BR', 'sv'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

export const DEFAULT_MAIL_LANGUAGE: MailLanguage = 'en';

/**
 * The language a tag asks for, by its first subtag and in any case (`fr`, `fr-CA`, `DE-de`, `pt`,
 * `pt-PT`: each language is written one way, Portuguese as Brazil writes it), or undefined.
 */
export function mailLanguageNamed(tag: string): MailLanguage | undefined {
  const language = /^([a-z]{2,3})(?:[-_][a-z0-9]{1,8})*$/i.exec(tag)?.[1]?.toLowerCase();
  return MAIL_LANGUAGES.find((candidate) => candidate.slice(0, 2) === language);
}
