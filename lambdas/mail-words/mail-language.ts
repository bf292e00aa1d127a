/**
 * The languages the owner's mails are written in (`mailLanguage`, docs/api.md §7): those
 * docs/examples has the contact page in. The functions are given the tag; only the delivery
 * worker loads the words.
 */
export const MAIL_LANGUAGES = ['en', 'de', 'es', 'fr', 'it', 'nl', 'pt-BR', 'pt-PT', 'sv'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

export const DEFAULT_MAIL_LANGUAGE: MailLanguage = 'en';

/**
 * The language a tag asks for, in any case: by its language and region where both are one of
 * ours (`pt-PT`, `PT_pt`), else by its first subtag (`fr`, `fr-CA`, `DE-de`; `pt`, `pt-AO`: Portuguese
 * as Brazil writes it, as it was the one Portuguese first), or undefined.
 */
export function mailLanguageNamed(tag: string): MailLanguage | undefined {
  const [, language, region] = /^([a-z]{2,3})(?:[-_]([a-z0-9]{1,8}))?(?:[-_][a-z0-9]{1,8})*$/i.exec(tag) ?? [];
  if (language === undefined) return undefined;
  const regional = `${language.toLowerCase()}-${(region ?? '').toUpperCase()}`;
  return MAIL_LANGUAGES.find((candidate) => candidate === regional) ?? MAIL_LANGUAGES.find((candidate) => candidate.slice(0, 2) === language.toLowerCase());
}
