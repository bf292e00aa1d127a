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

/**
 * Request paths that are no folder of any site, whose redirect to themselves with a slash (the
 * front door's for a folder) would send a browser to another host, with why. Most end in a segment
 * without a dot, which the front door would otherwise take for a folder.
 */
export const OFF_SITE_FOLDER_PATHS: ReadonlyArray<readonly [path: string, why: string]> = [
  ['//evil.example/x', 'a scheme-relative URL'],
  ['//evil%2Eexample', 'a scheme-relative URL, the host’s dot encoded'],
  ['//2130706433', 'a scheme-relative URL to 127.0.0.1 written without a dot'],
  ['/\\evil.example/x', 'a backslash, which browsers read as a slash'],
  ['/\\\\evil%2Eexample', 'two backslashes'],
  ['/\\/evil.example/x', 'a backslash, then a slash'],
  ['/%2F%2Fevil.example', 'encoded slashes'],
  ['/%2F%2Fevil%2Eexample', 'encoded slashes and dot'],
  ['/%2f%2fevil.example/x', 'encoded slashes, lower case'],
  ['/%2Fevil.example/x', 'one encoded slash after the first'],
  ['/%5Cevil%2Eexample', 'an encoded backslash'],
  ['/%5c%5cevil.example/x', 'encoded backslashes, lower case'],
  ['/about//evil.example/x', 'two slashes further on'],
  ['/about/%2F%2Fevil.example/x', 'encoded slashes further on'],
  ['/about\\evil', 'a backslash further on'],
];
