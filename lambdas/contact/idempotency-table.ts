/**
 * The `Idempotency-Key` table as Powertools' DynamoDB persistence layer reads it (its default
 * attribute names): the stack and local mode create it from these.
 */
export const IDEMPOTENCY_PARTITION_KEY = 'id';
/** Epoch seconds after which a remembered answer is forgotten: the table's TTL attribute. */
export const IDEMPOTENCY_TTL_ATTRIBUTE = 'expiration';
