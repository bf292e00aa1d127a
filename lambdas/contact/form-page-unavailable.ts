/**
 * The owner's form page could not be had for a refused post. Its message names only the owner's
 * page and what went wrong (never a word of the visitor's), so that the log line may say it.
 */
export class FormPageUnavailable extends Error {
  override readonly name = 'FormPageUnavailable';
}

/** Why the form page was unavailable, or undefined for another error. By name: the contact function's lazy modules are bundled apart, each with a copy of the class. */
export function unavailableReason(error: unknown): string | undefined {
  return error instanceof Error && error.name === 'FormPageUnavailable' ? error.message : undefined;
}
