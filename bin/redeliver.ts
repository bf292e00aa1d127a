/**
 * `npm run redeliver -- <id>...`, `-- --held`, `-- --failed`, `-- --unknown`: sends inquiries on
 * purpose (docs/api.md §14, §15): a held one at once on its own, a failed, unknown or sent one
 * again. Each is put back to pending, due now, with a fresh retry period; the worker sends it
 * within seconds. Options to find the inbox as for `npm run inbox`.
 */
import { parseArgs } from 'node:util';
import type { InquiryState } from '../lambdas/inbox/inquiry-record.js';
import { INBOX_OPTIONS, INBOX_OPTIONS_HELP, InboxCommandError, inboxTarget } from './inbox/inbox-table.js';
import { OwnerInbox } from './inbox/owner-inbox.js';

try {
  const { values, positionals } = parseArgs({
    options: {
      ...INBOX_OPTIONS,
      held: { type: 'boolean', default: false },
      failed: { type: 'boolean', default: false },
      unknown: { type: 'boolean', default: false },
    },
    allowPositionals: true,
  });
  if (values.help) {
    console.log(
      [
        'Usage: npm run redeliver -- <id>... | --held | --failed | --unknown [options]',
        'Sends inquiries on purpose (docs/api.md §14, §15): a held one at once, on its own; a failed, unknown or sent one again.',
        '  --held           every held inquiry',
        '  --failed         every failed inquiry',
        '  --unknown        every inquiry whose send may or may not have happened',
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
  for (const id of missing) console.log(`${id}  not in the inbox`);
  for (const record of chosen) {
    const redelivery = await inbox.redeliver(record);
    console.log(redelivery.kind === 'queued' ? `${record.id}  ${redelivery.from} -> pending: sent within seconds` : `${record.id}  not sent: ${redelivery.reason}`);
  }
  if (chosen.length === 0 && missing.length === 0) console.log('Nothing to send again.');
  client.destroy();
  if (missing.length > 0) process.exitCode = 1;
} catch (error) {
  if (!(error instanceof InboxCommandError || (error instanceof TypeError && 'code' in error))) throw error;
  console.error(`Cannot send again: ${error.message}`);
  process.exit(1);
}
