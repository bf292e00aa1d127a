import { describe, expect, it } from '@jest/globals';
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { watchFormPage } from '../../../bin/local/form-page-watch.js';
import { ConfigError } from '../../../lambdas/config.js';
import { findFormPage, formPageNotes, readOtherContactPage } from '../../../lib/settings/form-page.js';
import { ownerFormPage } from '../../support/form-pages.js';
import { siteFolder } from '../../support/site-folder.js';
import { until } from '../../support/until.js';

/* npm start while the owner adds a form page to the site's folder, or edits the one it uses (bin/local/form-page-watch.ts). */

const LOOK_MS = 20;
const START_AGAIN = "Form page  /contact/ holds a form posting to /contact now: stop npm start (Ctrl-C) and start it again to use it; until then /contact is the service's own form";

/** Watches the folder's /contact/ page with start-up's own check of it, and collects what is said. */
function watching(folder: string, startUpReads = () => ({ found: findFormPage('formPage', undefined, { kind: 'folder', folder, setting: 'siteDir' }) !== undefined })) {
  const said: string[] = [];
  const watch = watchFormPage({ path: '/contact/', file: join(folder, 'contact/index.html'), used: false }, startUpReads, (line) => said.push(line), LOOK_MS);
  return { said, watch };
}

function writePage(folder: string, html: string): void {
  mkdirSync(join(folder, 'contact'), { recursive: true });
  writeFileSync(join(folder, 'contact/index.html'), html);
}

const looks = (count: number) => new Promise((resolve) => setTimeout(resolve, LOOK_MS * count));

describe('watchFormPage, without a form page at start-up', () => {
  it('says once, when a form page appears, to start again to use it', async () => {
    const folder = siteFolder({ 'css/site.css': 'body {}' });
    const { said, watch } = watching(folder);
    await looks(5);
    expect(said).toEqual([]);

    writePage(folder, ownerFormPage());
    await until(() => said.length > 0);
    writePage(folder, ownerFormPage({ title: 'Again' }));
    await looks(5);
    watch.stop();

    expect(said).toEqual([START_AGAIN]);
  });

  it('says nothing of a /contact/ page whose form posts elsewhere, or that has none', async () => {
    const folder = siteFolder();
    const { said, watch } = watching(folder);
    writePage(folder, '<p>Write to ada@example.com</p>');
    await looks(5);
    writePage(folder, ownerFormPage({ action: 'https://forms.example/ada' }));
    await looks(5);
    watch.stop();

    expect(said).toEqual([]);
  });

  it('says once what start-up would refuse in the page, then to start again once it is mended', async () => {
    const folder = siteFolder();
    const { said, watch } = watching(folder);
    writePage(folder, ownerFormPage().replace('method="post"', 'method="post" enctype="multipart/form-data"'));
    await until(() => said.length > 0);
    await looks(5);
    expect(said).toEqual([
      expect.stringMatching(/^Form page {2}\/contact\/ changed, and npm start would now stop: \/contact\/ \(found with no formPage\) is .*, whose form has enctype="multipart\/form-data", so every post would be refused \(415\).*\. Mend it, then start npm start again$/),
    ]);

    writePage(folder, ownerFormPage());
    await until(() => said.length > 1);
    watch.stop();
    expect(said[1]).toBe(START_AGAIN);
  });

  it('says nothing of a refusal that a moment mends, as when the thank-you page the form names comes just after it', async () => {
    const folder = siteFolder();
    writePage(folder, ownerFormPage());
    const answers = [() => { throw new ConfigError('its form\'s data-success-path /thanks/ is no page of siteDir'); }, () => ({ found: true })];
    const { said, watch } = watching(folder, () => answers.shift()!());
    await until(() => said.length > 0);
    watch.stop();

    expect(said).toEqual([START_AGAIN]);
  });

  it('checks no page while it is being written: its size or time changing from one look to the next', async () => {
    const folder = siteFolder();
    const file = join(folder, 'contact/index.html');
    const checked: string[] = [];
    const slowLooks = 100;
    const watch = watchFormPage({ path: '/contact/', file, used: false }, () => ({ found: checked.push(readFileSync(file, 'utf8')) === 0 }), () => {}, slowLooks);
    writePage(folder, '<p>');
    // Far faster than the looks: each look sees another size.
    for (let i = 0; i < 30; i += 1) {
      appendFileSync(file, 'more ');
      await new Promise((resolve) => setTimeout(resolve, slowLooks / 10));
    }
    expect(checked).toEqual([]);
    await until(() => checked.length > 0);
    await new Promise((resolve) => setTimeout(resolve, slowLooks * 3));
    watch.stop();

    // Once, for the whole file.
    expect(checked).toEqual([`<p>${'more '.repeat(30)}`]);
  });

  it('looks no more once stopped', async () => {
    const folder = siteFolder();
    const { said, watch } = watching(folder);
    watch.stop();
    writePage(folder, ownerFormPage());
    await looks(5);

    expect(said).toEqual([]);
  });
});

describe('watchFormPage, with the form page start-up found or was given', () => {
  /** The page at `path` of the folder, which start-up checked as it is now, watched with start-up's check. */
  function watchingUsed(folder: string, path: string, setting?: string) {
    const said: string[] = [];
    const site = { kind: 'folder', folder, setting: 'siteDir' } as const;
    const check = () => {
      const formPage = findFormPage('formPage', setting, site);
      return { found: formPage !== undefined, successPath: formPage?.successPath, notes: formPage === undefined ? '' : formPageNotes(formPage) };
    };
    expect(check().found).toBe(true);
    const file = join(folder, path.slice(1), 'index.html');
    const watch = watchFormPage({ path, file, used: true, successPath: check().successPath, notes: check().notes }, check, (line) => said.push(line), LOOK_MS);
    return { said, watch, file };
  }

  it('says nothing while the page is edited and still passes, nor of the page as start-up found it', async () => {
    const folder = siteFolder();
    writePage(folder, ownerFormPage());
    const { said, watch } = watchingUsed(folder, '/contact/');
    await looks(5);
    writePage(folder, ownerFormPage({ title: 'Write to me' }));
    await looks(8);
    watch.stop();

    expect(said).toEqual([]);
  });

  it('says once what start-up would now refuse in a page set with formPage, then that it is mended', async () => {
    const folder = siteFolder();
    const kontakt = (html: string) => {
      mkdirSync(join(folder, 'kontakt'), { recursive: true });
      writeFileSync(join(folder, 'kontakt/index.html'), html);
    };
    kontakt(ownerFormPage());
    const { said, watch } = watchingUsed(folder, '/kontakt/', '/kontakt/');
    kontakt(ownerFormPage({ action: '/contact/' }));
    await until(() => said.length > 0);
    await looks(5);
    expect(said).toEqual([
      expect.stringMatching(
        /^Form page {2}\/kontakt\/ changed, and npm start would now stop: formPage \/kontakt\/ is .*, whose form sends the inquiry to \/contact\/, which takes no form post: only \/contact does .*\. Mend it: until then its posts may fail$/,
      ),
    ]);

    kontakt(ownerFormPage());
    await until(() => said.length > 1);
    await looks(5);
    watch.stop();
    expect(said.slice(1)).toEqual(['Form page  /kontakt/ is mended: npm start would start with it again']);
  });

  it('says once when the page found at /contact/ no longer holds the form, or is gone, and when it holds it again', async () => {
    const folder = siteFolder();
    writePage(folder, ownerFormPage());
    const { said, watch, file } = watchingUsed(folder, '/contact/');
    writePage(folder, '<p>Write to ada@example.com</p>');
    await until(() => said.length > 0);
    writePage(folder, '<p>Write to me at ada@example.com</p>');
    await looks(5);
    writePage(folder, ownerFormPage());
    await until(() => said.length > 1);
    rmSync(file);
    await until(() => said.length > 2);
    watch.stop();

    expect(said).toEqual([
      "Form page  /contact/ changed, and holds no form posting to /contact now: a refused post gets the service's own form",
      'Form page  /contact/ is mended: npm start would start with it again',
      "Form page  /contact/ is gone: a refused post gets the service's own form",
    ]);
  });

  it('says once when the form names another thank-you page, which a post without JavaScript reaches only after a restart, and when it names the one in use again', async () => {
    const folder = siteFolder({ 'thanks/index.html': '<p>Thanks', 'merci/index.html': '<p>Merci' });
    writePage(folder, ownerFormPage({ successPath: '/thanks/' }));
    const { said, watch } = watchingUsed(folder, '/contact/');
    writePage(folder, ownerFormPage({ successPath: '/merci/' }));
    await until(() => said.length > 0);
    writePage(folder, ownerFormPage({ successPath: '/merci/', title: 'Écrivez-moi' }));
    await looks(5);
    writePage(folder, ownerFormPage({ successPath: '/thanks/' }));
    await until(() => said.length > 1);
    watch.stop();

    expect(said).toEqual([
      'Form page  /contact/ now sends a delivered post to /merci/: one without JavaScript still lands on /thanks/, as start-up read it, until you stop npm start (Ctrl-C) and start it again',
      'Form page  /contact/ names /thanks/ again, as npm start read it',
    ]);
  });

  it.each([
    [
      'when the form names no thank-you page any more: the script thanks in place, a post without JavaScript lands where it did',
      '/thanks/',
      undefined,
      'Form page  /contact/ now names no thank-you page: with JavaScript the page thanks the visitor itself, and one without JavaScript still lands on /thanks/, as start-up read it, until you stop npm start (Ctrl-C) and start it again',
    ],
    [
      "when a form without a thank-you page at start-up names one: until a restart, a post without JavaScript gets the service's",
      undefined,
      '/thanks/',
      'Form page  /contact/ now sends a delivered post to /thanks/: one without JavaScript still lands on /contact/sent, as start-up read it, until you stop npm start (Ctrl-C) and start it again',
    ],
  ])('says so %s', async (_title, before, after, line) => {
    const folder = siteFolder({ 'thanks/index.html': '<p>Thanks' });
    writePage(folder, ownerFormPage(before === undefined ? {} : { successPath: before }));
    const { said, watch } = watchingUsed(folder, '/contact/');
    writePage(folder, ownerFormPage(after === undefined ? {} : { successPath: after }));
    await until(() => said.length > 0);
    await looks(5);
    watch.stop();

    expect(said).toEqual([line]);
  });

  it('says what an edit makes the page lack, as its Form page line would, and when it lacks nothing again', async () => {
    const folder = siteFolder({ 'css/site.css': 'body {}' });
    writePage(folder, ownerFormPage());
    const { said, watch } = watchingUsed(folder, '/contact/');
    writePage(folder, ownerFormPage().replace(/<div hidden[^\n]*<\/div>/, ''));
    await until(() => said.length > 0);
    writePage(folder, ownerFormPage().replace(/<div hidden[^\n]*<\/div>/, '').replace('<title>', '<title>Again '));
    await looks(5);
    writePage(folder, ownerFormPage());
    await until(() => said.length > 1);
    watch.stop();

    expect(said).toEqual([
      "Form page  /contact/ changed: its form has no _gotcha field, the spam trap (the example's, in a <div hidden>), so robots that fill in every field are not refused (the other spam rules still hold)",
      'Form page  /contact/ lacks nothing now',
    ]);
  });

  it('says the page lacks nothing once a file it loads appears after it, as a rebuild writes the page before its style sheet', async () => {
    const folder = siteFolder({ 'css/site.css': 'body {}' });
    writePage(folder, ownerFormPage());
    const { said, watch } = watchingUsed(folder, '/contact/');
    rmSync(join(folder, 'css/site.css'));
    writePage(folder, ownerFormPage({ title: 'Rebuilt' }));
    await until(() => said.length > 0);
    writeFileSync(join(folder, 'css/site.css'), 'body {}');
    await until(() => said.length > 1);
    watch.stop();

    expect(said).toEqual([
      "Form page  /contact/ changed: it loads /css/site.css, which the site has no file for: copy it in, or change the page's links",
      'Form page  /contact/ lacks nothing now',
    ]);
  });

  it('says nothing of a page gone for a few looks, as a generator empties its folder while it builds, and says it once it stays gone', async () => {
    const folder = siteFolder();
    writePage(folder, ownerFormPage());
    const file = join(folder, 'contact/index.html');
    const said: string[] = [];
    const startUpReads = () => {
      if (!existsSync(file)) throw new ConfigError('formPage /contact/ is no page of siteDir');
      return { found: true };
    };
    const watch = watchFormPage({ path: '/contact/', file, used: true }, startUpReads, (line) => said.push(line), LOOK_MS);
    rmSync(file);
    await looks(6);
    writePage(folder, ownerFormPage());
    await looks(6);
    expect(said).toEqual([]);
    rmSync(file);
    await until(() => said.length > 0);
    watch.stop();
    expect(said).toEqual(['Form page  /contact/ changed, and npm start would now stop: formPage /contact/ is no page of siteDir. Mend it: until then its posts may fail']);

    // The page start-up found at /contact/ is no setting: gone, start-up would go on without it, which is said as late.
    const found = siteFolder();
    writePage(found, ownerFormPage());
    const { said: foundSaid, watch: foundWatch, file: foundFile } = watchingUsed(found, '/contact/');
    rmSync(foundFile);
    await looks(6);
    writePage(found, ownerFormPage());
    await looks(6);
    expect(foundSaid).toEqual([]);
    foundWatch.stop();
  });

  it('says the page is mended when it comes back as it was, its size and time unchanged (a folder moved away and back)', async () => {
    const folder = siteFolder();
    writePage(folder, ownerFormPage());
    const file = join(folder, 'contact/index.html');
    let away = false;
    const said: string[] = [];
    const startUpReads = () => {
      if (away) throw new ConfigError('siteDir must be a folder of the site');
      return { found: true };
    };
    const watch = watchFormPage({ path: '/contact/', file, used: true }, startUpReads, (line) => said.push(line), LOOK_MS);
    renameSync(file, `${file}.away`);
    away = true;
    await until(() => said.length > 0);
    renameSync(`${file}.away`, file);
    away = false;
    await until(() => said.length > 1);
    watch.stop();

    expect(said).toEqual([
      'Form page  /contact/ changed, and npm start would now stop: siteDir must be a folder of the site. Mend it: until then its posts may fail',
      'Form page  /contact/ is mended: npm start would start with it again',
    ]);
  });
});

describe('watchFormPage, for another contact page (docs/api.md §9)', () => {
  it('says under Other form what start-up would refuse in it, what it lacks, and when it holds no form, as of the form page', async () => {
    const folder = siteFolder({ 'contact/index.html': ownerFormPage(), 'thanks/index.html': 'Thanks', 'css/site.css': 'body {}' });
    const english = (html: string) => {
      mkdirSync(join(folder, 'en/contact'), { recursive: true });
      writeFileSync(join(folder, 'en/contact/index.html'), html);
    };
    english(ownerFormPage());
    const site = { folder, setting: 'siteDir' };
    const file = join(folder, 'en/contact/index.html');
    const check = () => {
      const now = readOtherContactPage(site, '/en/contact/', file);
      return { found: now !== undefined, successPath: now?.successPath ?? '/thanks/', notes: now === undefined ? '' : formPageNotes(now) };
    };
    const said: string[] = [];
    const watch = watchFormPage({ other: true, path: '/en/contact/', file, used: true, successPath: '/thanks/', notes: '' }, check, (line) => said.push(line), LOOK_MS);

    english(ownerFormPage({ action: '/contact/' }));
    await until(() => said.length > 0);
    english(ownerFormPage().replace(/<div hidden[^\n]*\n/, ''));
    await until(() => said.length > 2);
    english('<p>Write to me at ada@example.com</p>');
    await until(() => said.length > 3);
    watch.stop();

    expect(said).toEqual([
      expect.stringMatching(/^Other form \/en\/contact\/ changed, and npm start would now stop: \/en\/contact\/ is .*, whose form sends the inquiry to \/contact\/, which takes no form post: .*\. Mend it: until then its posts may fail$/),
      'Other form /en/contact/ is mended: npm start would start with it again',
      expect.stringMatching(/^Other form \/en\/contact\/ changed: its form has no _gotcha field, the spam trap /),
      'Other form /en/contact/ changed, and holds no form posting to /contact now',
    ]);
  });
});
