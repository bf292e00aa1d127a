import type { Inquiry } from './schema.js';

/**
 * An accepted inquiry as the service stores and mails it (docs/api.md §2): every line
 * break of the message a line feed. A browser posts a textarea's breaks as CRLF, and a lone CR,
 * which a terminal or a mail program may take as a return to the start of the line, would let
 * the visitor's text overwrite what the owner reads. The message is the only field whose rules
 * let a CR through; the schema judges the text as sent, so this changes no verdict.
 */
export function withLineFeeds(inquiry: Inquiry): Inquiry {
  return { ...inquiry, message: inquiry.message.replace(/\r\n?/g, '\n') };
}
