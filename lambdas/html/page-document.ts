import { escapeHtml } from './escape-html.js';
import { PAGE_PATHS } from './page-paths.js';

/** One HTML page of the service's: its title, what its `<main>` holds, and what it links. */
export interface PageParts {
  readonly title: string;
  /** The `<main>`'s content: markup the service wrote, every value of anyone else's escaped. */
  readonly main: string;
  /** Markup above the card: the form's link back to the owner's site. */
  readonly header?: string;
  /** The owner's style sheet (a path of the site), linked after the pages' own (docs/api.md §9). */
  readonly stylesheet?: string;
  readonly withScript: boolean;
}

/** A whole page in the form's style: its style sheet and icon, a card in the middle. */
export function pageDocument({ title, main, header, stylesheet, withScript }: PageParts): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${PAGE_PATHS.style}">
${stylesheet === undefined ? '' : `<link rel="stylesheet" href="${escapeHtml(stylesheet)}">\n`}<link rel="icon" href="${PAGE_PATHS.icon}" type="image/svg+xml">
${withScript ? `<script src="${PAGE_PATHS.script}" defer></script>\n` : ''}</head>
<body>
${header === undefined ? '' : `${header}\n`}<main class="card">${main}
</main>
</body>
</html>
`;
}
