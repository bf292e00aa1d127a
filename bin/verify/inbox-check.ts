import type { InquiryRecord } from '../../lambdas/inbox/inquiry-record.js';
import { deliveryErrorWords } from '../inbox/delivery-error.js';
import type { OwnerInbox } from '../inbox/owner-inbox.js';
import { fail, ok, warn, type CheckResult } from './check.js';

export type InboxReader = Pick<OwnerInbox, 'list'>;

/**
 * The inbox as `npm run inbox` reads it (docs/api.md §14): an inquiry `failed` or `unknown` needs
 * the owner; one `pending` with an error is being retried, which the owner may be able to cut short.
 */
export async function inboxCheck(inbox: InboxReader): Promise<CheckResult> {
  const name = 'inbox';
  const records = await inbox.list();
  const inState = (state: InquiryRecord['state']) => records.filter((record) => record.state === state);
  const needYou = [...inState('failed'), ...inState('unknown')];
  if (needYou.length > 0) {
    return fail(
      name,
      `${needYou.length} inquir${needYou.length === 1 ? 'y needs' : 'ies need'} you: ${needYou.map((record) => `${record.id} ${record.state}${record.lastError === undefined ? '' : ` (${deliveryErrorWords(record.lastError)})`}`).join(', ')}`,
      'npm run inbox shows why; fix what the error names, then npm run redeliver -- <id>; for an unknown one, look in your mailbox first (README "The inbox")',
    );
  }
  const retrying = inState('pending').filter((record) => record.lastError !== undefined);
  if (retrying.length > 0) {
    const errors = [...new Set(retrying.map((record) => deliveryErrorWords(record.lastError!)))].join(', ');
    return warn(name, `${retrying.length} pending, retried after ${errors}`, 'SES refused them so far: the SES lines above say why; the worker tries again for three days');
  }
  const counts = new Map<string, number>();
  for (const record of records) counts.set(record.state, (counts.get(record.state) ?? 0) + 1);
  return ok(name, records.length === 0 ? 'empty' : `${records.length} inquir${records.length === 1 ? 'y' : 'ies'}: ${[...counts].map(([state, count]) => `${count} ${state}`).join(', ')}`);
}
