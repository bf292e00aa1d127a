import { describe, expect, it } from '@jest/globals';
import { keptSitePages, SITE_PAGE_FAILURE_KEPT_MS, SITE_PAGE_KEPT_MS } from '../../../lambdas/contact/kept-site-page.js';
import type { SitePage } from '../../../lambdas/contact/site-page-fetch.js';

/* A warm contact function keeps the existing site's form page it fetched (docs/api.md §9). */

function site(answers: (() => Promise<SitePage>)[]) {
  let now = 1_000_000;
  const asked: string[] = [];
  const pages = keptSitePages(
    (origin, path) => {
      asked.push(`${origin}${path}`);
      const answer = answers.shift();
      if (answer === undefined) throw new Error('asked once too often');
      return answer();
    },
    () => now,
  );
  return { pages, asked, pass: (ms: number) => (now += ms) };
}

const PAGE: SitePage = { path: '/contact/', bytes: new Uint8Array([60]) };
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('keptSitePages', () => {
  it('keeps a page a minute, then asks the site again', async () => {
    const { pages, asked, pass } = site([async () => PAGE, async () => ({ ...PAGE, path: '/contact/?v=2' })]);
    await expect(pages('https://you.github.io', '/contact/')).resolves.toBe(PAGE);
    await settled();
    pass(SITE_PAGE_KEPT_MS - 1);
    await expect(pages('https://you.github.io', '/contact/')).resolves.toBe(PAGE);
    pass(1);
    await expect(pages('https://you.github.io', '/contact/')).resolves.toMatchObject({ path: '/contact/?v=2' });
    expect(asked).toHaveLength(2);
  });

  it('keeps a failure a quarter as long', async () => {
    const { pages, asked, pass } = site([async () => Promise.reject(new Error('answered 404')), async () => PAGE]);
    await expect(pages('https://you.github.io', '/contact/')).rejects.toThrow('answered 404');
    await settled();
    pass(SITE_PAGE_FAILURE_KEPT_MS - 1);
    await expect(pages('https://you.github.io', '/contact/')).rejects.toThrow('answered 404');
    pass(1);
    await expect(pages('https://you.github.io', '/contact/')).resolves.toBe(PAGE);
    expect(asked).toHaveLength(2);
  });

  it('shares one fetch under way, however long it takes, and keeps each page apart', async () => {
    let answer: (page: SitePage) => void = () => undefined;
    const { pages, asked, pass } = site([() => new Promise((resolve) => (answer = resolve)), async () => PAGE]);
    const first = pages('https://you.github.io', '/contact/');
    pass(SITE_PAGE_KEPT_MS * 10);
    const second = pages('https://you.github.io', '/contact/');
    answer(PAGE);
    await expect(Promise.all([first, second])).resolves.toEqual([PAGE, PAGE]);
    await expect(pages('https://you.github.io', '/kontakt/')).resolves.toBe(PAGE);
    expect(asked).toEqual(['https://you.github.io/contact/', 'https://you.github.io/kontakt/']);
  });
});
