import { describe, expect, it } from '@jest/globals';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { watchForFormPage } from '../../../bin/local/form-page-watch.js';
import { ownerFormPage } from '../../support/form-pages.js';
import { siteFolder } from '../../support/site-folder.js';

/* npm start without a form page, while the owner adds one to the site's folder (bin/local/form-page-watch.ts). */

const LOOK_MS = 20;

/** Watches `folder` and collects what is said; `settle` waits long enough for several looks. */
function watching(folder: string) {
  const said: string[] = [];
  const watch = watchForFormPage({ folder, setting: 'siteDir' }, (line) => said.push(line), LOOK_MS);
  const settle = () => new Promise((resolve) => setTimeout(resolve, LOOK_MS * 10));
  return { said, watch, settle };
}

function addPage(folder: string, html: string): void {
  mkdirSync(join(folder, 'contact'), { recursive: true });
  writeFileSync(join(folder, 'contact/index.html'), html);
}

describe('watchForFormPage', () => {
  it('says once, when a form page appears, to start again to use it', async () => {
    const folder = siteFolder({ 'css/site.css': 'body {}' });
    const { said, watch, settle } = watching(folder);
    await settle();
    expect(said).toEqual([]);

    addPage(folder, ownerFormPage());
    await settle();
    addPage(folder, ownerFormPage({ title: 'Again' }));
    await settle();
    watch.stop();

    expect(said).toEqual([
      "Form page  /contact/ holds a form posting to /contact now: stop npm start (Ctrl-C) and start it again to use it; until then /contact is the service's own form",
    ]);
  });

  it('says nothing of a /contact/ page whose form posts elsewhere, or that has none', async () => {
    const folder = siteFolder();
    const { said, watch, settle } = watching(folder);
    addPage(folder, '<p>Write to ada@example.com</p>');
    await settle();
    addPage(folder, ownerFormPage({ action: 'https://forms.example/ada' }));
    await settle();
    watch.stop();

    expect(said).toEqual([]);
  });

  it('says what start-up would refuse in a page that appears', async () => {
    const folder = siteFolder();
    const { said, watch, settle } = watching(folder);
    addPage(folder, ownerFormPage().replace('method="post"', 'method="post" enctype="multipart/form-data"'));
    await settle();
    watch.stop();

    expect(said).toEqual([
      expect.stringMatching(/^Form page {2}\/contact\/ holds a form posting to \/contact now, which start-up would refuse \(\/contact\/ \(found with no FORM_PAGE\) is .*, whose form has enctype="multipart\/form-data", so every post would be refused \(415\).*\): stop npm start/),
    ]);
  });

  it('looks no more once stopped', async () => {
    const folder = siteFolder();
    const { said, watch, settle } = watching(folder);
    watch.stop();
    addPage(folder, ownerFormPage());
    await settle();

    expect(said).toEqual([]);
  });
});
