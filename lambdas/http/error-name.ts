/** The name of an error (an AWS error code such as `ProvisionedThroughputExceededException`), never its message. */
export function errorName(error: unknown): string {
  return error instanceof Error ? error.name : 'UnknownError';
}
