/*
 * Values of a setting that names a path of the site (FORM_SUCCESS_PATH, PAGE_STYLESHEET and their
 * context keys, docs/api.md §7): what must be refused wherever it is read, since a browser would
 * leave the site for it, and what must pass.
 */

/** Each with why a browser, or a server that decodes first, would take it to another origin or refuse it. */
export const OPEN_REDIRECT_ATTEMPTS: ReadonlyArray<readonly [value: string, why: string]> = [
  ['//evil.example', 'a scheme-relative URL: another host'],
  ['//evil.example/thanks/', 'a scheme-relative URL with a path'],
  ['/\\evil.example', 'a backslash is a slash in http(s) URLs: //evil.example'],
  ['/\\/evil.example', 'backslash then slash: another host'],
  ['\\\\evil.example', 'two backslashes: another host'],
  ['https://evil.example', 'an absolute URL'],
  ['http://evil.example/thanks/', 'an absolute URL with a path'],
  ['javascript:alert(1)', 'a script URL'],
  ['evil.example/thanks/', 'a relative path, which depends on the page'],
  ['thanks/', 'a relative path'],
  ['/%2F%2Fevil.example', 'encoded slashes: //evil.example once decoded'],
  ['/%2f/evil.example', 'an encoded slash, lower case'],
  ['/%5Cevil.example', 'an encoded backslash'],
  ['/\t/evil.example', 'browsers drop a tab from a URL: //evil.example'],
  ['/\n/evil.example', 'browsers drop a line break from a URL: //evil.example'],
  ['/ /evil.example', 'a space'],
  ['/thanks//evil', 'two slashes in the path'],
  ['/thanks/\u0000', 'a NUL'],
  ['/%', 'a percent sign that escapes nothing'],
  ['/%zz', 'a malformed escape'],
  ['/café/', 'a character a URL must escape'],
  [`/${'a'.repeat(2048)}`, 'longer than any link needs'],
];

export const SITE_PATHS: readonly string[] = ['/', '/thanks/', '/thanks', '/css/site.css', '/css/site.css?v=2', '/thanks/#top', '/caf%C3%A9/', '/contact/sent'];
