/**
 * The paths of the human contact form (docs/api.md §9). Root-relative on purpose: the page, its
 * assets and the API it posts to share one origin, which is what the page's `'self'` CSP allows.
 * lambdas/routes.ts lists the same paths.
 */
export const PAGE_PATHS = {
  form: '/contact',
  sent: '/contact/sent',
  script: '/contact/form.js',
  style: '/contact/form.css',
  icon: '/contact/icon.svg',
  api: '/api/contact',
} as const;

/** The owner's form page the service's form's path shows, rather than lead to it (docs/api.md §10): a flat site's, which its mails name by that path. */
export const FLAT_FORM_PAGE = `${PAGE_PATHS.form}.html`;
