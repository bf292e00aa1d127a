import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describeWithChromium, keepScreenshot, launchChromium, watchPage, type PageWatch } from '../support/browser.js';
import { startLocalServer, type LocalServer } from '../support/local-server.js';

const describeInChromium = describeWithChromium();

/** Swagger UI as its npm package ships it: the viewer people most often import a document into. */
const SWAGGER_UI = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/swagger-ui-bundle.js'));

/** The page a person would host to show a document: Swagger UI, pointed at the service's `{base}/openapi.json`. */
function viewerPage(documentUrl: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>API viewer</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/swagger-ui.css"></head>
<body>
<div id="ui"></div>
<script src="/swagger-ui-bundle.js"></script>
<script>
  SwaggerUIBundle({ url: ${JSON.stringify(documentUrl)}, dom_id: '#ui', docExpansion: 'full', validatorUrl: null });
</script>
</body>
</html>`;
}

/** A static server on its own loopback origin: the document crosses origins, as it does for any viewer. */
async function startViewer(documentUrl: string): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const name = new URL(request.url ?? '/', 'http://viewer').pathname.slice(1);
    if (name === '') {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(viewerPage(documentUrl));
      return;
    }
    if (!/^swagger-ui(?:-bundle\.js|\.css)$/.test(name)) {
      response.writeHead(404).end();
      return;
    }
    readFile(join(SWAGGER_UI, name)).then(
      (file) => response.writeHead(200, { 'Content-Type': name.endsWith('.css') ? 'text/css' : 'text/javascript' }).end(file),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

describeInChromium('the OpenAPI document in Swagger UI (swagger-ui-dist), in Chromium', () => {
  let api: LocalServer;
  let viewer: { server: Server; url: string };
  let browser: Browser;
  let page: Page;
  let watch: PageWatch;

  beforeAll(async () => {
    api = await startLocalServer({ SITE_NAME: 'Ada’s workshop' });
    viewer = await startViewer(`${api.baseUrl}/openapi.json`);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    watch = watchPage(page);
    await page.goto(viewer.url);
    await page.locator('.opblock-post').waitFor();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => viewer?.server.close(resolve));
    await api?.stop();
  });

  it('shows the title, and no error of the viewer or the page', async () => {
    await expect(page.locator('.info .title').innerText()).resolves.toContain('Ada’s workshop: public HTTP APIs on this site');
    await expect(page.locator('.errors-wrapper').allInnerTexts()).resolves.toEqual([]);
    expect(watch.errors).toEqual([]);
  });

  it('shows POST and GET /api/contact, the Idempotency-Key header and the request example', async () => {
    const post = page.locator('.opblock-post');
    await expect(post.locator('.opblock-summary-path').innerText()).resolves.toBe('/api/contact');
    await expect(page.locator('.opblock-get .opblock-summary-path').innerText()).resolves.toBe('/api/contact');
    await expect(post.locator('.parameters').innerText()).resolves.toContain('Idempotency-Key');
    await expect(post.locator('.opblock-section-request-body').innerText()).resolves.toContain('Ada Lovelace');
  });

  it('lists every answer of POST /api/contact', async () => {
    const statuses = await page.locator('.opblock-post .responses-table > tbody > tr.response > td.response-col_status').allInnerTexts();

    expect(statuses.map((status) => status.trim().split(/\s/)[0])).toEqual(['202', '400', '409', '413', '415', '422', '429', '500', '503']);
    await keepScreenshot(page, 'openapi-swagger-ui');
  });

  it('loaded nothing but the viewer and the document', () => {
    const origins = new Set(watch.requests.map((request) => new URL(request.split(' ')[1] ?? '').origin));
    expect([...origins].sort()).toEqual([new URL(api.baseUrl).origin, new URL(viewer.url).origin].sort());
  });
});
