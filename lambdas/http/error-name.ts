/**
 * The name of an error (an AWS error code such as `ProvisionedThroughputExceededException`), never
 * its message; for a socket's error, whose name is only `Error`, its code (`ECONNREFUSED`).
 */
export function errorName(error: unknown): string {
  if (!(error instanceof Error)) return 'UnknownError';
  const code = (error as { code?: unknown }).code;
  return error.name === 'Error' && typeof code === 'string' && /^E[A-Z]+$/.test(code) ? code : error.name;
}
