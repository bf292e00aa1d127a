/**
 * `npm run redeliver -- <id>...`, `-- --held`, `-- --failed`, `-- --unknown`: sends inquiries on
 * purpose (docs/api.md §14, §15): a held one at once on its own, a failed or unknown one again, a
 * sent one once more only with `--again`. Each is put back to pending, due now, with a fresh retry
 * period; the worker sends it within seconds. Options to find the inbox as for `npm run inbox`; a
 * failure is one line on stderr that says what to check, and exit status 1. Exit status 1 too when
 * an inquiry it was asked for was not queued (not in the inbox, sent already, refused), its line
 * saying why.
 */
import { parseArgs } from 'node:util';
import type { InquiryState } from '../lambdas/inbox/inquiry-record.js';
import { terminalText } from '../lambdas/inbox/visitor-text.js';
import { INBOX_OPTIONS, INBOX_OPTIONS_HELP, InboxCommandError, inboxFailure, inboxTarget, ownerCommandLine, type InboxOptions } from './inbox/inbox-table.js';
import { terminalMinute } from './terminal-time.js';
import { OwnerInbox, type Redelivery } from './inbox/owner-inbox.js';
import { ownOptionKeptByNpm } from './npm-kept-options.js';

let options: InboxOptions | undefined;
try {
  const redeliverOptions = {
    ...INBOX_OPTIONS,
    held: { type: 'boolean', default: false },
    failed: { type: 'boolean', default: false },
    unknown: { type: 'boolean', default: false },
    again: { type: 'boolean', default: false },
  } as const;
  // Before anything is sent: `npm run redeliver --endpoint URL <id>` would take the URL for an id and ask AWS.
  // No arguments for the line: which of them is the option's value npm handed on, and which the ids, nothing tells.
  const kept = ownOptionKeptByNpm('redeliver', redeliverOptions, process.env, []);
  if (kept !== undefined) throw new InboxCommandError(kept);
  const { values, positionals } = parseArgs({ options: redeliverOptions, allowPositionals: true });
  options = values;
  if (values.help) {
    console.log(
      [
        'Usage: npm run redeliver -- <id>... | --held | --failed | --unknown [--again] [options]',
        'Sends inquiries on purpose (docs/api.md §14, §15): a held one at once, on its own; a failed or unknown one again.',
        '  --held           every held inquiry',
        '  --failed         every failed inquiry',
        '  --unknown        every inquiry whose send may or may not have happened',
        '  --again          also send once more those that were sent already (alone or in a digest)',
        ...INBOX_OPTIONS_HELP,
      ].join('\n'),
    );
    process.exit(0);
  }
  const states = (['held', 'failed', 'unknown'] as const satisfies readonly InquiryState[]).filter((state) => values[state]);
  if (positionals.length === 0 && states.length === 0) {
    throw new InboxCommandError('name the inquiries to send: their ids, or --held, --failed or --unknown');
  }
  const { client, tableName } = await inboxTarget(values);
  const inbox = new OwnerInbox(client, tableName);
  const records = await inbox.list();
  const missing = positionals.filter((id) => !records.some((record) => record.id === id));
  const chosen = records.filter((record) => positionals.includes(record.id) || (states as readonly InquiryState[]).includes(record.state));
  for (const id of missing) console.log(terminalText(`${id}  not in the inbox`));
  let queued = 0;
  for (const record of chosen) {
    const redelivery = await inbox.redeliver(record, { again: values.again });
    if (redelivery.kind === 'queued') queued += 1;
    console.log(terminalText(`${record.id}  ${outcome(redelivery, values)}`));
  }
  if (chosen.length === 0 && missing.length === 0) console.log('Nothing to send again.');
  client.destroy();
  // Each line says why; the status tells a script that something asked for is not on its way.
  if (missing.length > 0 || queued < chosen.length) process.exitCode = 1;
} catch (error) {
  console.error(`Cannot send again: ${terminalText(inboxFailure(error, options))}`);
  process.exit(1);
}

/** What became of one inquiry, as its line says it. */
function outcome(redelivery: Redelivery, target: InboxOptions): string {
  switch (redelivery.kind) {
    case 'queued':
      return `${redelivery.from} -> pending: sent within seconds`;
    case 'already_sent': {
      const when = redelivery.sentAt === undefined ? '' : ` ${terminalMinute(redelivery.sentAt)}`;
      const how = redelivery.sentIn === 'digest' ? ' in the digest' : '';
      return `not sent: it was sent${when}${how} already; to send it once more: ${ownerCommandLine('redeliver', target, '--again', redelivery.id)}`;
    }
    case 'refused':
      return `not sent: ${redelivery.reason}`;
  }
}
