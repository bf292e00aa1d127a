import { readFileSync, renameSync, writeFileSync } from 'node:fs';

/** Rewrites a checked-in generated file when its code changed; true when it did. */
export function refreshGeneratedFile(file: string, code: string): boolean {
  if (readFileSync(file, { encoding: 'utf8', flag: 'a+' }) === code) return false;
  // Renamed into place: a bundle or a test reading it meanwhile sees the old file or the new one.
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, code);
  renameSync(temporary, file);
  return true;
}
