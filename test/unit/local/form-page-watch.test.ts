import { describe, expect, it } from '@jest/globals';
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { watchForFormPage } from '../../../bin/local/form-page-watch.js';
import { ConfigError } from '../../../lambdas/config.js';
import { findFormPage } from '../../../lib/settings/form-page.js';
import { ownerFormPage } from '../../support/form-pages.js';
import { siteFolder } from '../../support/site-folder.js';
import { until } from '../../support/until.js';

/* npm start without a form page, while the owner adds one to the site's folder (bin/local/form-page-watch.ts). */

const LOOK_MS = 20;
const START_AGAIN = "Form page  /contact/ holds a form posting to /contact now: stop npm start (Ctrl-C) and start it again to use it; until then /contact is the service's own form";

/** Watches the folder's /contact/ page with start-up's own check of it, and collects what is said. */
function watching(folder: string, startUpFinds = () => findFormPage('formPage', undefined, { kind: 'folder', folder, setting: 'siteDir' }) !== undefined) {
  const said: string[] = [];
  const watch = watchForFormPage(join(folder, 'contact/index.html'), startUpFinds, (line) => said.push(line), LOOK_MS);
  return { said, watch };
}

function writePage(folder: string, html: string): void {
  mkdirSync(join(folder, 'contact'), { recursive: true });
  writeFileSync(join(folder, 'contact/index.html'), html);
}

const looks = (count: number) => new Promise((resolve) => setTimeout(resolve, LOOK_MS * count));

describe('watchForFormPage', () => {
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
    const answers = [() => { throw new ConfigError('its form\'s data-success-path /thanks/ is no page of siteDir'); }, () => true];
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
    const watch = watchForFormPage(file, () => checked.push(readFileSync(file, 'utf8')) === 0, () => {}, slowLooks);
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
