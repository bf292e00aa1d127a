import { sentEmails, type LocalServer, type StoredEmail } from './local-server.js';

/** One inquiry as a digest holds it (docs/api.md §15): its id, why it was held, and all of its section. */
export interface DigestSection {
  readonly id: string;
  /** The `Held: …` line, without `Held: `. */
  readonly held: string;
  readonly text: string;
}

export interface Digest {
  readonly subject: string;
  /** How many held inquiries the subject says it carries (a digest of several mails: this mail). */
  readonly count: number;
  readonly sections: readonly DigestSection[];
}

/** The owner's mailbox read as the owner reads it: inquiries mailed one by one, and digests of held ones. */
export interface OwnerMail {
  /** The inquiry id each single mail names, in the order they came. */
  readonly alone: readonly string[];
  readonly digests: readonly Digest[];
}

const DIGEST_SUBJECT = /^Digest: (\d+)(?: of \d+)? held inquir(?:y|ies), \d{4}-\d\d-\d\d$/;
const INQUIRY_ID = /^Inquiry id: (\S+)$/m;

/** Sorts the mailbox into single mails and digests; a mail that is neither, or a digest that does not add up, throws. */
export function readOwnerMail(emails: readonly StoredEmail[]): OwnerMail {
  const alone: string[] = [];
  const digests: Digest[] = [];
  for (const email of emails) {
    const text = email.body.text ?? '';
    const digest = DIGEST_SUBJECT.exec(email.subject);
    if (digest === null) {
      const id = INQUIRY_ID.exec(text)?.[1];
      if (!email.subject.startsWith('Project inquiry from ') || id === undefined) throw new Error(`not an inquiry's mail: ${email.subject}`);
      alone.push(id);
      continue;
    }
    const count = Number(digest[1]);
    const parts = text.split(/^=== \d+ of \d+ ===$/m).slice(1);
    const sections = parts.map((part) => {
      const id = INQUIRY_ID.exec(part)?.[1];
      const held = /^Held: (.*)$/m.exec(part)?.[1];
      if (id === undefined || held === undefined) throw new Error(`a digest section without its id or reasons:\n${part}`);
      return { id, held, text: part };
    });
    if (sections.length !== count) throw new Error(`"${email.subject}" holds ${sections.length} sections`);
    digests.push({ subject: email.subject, count, sections });
  }
  return { alone, digests };
}

/** Every inquiry id the digests carry, once for each time it is carried. */
export function digestedIds(mail: OwnerMail): string[] {
  return mail.digests.flatMap((digest) => digest.sections.map((section) => section.id));
}

/** The owner's mailbox once `done` says it holds what a test waits for, or as it is after `timeoutMs`. */
export async function ownerMailWhen(server: Pick<LocalServer, 'mailUrl'>, done: (mail: OwnerMail) => boolean, timeoutMs: number): Promise<OwnerMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = readOwnerMail(await sentEmails(server));
    if (done(mail) || Date.now() > deadline) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Whether every one of `ids` reached the owner, alone or in a digest. */
export function reachedAll(mail: OwnerMail, ids: readonly string[]): boolean {
  const reached = new Set([...mail.alone, ...digestedIds(mail)]);
  return ids.every((id) => reached.has(id));
}

/**
 * A text of printable ASCII, tabs and line breaks as the owner's mail quotes it (docs/api.md §2):
 * each line marked `> ` (an empty one `>`), its tabs as spaces to the next multiple of 8, and cut
 * into pieces of at most 76 characters after the last space that fits.
 */
export function quoted(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .flatMap((line) => {
      let rest = '';
      for (const character of line) rest += character === '\t' ? ' '.repeat(8 - (rest.length % 8)) : character;
      const pieces: string[] = [];
      while (rest.length > 76) {
        const space = rest.lastIndexOf(' ', 75);
        const cut = space > 0 ? space + 1 : 76;
        pieces.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      return [...pieces, rest];
    })
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
}
