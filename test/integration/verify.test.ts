import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PUBLISHED } from '../../bin/verify/published-documents.js';
import { send, startFakeFrontDoor, type FakeFrontDoor } from '../support/fake-front-door.js';
import { runOwnerCommand, sentEmails, startLocalServer, type LocalServer } from '../support/local-server.js';
import { siteFolder } from '../support/site-folder.js';

/*
 * `npm run verify -- --url …` as the owner runs it (docs/verify.md): against local mode with a site
 * folder every HTTP check passes, and --send-test reaches the SES emulator's mailbox; against a front
 * door of the test's own that answers /llms.txt 403, the line names it and the exit status is 1.
 */

const runVerify = (args: readonly string[]) => runOwnerCommand('verify', args);
const checkLines = (stdout: string) => stdout.split('\n').filter((line) => /^(ok|warn|FAIL|skip) {2}/.test(line));

describe('npm run verify against local mode', () => {
  let server: LocalServer;
  beforeAll(async () => {
    const site = siteFolder({
      'index.html': '<!doctype html><title>Home</title><a href="/contact">Write to me</a> <a href="/notes/">Notes</a>',
      'notes/index.html': '<!doctype html><title>Notes</title>',
      '404.html': '<!doctype html><title>Not found</title>',
      // Beside the site as an owner's folder may hold it: never served.
      '.env': 'SECRET=1',
    });
    server = await startLocalServer({ SITE_DIR: site });
  }, 30_000);
  afterAll(() => server?.stop());

  it('passes every HTTP check, sends a marked test inquiry to the mailbox, and exits 0', async () => {
    const { code, stdout, stderr } = await runVerify(['--url', server.apiUrl, '--endpoint', server.dynamoUrl, '--send-test']);

    expect(stderr).toBe('');
    const lines = checkLines(stdout);
    expect(lines.filter((line) => !/^(ok|skip) /.test(line))).toEqual([]);
    for (const [path] of PUBLISHED) expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^ok {4}${path.replaceAll('.', '\\.')}: `)));
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^ok {4}GET \/: 200 text\/html/),
        'ok    GET /notes: 301 to /notes/, which answers 200 text/html',
        expect.stringMatching(/^ok {4}a missing page \(GET \/no-such-page-(\w+)\): via \/no-such-page-\1\/, 404 text\/html, your 404 page$/),
        'ok    dotfiles (GET /.env, /.git/config): 404 for each: no dotfile is published',
        'ok    GET //evil.example/x: 404, no redirect',
        expect.stringMatching(/^ok {4}POST \/api\/contact with an invalid body: 422 validation_failed; it counted as one of this address's 5 posts this hour \(4 left\)$/),
        expect.stringMatching(/^skip {2}security headers: checked over https only/),
        expect.stringMatching(/^ok {4}inbox: /),
        expect.stringMatching(/^ok {4}test inquiry \(--send-test\): [0-9a-f-]{36} sent /),
      ]),
    );
    expect(lines).toContainEqual("ok    AI bot rules: robots.txt names all of the 13 AI crawlers the service's own robots.txt names (GPTBot, ClaudeBot, Google-Extended, …)");
    expect(lines).toContainEqual('ok    agent-readiness level: Level 5, Agent-Native, of 5 by the probes above');
    // The post it spends is named before it is sent, with the limit local mode published.
    const notice =
      "note  POST /api/contact with an invalid body ({}) comes next: one of this address's 5 posts an hour, as every post is (docs/api.md §4); npm start's Limits line says how to raise them locally";
    const printed = stdout.split('\n');
    expect(printed.indexOf(notice)).toBeGreaterThan(-1);
    expect(printed.indexOf(notice)).toBeLessThan(printed.findIndex((line) => line.startsWith('ok    POST /api/contact')));
    // Skipped: the security headers (over https only) and the API's own endpoint; local mode serves the MCP Server Card.
    expect(stdout).toMatch(/\n\d+ checks, 0 failed, 0 warned, 2 skipped: your site works\.\n$/);
    expect(code).toBe(0);

    const mark = /look for "(mark [a-z]{8})"/.exec(stdout)?.[1];
    expect((await sentEmails(server)).filter((mail) => mail.body.text?.includes(mark!))).toHaveLength(1);
  }, 90_000);
});

describe('npm run verify against a broken front door', () => {
  let door: FakeFrontDoor;
  beforeAll(async () => {
    door = await startFakeFrontDoor();
  });
  afterAll(() => door?.close());

  it('names the document answered 403, says what to do, and exits 1', async () => {
    door.breakPath('GET /llms.txt', (_request, response) => send(response, 403, 'application/json', '{"message":"Forbidden"}'));

    const { code, stdout, stderr } = await runVerify(['--url', door.localUrl]);

    expect(stderr).toBe('');
    expect(checkLines(stdout).filter((line) => line.startsWith('FAIL'))).toEqual([
      expect.stringMatching(/^FAIL {2}\/llms\.txt: 403 application\/json, API Gateway's own "Forbidden": .* -> .*npm run cdk -- deploy --all$/),
    ]);
    expect(code).toBe(1);
  }, 60_000);

  it('says a wrong command line in one line, exit 1', async () => {
    const { code, stdout, stderr } = await runVerify(['--url', `${door.localUrl}/contact`]);

    expect(stdout).toBe('');
    expect(stderr).toBe(`npm run verify stopped: --url must be the site's origin, such as http://localhost:3000 or https://example.com, got "${door.localUrl}/contact"\n`);
    expect(code).toBe(1);
  }, 60_000);
});
