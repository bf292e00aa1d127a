import { describe, expect, it } from '@jest/globals';
import { UNKNOWN_CONTENT_TYPE, UPLOAD_PYTHON, uploadContentType } from '../../../../lib/pages/upload-content-type.js';
import { siteFolder } from '../../../support/site-folder.js';
import { MINIMAL_CONTEXT, resourcesOfType, synthesizeSite } from '../site-app.js';

/*
 * The Content-Type a file of the site gets (docs/api.md §10), as the deploy's upload sets it:
 * Python 3.13's mimetypes guess from the file's name, as `aws s3 sync` makes it, and S3's
 * binary/octet-stream when Python has none. npm run publish and local mode use the same.
 */

describe('the type of a file, as the deploy uploads it', () => {
  it.each<[string, string]>([
    ['index.html', 'text/html'],
    ['old/page.htm', 'text/html'],
    ['css/site.css', 'text/css'],
    ['js/app.js', 'text/javascript'],
    ['js/module.mjs', 'text/javascript'],
    ['data/feed.json', 'application/json'],
    ['site.webmanifest', 'application/manifest+json'],
    ['feed.xml', 'text/xml'],
    ['.well-known/security.txt', 'text/plain'],
    ['notes.md', 'text/markdown'],
    ['table.csv', 'text/csv'],
    ['captions.vtt', 'text/vtt'],
    ['images/logo.svg', 'image/svg+xml'],
    ['images/photo.png', 'image/png'],
    ['images/photo.jpg', 'image/jpeg'],
    ['images/photo.jpeg', 'image/jpeg'],
    ['images/anim.gif', 'image/gif'],
    ['images/photo.webp', 'image/webp'],
    ['images/photo.avif', 'image/avif'],
    ['favicon.ico', 'image/vnd.microsoft.icon'],
    ['cv.pdf', 'application/pdf'],
    ['video/talk.mp4', 'video/mp4'],
    ['video/talk.webm', 'video/webm'],
    ['audio/episode.mp3', 'audio/mpeg'],
    ['app.wasm', 'application/wasm'],
    ['archive.zip', 'application/zip'],
  ])('%s is %s', (key, type) => {
    expect(uploadContentType(key)).toBe(type);
  });

  it.each([['fonts/site.woff2'], ['fonts/site.woff'], ['fonts/site.ttf'], ['fonts/site.otf'], ['js/app.js.map'], ['feed.rss'], ['feed.atom'], ['data.jsonld'], ['config.yaml'], ['CNAME'], ['blog/feed'], ['release.v2/notes']])(
    '%s, which Python 3.13 names no type for, is what S3 stores for an upload without one',
    (key) => {
      expect(uploadContentType(key)).toBe(UNKNOWN_CONTENT_TYPE);
    },
  );

  it.each<[string, string, string]>([
    ['INDEX.HTML', 'text/html', 'an extension in capitals'],
    ['sitemap.xml.gz', 'text/xml', 'a compressed file: the type of what it holds, never the encoding'],
    ['drawing.svgz', 'image/svg+xml', 'a suffix that stands for two'],
    ['backup.tar.gz', 'application/x-tar', 'a compressed archive'],
    ['backup.gz', UNKNOWN_CONTENT_TYPE, 'a compressed file with nothing inside named'],
    ['page.html.GZ', UNKNOWN_CONTENT_TYPE, 'an encoding in capitals, which Python takes for no encoding'],
    ['a..html', 'text/html', 'dots before the extension'],
    ['dir/..html', UNKNOWN_CONTENT_TYPE, 'a name of dots and an extension, which Python reads as having none'],
  ])('%s is %s (%s)', (key, type) => {
    expect(uploadContentType(key)).toBe(type);
  });

  it('is the table of the Python the upload runs on: a synthesized upload function on another fails here', () => {
    const site = synthesizeSite({ ...MINIMAL_CONTEXT, siteDir: siteFolder() });
    const uploaders = Object.values(resourcesOfType(site.template, 'AWS::Lambda::Function')).filter((fn) => String(fn.Properties.Runtime).startsWith('python'));
    expect(uploaders.map((fn) => fn.Properties.Runtime)).toEqual([UPLOAD_PYTHON]);
  });
});
