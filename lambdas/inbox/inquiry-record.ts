import type { ExtraFieldValue } from '../inquiry/extra-fields.js';
import type { Inquiry } from '../inquiry/schema.js';
import { toHeldReasons, type HeldReason } from './held-reasons.js';

/**
 * An accepted inquiry as the inquiry table keeps it (docs/api.md §14): stored by the contact
 * function before it answers 202, then moved through its states by the delivery worker with
 * conditional writes, so that a repeated event, a crashed worker or two workers at once never send
 * it twice. The stack, local mode and `npm run inbox` create and read the table with these names.
 */
export type InquiryState =
  /** Waiting for its first send, or for a retry at `dueAt`. */
  | 'pending'
  /** Suspected spam (docs/api.md §15): waiting for the daily digest, or for the owner to release it. */
  | 'held'
  /** A worker claimed it and is sending it (alone, or in a digest); `dueAt` is when that claim runs out. */
  | 'sending'
  /** SES took it. */
  | 'sent'
  /** SES refused it for sure until the retry period ended, or alone in a digest: the owner is alarmed. */
  | 'failed'
  /** SES may have taken it or not: never resent by itself, the owner is alarmed. */
  | 'unknown';

/** The stack output naming the table: `npm run inbox` finds the table by it. */
export const INQUIRY_TABLE_OUTPUT = 'InquiryTableName';

/** The table's partition key: `inquiry#<id>` for an inquiry; the idempotency records share the table. */
export const INBOX_PARTITION_KEY = 'pk';
/** Epoch seconds after which DynamoDB may delete the item: the table's TTL attribute. */
export const INBOX_TTL_ATTRIBUTE = 'expiresAt';

/**
 * The sparse index of what waits for the worker: an item is in it while it has a `queue` (the
 * state it waits in) and a `dueAt` (epoch seconds), so the scheduled sweep reads only the due few.
 */
export const QUEUE_INDEX = {
  name: 'queue',
  partitionKey: 'queue',
  sortKey: 'dueAt',
  /** What the sweep needs of each to claim it, or to end its claim, besides the key. */
  projected: ['attempts', 'attemptId'],
} as const;
export type QueueName = Extract<InquiryState, 'pending' | 'held' | 'sending'>;

/** What the table's stream hands the worker: only an item that became, or stays, pending. */
export const PENDING_STREAM_FILTER = { dynamodb: { NewImage: { state: { S: ['pending'] } } } } as const;

export const inquiryKey = (id: string): string => `inquiry#${id}`;

/** The fields of a stored inquiry, as the visitor sent them: erased once delivered when retention is 0. */
export type InquiryText = Pick<Inquiry, 'name' | 'email' | 'message' | 'company' | 'project_url' | 'extra'>;

/** One inquiry item, as the worker and the owner's commands read it. */
export interface InquiryRecord {
  readonly id: string;
  /** The request that stored it: its id is in the log line. */
  readonly requestId: string;
  readonly receivedAt: string;
  readonly state: InquiryState;
  readonly attempts: number;
  /** Epoch seconds the retry period counts from: its arrival, or its last redelivery. */
  readonly retryFrom: number;
  readonly dueAt?: number;
  readonly attemptId?: string;
  readonly lastError?: string;
  readonly lastAttemptAt?: string;
  readonly sentAt?: string;
  /** Why it was held (docs/api.md §15); kept after it is sent, for the owner's inbox. */
  readonly heldFor?: readonly HeldReason[];
  /** Sent again by the owner (`npm run redeliver`): no spam signal holds it back any more. */
  readonly released?: boolean;
  /** `digest` when it reached the owner in the daily digest of held inquiries. */
  readonly sentIn?: 'digest';
  /** `digest` when it failed there: SES refused it in a mail of its own (docs/api.md §15). */
  readonly failedIn?: 'digest';
  /** The address of the owner's contact page it was sent from, when its post named one (docs/api.md §2). */
  readonly sentFrom?: string;
  /** Absent once erased (retention 0, or after the retention period by TTL). */
  readonly text?: InquiryText;
}

/** The text of an inquiry as stored: only its fields, `""` optional ones left out, the owner's with their labels. */
export function inquiryText(inquiry: Inquiry): InquiryText {
  const optional = (value: string | undefined) => (value === undefined || value === '' ? undefined : value);
  const company = optional(inquiry.company);
  const projectUrl = optional(inquiry.project_url);
  return {
    name: inquiry.name,
    email: inquiry.email,
    message: inquiry.message,
    ...(company === undefined ? {} : { company }),
    ...(projectUrl === undefined ? {} : { project_url: projectUrl }),
    ...(inquiry.extra === undefined || inquiry.extra.length === 0 ? {} : { extra: inquiry.extra.map(({ name, label, value }) => ({ name, label, value })) }),
  };
}

/** An item of the table, as lib-dynamodb's document client reads it, as an inquiry record. */
export function toInquiryRecord(item: Readonly<Record<string, unknown>>): InquiryRecord {
  const optionalString = (name: string) => (typeof item[name] === 'string' ? { [name]: item[name] as string } : {});
  return {
    id: String(item.id),
    requestId: String(item.requestId),
    receivedAt: String(item.receivedAt),
    state: item.state as InquiryState,
    attempts: Number(item.attempts ?? 0),
    retryFrom: Number(item.retryFrom ?? 0),
    ...(typeof item.dueAt === 'number' ? { dueAt: item.dueAt } : {}),
    ...optionalString('attemptId'),
    ...optionalString('lastError'),
    ...optionalString('lastAttemptAt'),
    ...optionalString('sentAt'),
    ...(item.heldFor === undefined ? {} : { heldFor: toHeldReasons(item.heldFor) }),
    ...(item.released === true ? { released: true } : {}),
    ...(item.sentIn === 'digest' ? { sentIn: 'digest' as const } : {}),
    ...(item.failedIn === 'digest' ? { failedIn: 'digest' as const } : {}),
    ...optionalString('sentFrom'),
    ...(typeof item.text === 'object' && item.text !== null ? { text: storedText(item.text as Readonly<Record<string, unknown>>) } : {}),
  };
}

/** A stored text as lib-dynamodb reads it: the owner's fields only where each is a label and a value. */
function storedText(text: Readonly<Record<string, unknown>>): InquiryText {
  const { extra, ...fields } = text;
  const values = Array.isArray(extra)
    ? extra.filter((item): item is ExtraFieldValue => typeof item?.name === 'string' && typeof item?.label === 'string' && typeof item?.value === 'string')
    : [];
  return { ...(fields as unknown as InquiryText), ...(values.length === 0 ? {} : { extra: values }) };
}
