/**
 * Whether a run would delete most of the site, which it does only when told to (`--yes`): more
 * than half of the bucket's objects. A half-built siteDir (one `index.html`) would otherwise take
 * every other page off the live site without a question.
 */
export function deletesMostOfTheSite(deletions: number, objects: number): boolean {
  return deletions * 2 > objects;
}

/** What the run would delete, as the line that stops it says. */
export function mostOfTheSite(deletions: number, objects: number): string {
  return `it would delete ${deletions} of the bucket's ${objects} files (listed above), more than half of the site`;
}
