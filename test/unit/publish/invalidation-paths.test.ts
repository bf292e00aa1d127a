import { describe, expect, it } from '@jest/globals';
import { EVERYTHING, invalidationPaths, MAX_LISTED_PATHS } from '../../../bin/publish/invalidation-paths.js';

/*
 * The edge cache's paths for the keys a publish changed (docs/api.md §10): the key's own path and a
 * folder's with its slash, percent-encoded as CloudFront's invalidation rules ask ("URL-encode
 * non-ASCII and unsafe characters, and no other"), a path whose cache name is uncertain cut to a
 * wildcard, and everything past MAX_LISTED_PATHS.
 */

describe('the paths of a publish’s invalidation', () => {
  it.each<[string, string[]]>([
    ['index.html', ['/', '/index.html']],
    ['blog/post/index.html', ['/blog/post/', '/blog/post/index.html']],
    ['css/site.css', ['/css/site.css']],
    ['blog/index.html.bak', ['/blog/index.html.bak']],
    ['CNAME', ['/CNAME']],
    ['a b.html', ['/a%20b.html']],
    ['café/index.html', ['/caf%C3%A9/', '/caf%C3%A9/index.html']],
    ['🎉.png', ['/%F0%9F%8E%89.png']],
    ['what?.html', ['/what%3F.html']],
    ['c#.html', ['/c%23.html']],
    ['100%.html', ['/100%25.html']],
    ['"quoted" <b> {c} `d`.txt', ['/%22quoted%22%20%3Cb%3E%20%7Bc%7D%20%60d%60.txt']],
    ['tab\there.txt', ['/tab%09here.txt']],
    ["a+b=c&d;e,f:g@h!i$j'k(l)m.txt", ["/a+b=c&d;e,f:g@h!i$j'k(l)m.txt"]],
    ['~ada/index.html', [EVERYTHING]],
    ['notes/a~b.txt', ['/notes/a*']],
    ['star*.txt', ['/star*']],
    ['pipe|caret^[x].txt', ['/pipe*']],
  ])('for %j is %j', (key, paths) => {
    expect(invalidationPaths([key])).toEqual(paths);
  });

  it('lists each path once', () => {
    expect(invalidationPaths(['notes/a~b.txt', 'notes/a~c.txt', 'css/site.css', 'css/site.css'])).toEqual(['/notes/a*', '/css/site.css']);
  });

  it(`lists at most ${MAX_LISTED_PATHS} paths, else invalidates everything with one`, () => {
    const keys = Array.from({ length: MAX_LISTED_PATHS }, (_, index) => `page-${index}.html`);
    expect(invalidationPaths(keys)).toHaveLength(MAX_LISTED_PATHS);
    expect(invalidationPaths([...keys, 'one-more.html'])).toEqual([EVERYTHING]);
    expect(invalidationPaths(['index.html', ...keys.slice(1)])).toEqual([EVERYTHING]);
  });

  it('has none for no change', () => {
    expect(invalidationPaths([])).toEqual([]);
  });
});
