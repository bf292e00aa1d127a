import { describe, expect, it } from '@jest/globals';
import type { ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { connect, createServer, type AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STOP_GRACE_MS } from '../../bin/local/api-gate.js';
import { startDynamoEmulator, startSesEmulator } from '../../bin/local/emulators.js';
import { startFaultProxy } from '../support/fault-proxy.js';
import { ownerFormPage } from '../support/form-pages.js';
import { newEmail, newMessage } from '../support/fresh-clients.js';
import { listeningSockets } from '../support/listening-sockets.js';
import { postContact, sendTarget } from '../support/http-client.js';
import { ranToEnd, runOwnerCommand, sentEmails, spawnLocal, spawnNpmStart, startLocalServer, waitForEmails, whenReady, type LocalServer } from '../support/local-server.js';
import { siteFolder } from '../support/site-folder.js';
import { closedPort } from '../support/unreachable.js';
import { until } from '../support/until.js';

/** A wait bounded by the test's own timeout alone. */
const UNTIL_THE_TEST_TIMES_OUT = { timeoutMs: Number.POSITIVE_INFINITY };

/** Runs bin/local.ts until it exits on its own, with the given settings. */
function runLocal(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return ranToEnd(spawnLocal(env));
}

describe('npm start (bin/local.ts)', () => {
  // The starts that stop on their settings, before anything listens or is timed, run side by side
  // (jest runs a block's concurrent tests together, before the rest): each spends some 2 s loading
  // its modules, which two cores do two at a time.
  it.concurrent.each([
    ['RATE_LIMIT_IP', 'five'],
    ['PORT', '70000'],
    ['BASE_URL', 'example.com'],
    ['CONTACT_FROM', 'not an address'],
    ['ALLOWED_ORIGINS', 'https://example.com/path'],
    ['AWS_ENDPOINT_URL_DYNAMODB', 'localhost:8000'],
    ['FORM_SUCCESS_PATH', '//evil.example'],
    ['FORM_SUCCESS_PATH', '/\\evil.example'],
    ['PAGE_STYLESHEET', 'https://evil.example/site.css'],
    ['SITE_DIR', '/nonexistent/site'],
  ])('stops at once on a malformed %s with one line naming it', async (setting, value) => {
    const { code, stdout, stderr } = await runLocal({ [setting]: value });

    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toEqual([expect.stringContaining(setting)]);
  }, 30_000);

  it.concurrent.each([
    ['a field twice', ownerFormPage().replace('<button', '<input type="hidden" name="email"><button'), 'form has more than one control named email (a radio group aside)'],
    ['multipart/form-data', ownerFormPage().replace('action="/contact"', 'action="/contact" enctype="multipart/form-data"'), 'form has enctype="multipart/form-data", so every post would be refused (415)'],
    ['a button sending text/plain', ownerFormPage().replace('<button type="submit">', '<button type="submit" formenctype="text/plain">'), 'form\'s submit button has formenctype="text/plain", so every post sent with it would be refused (415)'],
    ['method="get"', ownerFormPage().replace('method="post"', 'method="get"'), 'form has method="get", so a browser sends it as a GET, never a post'],
    ['a button that gets', ownerFormPage().replace('<button type="submit">', '<button type="submit" formmethod="get">'), 'form\'s submit button has formmethod="get"'],
  ])('stops with one line naming the cause when the form page’s form has %s: every post of it would fail', async (_case, page, cause) => {
    const site = siteFolder({ 'contact/index.html': page });
    const { code, stdout, stderr } = await runLocal({ SITE_DIR: site, FORM_PAGE: '/contact/' });

    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toEqual([expect.stringContaining(`Cannot start: FORM_PAGE /contact/ is ${join(site, 'contact/index.html')}, whose ${cause}`)]);
  }, 30_000);

  it.concurrent('stops with synth’s own line on a settings file that names both siteDir and siteOrigin', async () => {
    const settings = join(mkdtempSync(join(tmpdir(), 'settings-')), 'site-settings.json');
    writeFileSync(settings, JSON.stringify({ siteDir: siteFolder(), siteOrigin: 'https://you.github.io' }));
    const { code, stdout, stderr } = await runLocal({ SITE_SETTINGS: settings });

    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toEqual(["Cannot start: siteDir and siteOrigin are exclusive: the site's pages come from a folder or from an existing site, not both"]);
  }, 30_000);

  it.concurrent.each(['PORT', 'SES_PORT', 'DYNAMODB_PORT'])('stops with one line naming %s when another server holds that port', async (setting) => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = holder.address() as AddressInfo;
      const { code, stdout, stderr } = await runLocal({ [setting]: String(port) });

      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr.trim().split('\n')).toEqual([`Cannot start: ${setting} ${port} cannot be listened on (is another server using it, another npm start perhaps?): stop it, or move the preview's ports, as in PORT=3001 SES_PORT=8015 DYNAMODB_PORT=8016 npm start`]);
    } finally {
      holder.close();
    }
  }, 30_000);

  it.concurrent.each([
    ['a name that does not resolve', 'nope.invalid'],
    ['an address of another machine', '192.0.2.1'],
  ])('stops with one line naming HOST when it is %s', async (_title, host) => {
    const { code, stdout, stderr } = await runLocal({ HOST: host });

    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^Cannot start: HOST ${host.replaceAll('.', '\\.')} cannot be listened on: it is not a name or address of this machine`)),
    ]);
  }, 30_000);

  it('serves DynamoDB on DYNAMODB_PORT, the port its DynamoDB and Inbox lines print, where the inbox command reads what was posted', async () => {
    const port = await closedPort();
    const server = await startLocalServer({ DYNAMODB_PORT: String(port) });
    try {
      const endpoint = `http://127.0.0.1:${port}`;
      expect(server.output()).toContain(`\nDynamoDB   ${endpoint}  (dynalite, in memory`);
      expect(server.output()).toContain(`\nInbox      npm run inbox -- --endpoint ${endpoint}  (`);
      const posted = await postContact(server.apiUrl, { name: 'Ada', email: 'ada@example.com', message: 'Is the engine for sale?' });
      expect(posted.status).toBe(202);

      const { id } = posted.json<{ id: string }>();
      expect(await runOwnerCommand('inbox', ['--endpoint', endpoint])).toMatchObject({ code: 0, stdout: expect.stringMatching(new RegExp(`\\s${id}\\s`)), stderr: '' });
    } finally {
      await server.stop();
    }
  }, 60_000);

  it.concurrent.each(['SES_PORT', 'DYNAMODB_PORT'])('stops with one line saying that PORT and %s collide', async (setting) => {
    const { code, stderr } = await runLocal({ PORT: '40123', [setting]: '40123' });

    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(new RegExp(`^Cannot start: PORT and ${setting} are both 40123: they collide`))]);
  }, 30_000);

  it.each(['SIGINT', 'SIGTERM'] as const)(
    'prints its URLs when ready, and exits 0 on %s sent the moment it is ready',
    async (signal) => {
      const server = await startLocalServer();
      expect(server.output()).toMatch(/^API\s+http:\/\/127\.0\.0\.1:\d+/m);
      expect(server.output()).toMatch(/^Mailbox\s+http:\/\/127\.0\.0\.1:\d+/m);
      expect(server.output()).toMatch(/^Mail {7}to owner@example\.com \(a placeholder: ownerEmail in your settings file names yours\), from contact@example\.com \(a placeholder: senderEmail/m);
      expect(server.output()).toMatch(/^Digest\s+every 60 s, when an inquiry is held/m);

      expect(await server.stop(signal)).toBe(0);
      expect(server.output()).toMatch(/^Stopped\. The in-memory tables are gone; no inquiry was waiting to be sent \(AWS_ENDPOINT_URL_DYNAMODB, pointed at a DynamoDB that outlives npm start, keeps them\)\.$/m);
    },
    30_000,
  );

  it('with HOST=0.0.0.0 listens on every address for the API alone: the mailbox and the tables keep to loopback, as its banner says', async () => {
    const server = await startLocalServer({ HOST: '0.0.0.0' });
    try {
      const portOf = (url: string) => Number(new URL(url).port);
      const sockets = listeningSockets(server.pid);
      const api = sockets.filter(({ port }) => port === portOf(server.apiUrl));

      expect(api).toEqual([{ address: '0.0.0.0', port: portOf(server.apiUrl) }]);
      // The mailbox, the tables' stand-in the banner names, and dynalite behind it, whose port it does not print.
      const others = sockets.filter((socket) => !api.includes(socket));
      expect(others.map(({ port }) => port)).toEqual(expect.arrayContaining([portOf(server.mailUrl), portOf(server.dynamoUrl)]));
      expect(others.length).toBeGreaterThanOrEqual(3);
      expect(others.filter(({ address }) => address !== '127.0.0.1')).toEqual([]);
      expect(server.output()).toMatch(/^API\s+http:\/\/127\.0\.0\.1:\d+ {2}\(BASE_URL http:\/\/localhost:\d+; listening on 0\.0\.0\.0, every address of this machine: other machines reach it too\)$/m);
      expect(server.output()).toMatch(/^Mailbox\s+http:\/\/127\.0\.0\.1:\d+ {2}\(SES emulator, on loopback only, whatever HOST; sent mail as JSON at \/store; a name with accents shows there as sent, =\?UTF-8\?B\?…\?=, which mail programs decode\)$/m);
      expect(server.output()).toMatch(/^DynamoDB\s+http:\/\/127\.0\.0\.1:\d+ {2}\(dynalite, .*, on loopback only, whatever HOST\)$/m);
    } finally {
      await server.stop();
    }
  }, 30_000);

  it('says, as it stops, how many inquiries not yet sent the in-memory tables take with them, held ones named', async () => {
    const server = await startLocalServer({ AWS_ENDPOINT_URL_SESV2: `http://127.0.0.1:${await closedPort()}`, DIGEST_SECONDS: '86400' });
    const links = Array.from({ length: 8 }, (_, n) => `https://example.org/${n}`).join(' ');
    const posts = [
      { name: 'Ada', email: 'ada@example.com', message: 'An analytical engine, if you have the time.' },
      { name: 'Bob', email: 'bob@example.com', message: `Links for you, many of them: ${links}` },
    ];
    for (const [index, body] of posts.entries()) expect((await postContact(server.apiUrl, body, { from: `127.0.44.${index + 1}` })).status).toBe(202);
    // The first attempt at the pending one has failed (SES unreachable): it waits for its retry.
    await until(() => server.output().includes('"outcome":"retry_scheduled"'), UNTIL_THE_TEST_TIMES_OUT);

    expect(await server.stop('SIGINT')).toBe(0);

    expect(server.output()).toMatch(/^Stopped\. The in-memory tables are gone, with 2 inquiries not yet sent \((1 pending, 1 held|1 held, 1 pending)\); AWS_ENDPOINT_URL_DYNAMODB/m);
    expect(server.output()).toMatch(/^DynamoDB\s+\S+\s+\(dynalite, in memory: a stop loses every inquiry; to keep them, run npx dynalite --host 127\.0\.0\.1 --port 8010 --path \.inbox beside npm start \(a store of its own, on a port of its own\), and start it with AWS_ENDPOINT_URL_DYNAMODB=http:\/\/127\.0\.0\.1:8010;/m);
  }, 30_000);

  /** npm start whose SES answers each mail `lateMs` late, behind a fault proxy; the mailbox and the proxy closed after `run`. */
  async function withLateSes(lateMs: number, run: (server: LocalServer, mailUrl: string, sesRequests: () => number) => Promise<void>): Promise<void> {
    const ses = await startSesEmulator('127.0.0.1', 0);
    const slowSes = await startFaultProxy(ses.url, { lateMs });
    slowSes.mode = 'late';
    try {
      await run(await startLocalServer({ AWS_ENDPOINT_URL_SESV2: slowSes.url }), ses.url, () => slowSes.requests());
    } finally {
      await Promise.all([slowSes.close(), ses.close()]);
    }
  }

  it('finishes a delivery under way when the stop comes: the mail sent is recorded sent, never counted lost', async () => {
    // SES answers late, well within the worker's time for it: the stop comes while the mail is being sent.
    await withLateSes(1200, async (server, mailUrl, sesRequests) => {
      expect((await postContact(server.apiUrl, { name: 'Ada', email: 'ada@example.com', message: 'An analytical engine, if you have the time.' })).status).toBe(202);
      await until(() => sesRequests() > 0, UNTIL_THE_TEST_TIMES_OUT);

      expect(await server.stop('SIGINT')).toBe(0);

      expect(await sentEmails({ mailUrl })).toHaveLength(1);
      expect(server.output()).toContain('"outcome":"sent"');
      expect(server.output()).toMatch(/^Stopped\. The in-memory tables are gone; no inquiry was waiting to be sent /m);
    });
  }, 30_000);

  it('mails the inquiries a burst stored just before the stop: no visitor thanked is lost', async () => {
    // Each mail a moment late: the burst is still being delivered when the stop comes.
    await withLateSes(150, async (server, mailUrl) => {
      const posts = Array.from({ length: 5 }, () => ({ name: 'Ada', email: newEmail(), message: newMessage() }));
      const statuses = await Promise.all(posts.map((body, n) => postContact(server.apiUrl, body, { from: `127.0.45.${n + 1}` }).then((answer) => answer.status)));
      expect(statuses).toEqual([202, 202, 202, 202, 202]);

      expect(await server.stop('SIGINT')).toBe(0);

      // The emulator's mailbox is one per process, this file's other tests' mails in it too.
      const visitors = (await sentEmails({ mailUrl })).flatMap((mail) => mail.replyTo ?? []);
      expect(posts.map(({ email }) => visitors.filter((visitor) => visitor === email).length)).toEqual([1, 1, 1, 1, 1]);
      expect(server.output()).toMatch(/^Stopped\. The in-memory tables are gone; no inquiry was waiting to be sent /m);
    });
  }, 30_000);

  it('says the inquiries stay when the tables are an outside DynamoDB', async () => {
    const dynamo = await startDynamoEmulator('127.0.0.1');
    try {
      const server = await startLocalServer({ AWS_ENDPOINT_URL_DYNAMODB: dynamo.url });
      expect(await server.stop('SIGTERM')).toBe(0);
      expect(server.output()).toMatch(/^Stopped\. The inquiries stay in the DynamoDB of AWS_ENDPOINT_URL_DYNAMODB\.$/m);
    } finally {
      await dynamo.close();
    }
  }, 30_000);
});

/** One GET that ends in a status, or in the error that refused it; `hung` if neither comes in time. */
function probe(port: number, timeoutMs: number): Promise<number | string> {
  return new Promise((resolve) => {
    const request = httpRequest({ host: '127.0.0.1', port, path: '/api/contact', agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.setTimeout(timeoutMs, () => {
      resolve('hung');
      request.destroy();
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    request.end();
  });
}

describe('npm start with the owner’s settings file (docs/api.md §7)', () => {
  it('previews the site the file names, as a deployment would publish it, mails its owner from its sender, and says which settings it took from the file', async () => {
    const site = siteFolder({ 'index.html': '<title>Ada’s site</title>', 'thanks/index.html': '<meta name="robots" content="noindex">thanks', '.env': 'SECRET=1' });
    const settings = join(mkdtempSync(join(tmpdir(), 'settings-')), 'site-settings.json');
    writeFileSync(settings, JSON.stringify({ siteDir: site, formSuccessPath: '/thanks/', ownerEmail: 'ada@ada.example', senderEmail: 'contact@ada.example' }));
    const server = await startLocalServer({ SITE_SETTINGS: settings });
    try {
      expect((await sendTarget(server.apiUrl, '/')).text).toBe('<title>Ada’s site</title>');
      // No contact page in the folder: its folder leads to the service's form, not to the 404 page.
      const contactFolder = await sendTarget(server.apiUrl, '/contact/');
      expect({ status: contactFolder.status, location: contactFolder.headers.location }).toEqual({ status: 302, location: '/contact' });
      expect(server.output()).toContain(`Settings   ${settings}: siteDir, formSuccessPath, ownerEmail, senderEmail  (an environment variable that is set wins)`);
      // Each value is credited to the file's key that gave it, not to the variable it is passed in.
      expect(server.output()).toMatch(/^Thank-you  \/thanks\/  \(formSuccessPath\)$/m);
      expect(server.output()).toContain(`Site       ${site}  (siteDir, at the same origin`);
      // The folder's notes name it as the file does, as synth names siteDir.
      expect(server.output()).toMatch(/^siteDir: not published, nor served by local mode: \.env \(dotfiles/m);
      expect(server.output()).toMatch(/^Mail {7}to ada@ada\.example \(ownerEmail\), from contact@ada\.example \(senderEmail\); kept by the mailbox below, never sent$/m);

      expect((await postContact(server.apiUrl, { name: 'Grace', email: 'grace@example.com', message: 'A compiler, perhaps?' })).status).toBe(202);
      const [mail] = await waitForEmails(server, 1);
      expect(mail).toMatchObject({ from: expect.stringContaining('contact@ada.example'), destination: { to: ['ada@ada.example'] }, replyTo: ['grace@example.com'] });
    } finally {
      await server.stop();
    }
  }, 30_000);
});

describe('npm start with a folder built for the site’s own address', () => {
  it('says so under its Site line, naming the address and how to build for the preview, though the settings name that address as the site’s', async () => {
    const built = 'https://priyadesign.com';
    const site = siteFolder({
      'index.html': `<link rel="stylesheet" href="${built}/css/site.css"><title>Priya</title>`,
      'contact/index.html': ownerFormPage().replace('href="/css/site.css"', `href="${built}/css/site.css"`),
      'css/site.css': 'body {}',
      'sitemap.xml': `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${built}/</loc></url></urlset>`,
    });
    const settings = join(mkdtempSync(join(tmpdir(), 'settings-')), 'site-settings.json');
    // Deployed, domainName's address is the site's own, and the contact page's files by it are the site's.
    writeFileSync(settings, JSON.stringify({ siteDir: site, domainName: 'priyadesign.com' }));
    const server = await startLocalServer({ SITE_SETTINGS: settings });
    try {
      expect(server.output()).toMatch(
        new RegExp(`^Site {7}${site}  \\(siteDir, .*\\)\\nsiteDir: your site was built for https://priyadesign\\.com, which sitemap\\.xml names and its contact page loads files from, .*: to preview, build for ${server.baseUrl.replace(/\./g, '\\.')} \\(Hugo: hugo --baseURL ${server.baseUrl.replace(/\./g, '\\.')}/; Zola: zola build --base-url ${server.baseUrl.replace(/\./g, '\\.')}\\)`, 'm'),
      );
    } finally {
      await server.stop();
    }
  }, 30_000);
});

describe('npm start’s rate limits (docs/api.md §4, §7)', () => {
  it('are the deployment’s the settings file sets, the banner says so, and the post past them is refused 429, which the terminal says once', async () => {
    const settings = join(mkdtempSync(join(tmpdir(), 'settings-')), 'site-settings.json');
    writeFileSync(settings, JSON.stringify({ rateLimitIp: 2 }));
    const server = await startLocalServer({ SITE_SETTINGS: settings });
    try {
      expect(server.output()).toMatch(
        /^Limits {5}2 posts an hour from one address, invalid ones included \(rateLimitIp\), 3 an hour for one e-mail address \(the default\), as deployed; to test more: RATE_LIMIT_IP=100 RATE_LIMIT_EMAIL=100 npm start$/m,
      );
      const statuses: number[] = [];
      for (let post = 0; post < 4; post++) statuses.push((await postContact(server.apiUrl, {})).status);
      expect(statuses).toEqual([422, 422, 429, 429]);
      // Said once, at the first post refused, where the banner's line is long off the screen; the
      // terminal's pipe and the answer's socket keep no order between them.
      const spentLines = () => server.output().match(/^Limits {5}a post was answered 429 .*RATE_LIMIT_IP=100 RATE_LIMIT_EMAIL=100 npm start$/gm) ?? [];
      await until(() => spentLines().length > 0);
      expect(spentLines()).toHaveLength(1);
    } finally {
      await server.stop();
    }
  }, 30_000);
});

describe('npm start never leaves a request waiting', () => {
  it('answers or refuses every request sent from the moment it is spawned, none hangs', async () => {
    const port = await closedPort();
    const local = spawnLocal({ PORT: String(port) });
    const probes: Array<Promise<number | string>> = [];
    try {
      while (!local.stdout().includes('Ready.') && local.child.exitCode === null) {
        probes.push(probe(port, 15_000));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      probes.push(probe(port, 15_000));
      const results = await Promise.all(probes);

      expect(results).not.toContain('hung');
      expect(results.every((result) => result === 200 || result === 'ECONNREFUSED')).toBe(true);
      expect(results.at(-1)).toBe(200);
    } finally {
      local.child.kill('SIGTERM');
    }
  }, 60_000);

  it.each(['SIGINT', 'SIGTERM'] as const)('on %s, says it is stopping and answers the slow uploads in flight, then exits 0', async (signal) => {
    const local = await startLocalServer();
    const uploads = slowUploads(Number(new URL(local.apiUrl).port));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const stoppedAt = Date.now();
    const exited = local.stop(signal);

    await until(() => new RegExp(`^${signal}: stopping`, 'm').test(local.output()), UNTIL_THE_TEST_TIMES_OUT);
    // A new client while the uploads are still answered: told to come back, not refused at the door.
    const newcomer = await probe(Number(new URL(local.apiUrl).port), 5000);
    const answers = await Promise.all(uploads);

    expect(newcomer).toBe(503);
    expect(answers).toEqual([202, 202, 202]);
    expect(await exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(STOP_GRACE_MS + 3000);
  }, 30_000);

  it('takes a signal repeated during the stop calmly: the uploads in flight are answered and it exits 0', async () => {
    const local = spawnLocal();
    const { apiUrl } = await whenReady(local);
    const uploads = slowUploads(Number(new URL(apiUrl).port));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const exited = exitOf(local.child);
    local.child.kill('SIGINT');
    await until(() => /^SIGINT: stopping/m.test(local.stdout()), UNTIL_THE_TEST_TIMES_OUT);
    // What a terminal's Ctrl-C relayed by npm, or an impatient second Ctrl-C, sends.
    local.child.kill('SIGINT');
    local.child.kill('SIGTERM');

    expect(await Promise.all(uploads)).toEqual([202, 202, 202]);
    expect(await exited).toBe(0);
    expect(local.stdout().match(/: stopping/g)).toHaveLength(1);
  }, 30_000);
});

describe('the site’s own origins in local mode (docs/api.md §7, §9)', () => {
  const inquiry = 'name=Ada+Lovelace&email=ada%40example.com&message=An+analytical+engine%2C+programmed+please.&_gotcha=';

  /** The status of a no-JavaScript form post whose page was at `origin`, from a client of its own. */
  async function formPostedFrom(server: LocalServer, origin: string, client: number): Promise<number> {
    const response = await sendTarget(server.apiUrl, '/contact', {
      method: 'POST',
      from: `127.0.9.${client}`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin, 'Sec-Fetch-Site': 'same-origin' },
      body: inquiry,
    });
    return response.status;
  }

  it('takes a form posted from a page at any loopback name of its port, the printed address among them, and no other', async () => {
    const server = await startLocalServer({ RATE_LIMIT_EMAIL: '100' });
    try {
      const { port } = new URL(server.apiUrl);
      const statuses: Record<string, number> = {};
      const origins = [
        server.apiUrl,
        `http://localhost:${port}`,
        `http://[::1]:${port}`,
        `http://localhost:${Number(port) + 1}`,
        'http://localhost',
        `https://localhost:${port}`,
        `http://127.0.0.2:${port}`,
        `http://evil.example:${port}`,
      ];
      for (const [i, origin] of origins.entries()) statuses[origin] = await formPostedFrom(server, origin, i + 1);

      expect(statuses).toEqual({
        [server.apiUrl]: 303,
        [`http://localhost:${port}`]: 303,
        [`http://[::1]:${port}`]: 303,
        [`http://localhost:${Number(port) + 1}`]: 403,
        'http://localhost': 403,
        [`https://localhost:${port}`]: 403,
        [`http://127.0.0.2:${port}`]: 403,
        [`http://evil.example:${port}`]: 403,
      });
    } finally {
      await server.stop();
    }
  }, 30_000);

  it('keeps them beside a BASE_URL of the user’s, and keeps to an ALLOWED_ORIGINS of the user’s exactly', async () => {
    const [withBase, withOrigins] = await Promise.all([startLocalServer({ BASE_URL: 'https://example.com' }), startLocalServer({ ALLOWED_ORIGINS: 'https://www.example.com' })]);
    try {
      expect(await formPostedFrom(withBase, 'https://example.com', 1)).toBe(303);
      expect(await formPostedFrom(withBase, withBase.apiUrl, 2)).toBe(303);
      expect(await formPostedFrom(withOrigins, 'https://www.example.com', 3)).toBe(303);
      // {base} is always the site's own; a loopback name the user did not list is not.
      expect(await formPostedFrom(withOrigins, withOrigins.baseUrl, 4)).toBe(303);
      expect(await formPostedFrom(withOrigins, withOrigins.apiUrl, 5)).toBe(403);
    } finally {
      await Promise.all([withBase.stop(), withOrigins.stop()]);
    }
  }, 30_000);
});

describe('npm start as a terminal runs it', () => {
  it('on Ctrl-C (SIGINT to its whole process group: npm and all it started), answers the slow uploads in flight, and npm exits 0 within 10 s with both ports closed', async () => {
    const npm = spawnNpmStart();
    try {
      const { apiUrl, mailUrl } = await whenReady(npm);
      const uploads = slowUploads(Number(new URL(apiUrl).port));
      await new Promise((resolve) => setTimeout(resolve, 200));
      const signalledAt = Date.now();
      const exited = exitOf(npm.child);
      process.kill(-groupOf(npm.child), 'SIGINT');

      expect(await Promise.all(uploads)).toEqual([202, 202, 202]);
      expect(await exited).toBe(0);
      expect(Date.now() - signalledAt).toBeLessThan(10_000);
      expect(await Promise.all([connectionTo(apiUrl), connectionTo(mailUrl)])).toEqual(['ECONNREFUSED', 'ECONNREFUSED']);
      expect(npm.stdout()).toMatch(/^SIGINT: stopping/m);
    } finally {
      killGroup(npm.child);
    }
  }, 60_000);

  it.each(['SIGTERM', 'SIGINT'] as const)('on %s to npm alone, stops the server with it: once npm is gone, neither port is served', async (signal) => {
    const npm = spawnNpmStart();
    try {
      const { apiUrl, mailUrl } = await whenReady(npm);
      const signalledAt = Date.now();
      const exited = exitOf(npm.child);
      npm.child.kill(signal);
      await exited;

      expect(Date.now() - signalledAt).toBeLessThan(10_000);
      expect(await Promise.all([connectionTo(apiUrl), connectionTo(mailUrl)])).toEqual(['ECONNREFUSED', 'ECONNREFUSED']);
    } finally {
      killGroup(npm.child);
    }
  }, 60_000);
});

/**
 * Three visitors on slow connections, each from its own address: each body arrives in pieces over
 * about a second. Each resolves to the answer's status, or to the error that ended the request.
 */
function slowUploads(port: number): Array<Promise<number | string>> {
  const body = JSON.stringify({ name: 'Grace Hopper', email: 'grace@example.com', message: 'A compiler for a small project, if you have the time.' });
  return Array.from({ length: 3 }, (_, i) =>
    new Promise<number | string>((resolve) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: '/api/contact',
          method: 'POST',
          localAddress: `127.0.8.${i + 1}`,
          agent: false,
          headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      const pieces = body.match(/[\s\S]{1,20}/g) ?? [];
      let next = 0;
      const timer = setInterval(() => {
        const piece = pieces[next++];
        if (piece === undefined) {
          clearInterval(timer);
          request.end();
        } else request.write(piece);
      }, 1000 / pieces.length);
    }),
  );
}


/** The exit code of a process, or the signal that ended it. */
function exitOf(child: ChildProcess): Promise<number | NodeJS.Signals | null> {
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
}

/** The process group a detached child leads. */
function groupOf(child: ChildProcess): number {
  if (child.pid === undefined) throw new Error('the process did not start');
  return child.pid;
}

/** Whatever is left of a detached child's process group, ended at once (after a test, passed or failed). */
function killGroup(child: ChildProcess): void {
  try {
    process.kill(-groupOf(child), 'SIGKILL');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** `connected` when something accepts a connection at the URL's port, else the error's code. */
function connectionTo(url: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => {
      socket.destroy();
      resolve('connected');
    });
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}
