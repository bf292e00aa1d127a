/**
 * `npm run inbox`: the inquiries the stack keeps (docs/api.md §14), newest first, with their state
 * and why; `--text` adds what each visitor wrote. With the owner's AWS credentials, in the stack's
 * region (`--region` or AWS_REGION); `--endpoint` reads local mode's instead. A failure is one line
 * on stderr that says what to check, and exit status 1.
 */
import { parseArgs } from 'node:util';
import { terminalText } from '../lambdas/inbox/visitor-text.js';
import { INBOX_OPTIONS, INBOX_OPTIONS_HELP, InboxCommandError, inboxFailure, inboxTarget, ownerCommandLine, type InboxOptions } from './inbox/inbox-table.js';
import { inboxListing } from './inbox/inbox-listing.js';
import { terminalTimeZone } from './terminal-time.js';
import { OwnerInbox } from './inbox/owner-inbox.js';
import { ownOptionKeptByNpm } from './npm-kept-options.js';

let options: InboxOptions | undefined;
try {
  const inboxOptions = { ...INBOX_OPTIONS, text: { type: 'boolean', default: false }, limit: { type: 'string', default: '20' } } as const;
  const kept = ownOptionKeptByNpm('inbox', inboxOptions, process.env, process.argv.slice(2));
  if (kept !== undefined) throw new InboxCommandError(kept);
  const { values } = parseArgs({ options: inboxOptions });
  options = values;
  if (values.help) {
    console.log(
      [
        'Usage: npm run inbox -- [--text] [--limit N] [options]',
        'Lists the inquiries the stack keeps, newest first, with their state and why (docs/api.md §14, §15).',
        '  --text           add what each visitor wrote',
        '  --limit N        the N newest (default 20)',
        ...INBOX_OPTIONS_HELP,
      ].join('\n'),
    );
    process.exit(0);
  }
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1) throw new InboxCommandError(`--limit must be a whole number from 1, got ${JSON.stringify(values.limit)}`);
  const { client, tableName } = await inboxTarget(values);
  const records = await new OwnerInbox(client, tableName).list();
  const listing = inboxListing(records.slice(0, limit), {
    text: values.text,
    redeliverCommand: (id) => ownerCommandLine('redeliver', values, id),
    timeZone: terminalTimeZone(),
  });
  console.log(listing.map(terminalText).join('\n'));
  if (records.length > limit) console.log(`(the ${limit} newest of ${records.length}: --limit ${records.length} shows all)`);
  client.destroy();
} catch (error) {
  console.error(`Cannot read the inbox: ${terminalText(inboxFailure(error, options))}`);
  process.exit(1);
}
