/**
 * `npm run forget -- <address>...`: the inquiries one visitor sent, found by their e-mail address
 * as the rate limits know one (without case or `+tag`), and with `--yes` erased from the inquiry table, text and all (docs/api.md §14): what an owner
 * does when a visitor asks to be forgotten. Without `--yes` it only lists them. One on its way to
 * the owner is left, its line saying to run the command again once it is sent; the status is then
 * 1. Options to find the inbox as for `npm run inbox`; a failure is one line on stderr that says
 * what to check, and exit status 1.
 */
import { parseArgs } from 'node:util';
import { terminalText } from '../lambdas/inbox/visitor-text.js';
import { emailIdentity } from '../lambdas/intake/client-keys.js';
import { INBOX_OPTIONS, INBOX_OPTIONS_HELP, InboxCommandError, inboxFailure, inboxTarget, ownerCommandLine, type InboxOptions } from './inbox/inbox-table.js';
import { terminalMinute } from './terminal-time.js';
import { OwnerInbox } from './inbox/owner-inbox.js';
import { ownOptionKeptByNpm } from './npm-kept-options.js';

let options: InboxOptions | undefined;
try {
  const forgetOptions = { ...INBOX_OPTIONS, yes: { type: 'boolean', default: false } } as const;
  // No arguments for the line: which of them is the option's value npm handed on, and which the addresses, nothing tells.
  const kept = ownOptionKeptByNpm('forget', forgetOptions, process.env, []);
  if (kept !== undefined) throw new InboxCommandError(kept);
  const { values, positionals } = parseArgs({ options: forgetOptions, allowPositionals: true });
  options = values;
  if (values.help) {
    console.log(
      [
        'Usage: npm run forget -- <address>... [--yes] [options]',
        'Lists the inquiries sent from these e-mail addresses, and with --yes erases them from the inbox (docs/api.md §14).',
        '  --yes            erase them; without it, nothing is erased',
        ...INBOX_OPTIONS_HELP,
      ].join('\n'),
    );
    process.exit(0);
  }
  if (positionals.length === 0) throw new InboxCommandError('name the e-mail addresses whose inquiries to erase, as npm run inbox -- --text shows them');
  const notAddress = positionals.find((address) => !/.@./.test(address));
  if (notAddress !== undefined) throw new InboxCommandError(`${JSON.stringify(notAddress)} is no e-mail address: name the visitor's, as npm run inbox -- --text shows it`);
  // One correspondent as the rate limits count one: without case or `+tag` (lucia+web@ is lucia@).
  const addresses = new Set(positionals.map((address) => emailIdentity(address.trim())));
  const { client, tableName } = await inboxTarget(values);
  const inbox = new OwnerInbox(client, tableName);
  // An inquiry whose text was erased holds no address: nothing of the visitor is left in it to find.
  const sent = (await inbox.list()).filter((record) => typeof record.text?.email === 'string' && addresses.has(emailIdentity(record.text.email.trim())));
  const from = positionals.join(', ');
  if (sent.length === 0) {
    console.log(terminalText(`No inquiry from ${from} in the inbox.`));
  } else if (!values.yes) {
    for (const record of sent) console.log(terminalText(`${record.id}  ${terminalMinute(record.receivedAt)}  ${record.state}  ${record.text?.email}`));
    console.log(terminalText(`${sent.length === 1 ? '1 inquiry' : `${sent.length} inquiries`} from ${from}; to erase ${sent.length === 1 ? 'it' : 'them'}: ${ownerCommandLine('forget', values, '--yes', ...positionals)}`));
  } else {
    let erased = 0;
    for (const record of sent) {
      const erasure = await inbox.erase(record);
      if (erasure.kind === 'erased') erased += 1;
      console.log(terminalText(`${record.id}  ${record.text?.email}  ${erasure.kind === 'erased' ? 'erased' : `not erased: ${erasure.reason}`}`));
    }
    console.log(
      `Erased ${erased} of ${sent.length}. The mails that brought them are yours to delete; what stays a while beyond this command (the table's stream, the rate counters) is in docs/privacy.md.`,
    );
    if (erased < sent.length) process.exitCode = 1;
  }
  client.destroy();
} catch (error) {
  console.error(`Cannot forget: ${terminalText(inboxFailure(error, options))}`);
  process.exit(1);
}
