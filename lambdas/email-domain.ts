/**
 * An address's domain: what follows its last `@`, case kept, for the caller to compare as it needs.
 * For addresses the settings' or the schema's pattern accepted, which hold one `@`.
 */
export function emailDomain(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1);
}
