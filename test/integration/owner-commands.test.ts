import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureInquiryTable, startDynamoEmulator, startSesEmulator, type RunningServer } from '../../bin/local/emulators.js';
import { LOCAL_INQUIRY_TABLE } from '../../bin/local-tables.js';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { inquiryKey, INBOX_PARTITION_KEY } from '../../lambdas/inbox/inquiry-record.js';
import { ERROR_CLASS_NAME } from '../support/error-class-names.js';
import { runOwnerCommand } from '../support/local-server.js';
import { describeWithMoto, useMoto } from '../support/moto-server.js';
import { siteFolder } from '../support/site-folder.js';
import { closedPortUrl } from '../support/unreachable.js';

/*
 * The owner's commands when the inbox cannot be read (docs/api.md §14), or AWS cannot be asked at
 * all: one line on stderr (one FAIL line of npm run verify's report) that says what happened in the
 * owner's words and what to check, exit status 1, no stack trace, no error's class name.
 *
 * Each test runs commands of its own and changes nothing another reads, so a block's tests run side
 * by side (jest runs a block's concurrent tests together): each command spends some 2 s loading its
 * modules, which two cores do two at a time. npm run cdk's tests, which time the command, run one at
 * a time, their bound (10 s) five times what a command takes beside the unit suites (jest.config.js).
 */

let dynamo: RunningServer;
let ses: RunningServer;
let page: Server;
let pageUrl: string;
beforeAll(async () => {
  [dynamo, ses] = await Promise.all([startDynamoEmulator('127.0.0.1'), startSesEmulator('127.0.0.1', 0)]);
  page = createServer((_request, response) => response.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><p>A page.</p>'));
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
}, 30_000);
afterAll(async () => {
  page?.close();
  await Promise.all([dynamo?.close(), ses?.close()]);
});

/** An environment with no AWS credentials anywhere the SDK looks, and no instance metadata to ask. */
function withoutCredentials(): NodeJS.ProcessEnv {
  const home = mkdtempSync(join(tmpdir(), 'no-aws-'));
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, AWS_EC2_METADATA_DISABLED: 'true', AWS_CONFIG_FILE: join(home, 'config'), AWS_SHARED_CREDENTIALS_FILE: join(home, 'credentials') };
  for (const name of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_PROFILE', 'AWS_CONTAINER_CREDENTIALS_FULL_URI', 'AWS_CONTAINER_CREDENTIALS_RELATIVE_URI', 'AWS_WEB_IDENTITY_TOKEN_FILE']) delete env[name];
  return env;
}

/** What a failing command must look like: exit 1, nothing on stdout, one line on stderr. */
function expectOneLine(result: { code: number | null; stdout: string; stderr: string }, prefix: string, pattern: RegExp) {
  expect(result.code).toBe(1);
  expect(result.stdout).toBe('');
  const lines = result.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(new RegExp(`^${prefix}: `));
  expect(lines[0]).toMatch(pattern);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

const COMMANDS = [
  ['inbox', 'Cannot read the inbox', []],
  ['redeliver', 'Cannot send again', ['--held']],
  ['forget', 'Cannot forget', ['ada@example.org']],
] as const;

describe('npm run forget', () => {
  it.concurrent.each([
    [[], /name the e-mail addresses whose inquiries to erase, as npm run inbox -- --text shows them$/],
    [['ada@example.org', 'ada'], /"ada" is no e-mail address: name the visitor's, as npm run inbox -- --text shows it$/],
  ])('asks for e-mail addresses in one line, before it reads the inbox: %j', async (args, said) => {
    expectOneLine(await runOwnerCommand('forget', ['--endpoint', 'http://127.0.0.1:9', ...args]), 'Cannot forget', said);
  }, 30_000);
});

describe.each(COMMANDS)('npm run %s failing', (command, prefix, args) => {
  it.concurrent('names the endpoint nothing answers at (ECONNREFUSED) and asks whether npm start runs', async () => {
    const endpoint = await closedPortUrl();

    const result = await runOwnerCommand(command, ['--endpoint', endpoint, ...args]);

    expectOneLine(result, prefix, new RegExp(`nothing answers at ${endpoint} \\(ECONNREFUSED\\): is npm start running.*--endpoint`));
  }, 30_000);

  it.concurrent('names the table that is not there', async () => {
    const result = await runOwnerCommand(command, ['--endpoint', dynamo.url, '--table', 'no-such-table', ...args]);

    expectOneLine(result, prefix, new RegExp(`no table no-such-table at ${dynamo.url}: check --table`));
  }, 30_000);

  it.concurrent.each([
    ['the SES emulator', () => ses.url],
    ['a web page', () => pageUrl],
  ])('says that %s is not DynamoDB', async (_what, endpoint) => {
    const result = await runOwnerCommand(command, ['--endpoint', endpoint(), ...args]);

    expectOneLine(result, prefix, new RegExp(`what answers at ${endpoint()} is not DynamoDB \\(HTTP \\d+\\): check --endpoint`));
  }, 30_000);

  it.concurrent.each([
    ['with the table named', ['--table', 'inquiries']],
    ['asking the stack for the table', []],
  ])('says that no AWS credentials were found, and how local mode needs none (%s)', async (_case, target) => {
    const result = await runOwnerCommand(command, ['--region', 'eu-west-1', ...target, ...args], withoutCredentials());

    expectOneLine(result, prefix, /no AWS credentials found: sign in .*; for local mode, add --endpoint/);
  }, 30_000);

  it.concurrent('names an option it does not know', async () => {
    const result = await runOwnerCommand(command, ['--endpiont', dynamo.url]);

    expectOneLine(result, prefix, /Unknown option '--endpiont'.*--help/);
  }, 30_000);
});

describe('npm run cdk without AWS credentials', () => {
  it.each<[string[], string, RegExp]>([
    [['deploy', '--all'], 'Cannot deploy', /: set them up \(aws configure, or aws configure sso, then aws sso login\); npm run synth checks the settings offline$/],
    [['bootstrap'], 'Cannot bootstrap', /: set them up .*; npm run synth checks the settings offline$/],
    [['diff'], 'Cannot compare with the deployed stacks', /; npm run synth checks the settings offline$/],
    [['-c', 'pricingPlan=none', 'deploy', 'PersonalSite', '--require-approval', 'never'], 'Cannot deploy', /; npm run synth checks the settings offline$/],
    [['destroy', '--all'], 'Cannot destroy', /: set them up \(aws configure, or aws configure sso, then aws sso login\)$/],
  ])('npm run cdk -- %j says so in one line within seconds, before the CLI bundles anything', async (args, prefix, advice) => {
    const started = Date.now();

    const result = await runOwnerCommand('cdk', args, withoutCredentials());

    expectOneLine(result, prefix, /^[^:]+: no AWS credentials found: /);
    expect(result.stderr.trim()).toMatch(advice);
    expect(result.stderr).not.toMatch(ERROR_CLASS_NAME);
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 30_000);

  it('never starts the CDK CLI, which would run the app first', async () => {
    const ran = join(mkdtempSync(join(tmpdir(), 'cdk-app-')), 'ran');

    const result = await runOwnerCommand('cdk', ['deploy', '--all', '-a', `node -e "require('fs').writeFileSync('${ran}', '')"`], withoutCredentials());

    expectOneLine(result, 'Cannot deploy', /no AWS credentials found/);
    expect(existsSync(ran)).toBe(false);
  }, 30_000);

  it.each<[string, string[], NodeJS.ProcessEnv]>([
    ['--profile', ['deploy', '--all', '--profile', 'ghost'], {}],
    ['AWS_PROFILE', ['bootstrap'], { AWS_PROFILE: 'ghost' }],
  ])('names the profile %s names that is not there', async (_where, args, env) => {
    const result = await runOwnerCommand('cdk', args, { ...withoutCredentials(), ...env });

    expectOneLine(result, 'Cannot (deploy|bootstrap)', /there is no AWS profile ghost in your AWS config or credentials file: check --profile and AWS_PROFILE/);
  }, 30_000);
});

describe('npm run inbox -- --text on what older rules let in', () => {
  it('writes no control character to the terminal: escapes, and a lone CR as a new quoted line', async () => {
    const client = new DynamoDBClient({ endpoint: dynamo.url, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    try {
      await ensureInquiryTable(client, LOCAL_INQUIRY_TABLE);
      // As an inquiry accepted before line breaks were normalised and controls refused might be stored.
      await DynamoDBDocumentClient.from(client).send(
        new PutCommand({
          TableName: LOCAL_INQUIRY_TABLE,
          Item: {
            [INBOX_PARTITION_KEY]: inquiryKey('old-one'),
            id: 'old-one',
            requestId: 'old-one',
            receivedAt: '2026-01-02T03:04:05.000Z',
            state: 'failed',
            attempts: 3,
            retryFrom: 0,
            lastError: 'Message\u001b[2JRejected',
            text: {
              name: 'Mallory\u202E\u001b]0;pwned\u0007',
              email: 'm@example.com',
              message: 'Harmless line.\r\u001b[1A\u001b[2KINQUIRY SENT\u009b31m\u0085next\nHidden:\u200B\u{E0049}\u{E0067}\u{E006E}\u2060 kept: \u{1F469}\u200D\u{1F4BB} \u{1F3F4}\u{E0067}\u{E0062}\u{E0077}\u{E006C}\u{E0073}\u{E007F}',
            },
          },
        }),
      );
    } finally {
      client.destroy();
    }

    const result = await runOwnerCommand('inbox', ['--endpoint', dynamo.url, '--text']);

    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/u);
    expect(result.stdout).toContain('    > Mallory\\u202E\\u001B]0;pwned\\u0007\n');
    expect(result.stdout).toContain(
      '    Message:\n    > Harmless line.\n    > \\u001B[1A\\u001B[2KINQUIRY SENT\\u009B31m\n    > next\n' +
        '    > Hidden:\\u200B\\u{E0049}\\u{E0067}\\u{E006E}\\u2060 kept: \u{1F469}\u200D\u{1F4BB} \u{1F3F4}\u{E0067}\u{E0062}\u{E0077}\u{E006C}\u{E0073}\u{E007F}\n',
    );
    // No format character but ZWJ and the tags of the flag of Wales, which the line above holds.
    expect(result.stdout.replace('\u{1F3F4}\u{E0067}\u{E0062}\u{E0077}\u{E006C}\u{E0073}\u{E007F}', '')).not.toMatch(/(?!\u200D)\p{Cf}/u);
    expect(result.stdout).toMatch(/failed\s+3\s+old-one\s+SES answered Message\\u001B\[2JRejected; still failing/);
  }, 30_000);
});

/** What the SDK needs to sign a request, none of it valid anywhere. */
const DUMMY_KEYS = { AWS_ACCESS_KEY_ID: 'AKIAIOSFODNN7EXAMPLE', AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' };

/** The commands that ask AWS, each with what it needs besides (publish: a settings file with siteDir). */
const AWS_COMMANDS = [
  ['publish', []],
  ['verify', []],
  ['inbox', []],
  ['redeliver', ['--held']],
  ['forget', ['ada@example.org']],
] as const;

/**
 * A command as it stands without a working AWS: its exit status 1, and of everything it printed,
 * the lines that say it failed: its one line on stderr, or npm run verify's FAIL lines (its
 * report goes to stdout, one line a check). None may hold an error's class name.
 */
async function failingRun(command: (typeof AWS_COMMANDS)[number][0], args: readonly string[], env: NodeJS.ProcessEnv) {
  const settings = join(mkdtempSync(join(tmpdir(), 'owner-settings-')), 'site-settings.json');
  writeFileSync(settings, JSON.stringify({ ownerEmail: 'you@example.com', senderEmail: 'contact@example.com', siteDir: siteFolder({ '404.html': 'Not found' }) }));
  // Without npm's variables of this test run: npm run publish would take them for options typed without --.
  const own = Object.fromEntries(Object.entries(env).filter(([name]) => !/^npm_/i.test(name)));
  const result = await runOwnerCommand(command, args, { ...own, SITE_SETTINGS: settings });
  const printed = `${result.stdout}${result.stderr}`.split('\n').filter((line) => line !== '');
  expect(result.code).toBe(1);
  expect(printed.filter((line) => ERROR_CLASS_NAME.test(line))).toEqual([]);
  expect(result.stderr).not.toMatch(/\n\s+at /);
  if (command === 'verify') {
    expect(result.stderr).toBe('');
    return printed.filter((line) => line.startsWith('FAIL'));
  }
  expect(result.stdout).toBe('');
  return result.stderr.trim().split('\n');
}

describe.each(AWS_COMMANDS)('npm run %s without a working AWS', (command, args) => {
  it.concurrent.each<[string, () => Promise<NodeJS.ProcessEnv>, RegExp]>([
    ['no credentials', async () => ({ ...withoutCredentials(), AWS_REGION: 'eu-west-1' }), /no AWS credentials found.*aws sso login/],
    ['no region', async () => ({ ...withoutCredentials(), ...DUMMY_KEYS, AWS_REGION: undefined, AWS_DEFAULT_REGION: undefined }), /no AWS region is set.*--region(?!.*credentials)/],
    ['neither a region nor credentials', async () => ({ ...withoutCredentials(), AWS_REGION: undefined, AWS_DEFAULT_REGION: undefined }), /no AWS region is set.*--region.*; nor are AWS credentials set up here: aws configure asks for both/],
    [
      'an endpoint nothing answers at',
      async () => ({ ...withoutCredentials(), ...DUMMY_KEYS, AWS_REGION: 'eu-west-1', AWS_ENDPOINT_URL: await closedPortUrl() }),
      /no answer from AWS \(ECONNREFUSED\).*check this machine's network/,
    ],
  ])('says so in one line of its own words: %s', async (_situation, environment, pattern) => {
    const lines = await failingRun(command, args, await environment());

    expect(lines).toEqual([expect.stringMatching(pattern)]);
  }, 60_000);
});

it('npm run inbox names the region it asked, from AWS_REGION as from --region, when AWS does not answer', async () => {
  const lines = await failingRun('inbox', [], { ...withoutCredentials(), ...DUMMY_KEYS, AWS_REGION: 'eu-north-1', AWS_ENDPOINT_URL: await closedPortUrl() });

  expect(lines).toEqual([expect.stringMatching(/^Cannot read the inbox: could not read the stack PersonalSite in eu-north-1 \(no answer from AWS \(ECONNREFUSED\)\): check this machine's network/)]);
}, 60_000);

describeWithMoto()('the owner’s commands when AWS refuses their credentials (moto checking them as AWS does)', () => {
  const moto = useMoto('eu-west-1', { refuseCredentials: true });

  it.concurrent.each(AWS_COMMANDS)('npm run %s says so in one line, quoting AWS’s answer', async (command, args) => {
    const lines = await failingRun(command, args, { ...withoutCredentials(), ...moto().environment });

    expect(lines).toEqual([expect.stringMatching(/AWS answered InvalidClientTokenId \(The security token included in the request is invalid\.\)\)?:? .*your AWS credentials were refused or expired: aws sso login/)]);
  }, 60_000);
});
