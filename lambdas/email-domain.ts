/**
 * An address's domain: what follows its last `@`, case kept (SES's identities and DNS names compare
 * without it, so callers that compare lower-case it). For addresses the settings' or the schema's
 * pattern accepted, which hold one `@`.
 */
export function emailDomain(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1);
}
