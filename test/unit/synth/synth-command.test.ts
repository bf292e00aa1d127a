import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CDK_COMMAND_VARIABLE } from '../../../lib/settings/cdk-run.js';
import { STACK_NAMES } from '../../../lib/stack-names.js';
import { NO_BUNDLING, settingsFile, synthWith } from '../../support/cdk-app-run.js';
import { NO_SETTINGS_FILE } from '../../support/settings-file.js';
import { siteFolder } from '../../support/site-folder.js';

/*
 * `npm run synth` (bin/synth.ts) as the owner runs it: a synth that fails (a setting, or a
 * finding of cdk-nag) fails the command, with the app's own lines, no line of the CDK CLI's after
 * them, and no next steps.
 */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

describe('npm run synth', () => {
  it('fails as cdk synth fails, in the app’s one line, without the CDK CLI’s line after it, printing no next steps', () => {
    const run = spawnSync('npm', ['run', '--silent', 'synth', '--', '-c', 'ownerEmail=you@example.com'], {
      cwd: ROOT,
      env: { ...process.env, ...NO_SETTINGS_FILE },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Cannot synthesize: Missing setting "senderEmail"/)]);
    expect(run.stdout).not.toContain('Next:');
  }, 120_000);

  it('sums up in one line aws-cdk-lib’s findings of resource types the region lacks, as in Spain’s eu-south-2', () => {
    const run = spawnSync(
      'npm',
      ['run', '--silent', 'synth', '--', '-c', 'ownerEmail=you@example.com', '-c', 'senderEmail=contact@example.com', '-c', 'pricingPlan=none', '-o', mkdtempSync(join(tmpdir(), 'cdk-out-'))],
      { cwd: ROOT, env: { ...process.env, ...NO_SETTINGS_FILE, AWS_REGION: 'eu-south-2' }, encoding: 'utf8', timeout: 120_000 },
    );
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      "Cannot synthesize: eu-south-2 has no AWS::SES::ConfigurationSet, AWS::SES::ConfigurationSetEventDestination in CloudFormation (aws-cdk-lib's check of each region's resource types), which the stack needs: pick a region near you that has them, as most regions with SES do (README \"A region\"), and export AWS_REGION=<region> before synth and deploy",
    ]);
    expect(run.stdout).not.toContain('Next:');
  }, 120_000);

  it('says in one line that the app failed without a word, where the CDK CLI’s own line is left out', () => {
    const run = spawnSync('npm', ['run', '--silent', 'synth', '--', '-a', 'node -e "process.exit(3)"', '-o', mkdtempSync(join(tmpdir(), 'cdk-out-'))], {
      cwd: ROOT,
      env: { ...process.env, ...NO_SETTINGS_FILE },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual(['Cannot synthesize: the CDK app (node -e "process.exit(3)") exited with status 3 without saying why']);
  }, 60_000);

  it('passes --help to the CDK CLI and stops there: no summary of an assembly it did not write', () => {
    const run = spawnSync('npm', ['run', '--silent', 'synth', '--', '--help'], { cwd: ROOT, env: { ...process.env, ...NO_SETTINGS_FILE }, encoding: 'utf8', timeout: 120_000 });
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
    expect(run.stdout).toMatch(/--help/);
    expect(run.stdout).not.toMatch(/Synthesized|Next:/);
  }, 120_000);

  it('says in one line when the CDK CLI cannot be run, rather than failing without a word', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'bin/synth.ts'], { cwd: ROOT, env: { ...NO_SETTINGS_FILE, PATH: '/nonexistent' }, encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Cannot synthesize: the CDK CLI did not run \(spawn cdk ENOENT\)/)]);
  }, 60_000);

  it('prints the app’s notes on the site as npm start does, each a line alone: no INFO, construct path or acknowledgement of the CDK’s', () => {
    const site = siteFolder({ '404.html': '<!doctype html><title>Not found</title>', 'robots.txt': 'User-agent: *\nAllow: /\n', '.env': 'SECRET=1' });
    const run = spawnSync(
      'npm',
      ['run', '--silent', 'synth', '--', '-c', 'ownerEmail=you@example.com', '-c', 'senderEmail=contact@example.com', '-c', `siteDir=${site}`, '-o', mkdtempSync(join(tmpdir(), 'cdk-out-'))],
      { cwd: ROOT, env: { ...process.env, ...NO_SETTINGS_FILE, AWS_REGION: 'eu-west-1' }, encoding: 'utf8', timeout: 180_000 },
    );
    expect(run.status).toBe(0);
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^siteDir: not published, nor served by local mode: \.env /),
      expect.stringMatching(/^siteDir: robots\.txt is your own, served as written, which search engines read as before; for the agent-readiness scanners' top level it lacks .*\. Or, if it holds no rules of your own, delete it from your site's source \(Hugo: enableRobotsTXT off\), and the service writes its own; or keep it as it is, with "robotsTxt": false to have this line no more$/),
    ]);
    // With CI=true the CDK CLI writes its own lines to stdout: the summary is a line of its own.
    expect(run.stdout).toMatch(/^Synthesized /m);
  }, 180_000);

  it('lists a domain’s steps before its certificate exists, its request first, where the app alone, as a deploy runs it, stops on the missing setting', () => {
    const settings = settingsFile({ ownerEmail: 'you@example.com', senderEmail: 'contact@example.com', pricingPlan: 'none', domainName: 'www.example.com' });
    // The CLI bundles the stacks it is given alone: the budget's, which has no function, while the assembly holds them all.
    const run = spawnSync('npm', ['run', '--silent', 'synth', '--', STACK_NAMES.budget, '-o', mkdtempSync(join(tmpdir(), 'cdk-out-'))], {
      cwd: ROOT,
      env: { ...process.env, ...settings, AWS_REGION: 'eu-west-1' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
    expect(run.stdout).toMatch(/^ {2}1\. Before you deploy, request the certificate, as certificateArn is not set \(docs\/your-domain\.md, Step by step, step 2\)\.\n.*\n {7}dig \+short CAA example\.com\n {5}This prints its CertificateArn:\n {7}aws acm request-certificate --region us-east-1 --domain-name www\.example\.com --validation-method DNS\n/m);
    const deploying = synthWith(NO_BUNDLING, { env: { ...settings, CDK_OUTDIR: mkdtempSync(join(tmpdir(), 'cdk-out-')) } });
    expect(deploying.status).toBe(1);
    expect(deploying.stderr.trim()).toMatch(/^Cannot synthesize: Missing setting "certificateArn": /);
  }, 120_000);

  it('stops a deploy on a folder built for the preview, in one line, where synth goes on and lists its build again first', () => {
    const site = siteFolder({ 'index.html': '<p>x</p>', 'sitemap.xml': '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>http://localhost:3000/</loc></url></urlset>' });
    const settings = settingsFile({ ownerEmail: 'you@example.com', senderEmail: 'contact@example.com', pricingPlan: 'none', siteDir: site });
    // A diff, a destroy, a bootstrap run the app too, and upload nothing: they go on.
    const destroying = synthWith(NO_BUNDLING, { env: { ...settings, [CDK_COMMAND_VARIABLE]: 'destroy', CDK_OUTDIR: mkdtempSync(join(tmpdir(), 'cdk-out-')) } });
    expect({ status: destroying.status, stderr: destroying.stderr.trim() }).toEqual({ status: 0, stderr: '' });
    const deploying = synthWith(NO_BUNDLING, { env: { ...settings, [CDK_COMMAND_VARIABLE]: 'deploy', CDK_OUTDIR: mkdtempSync(join(tmpdir(), 'cdk-out-')) } });
    expect({ status: deploying.status, stderr: deploying.stderr.trim() }).toEqual({
      status: 1,
      stderr: expect.stringMatching(/^Cannot synthesize: siteDir was built for the preview: sitemap\.xml names your pages at http:\/\/localhost:3000, [^\n]*\(Hugo: hugo --cleanDestinationDir, without --baseURL, which builds for your config's baseURL; Zola: zola build; Jekyll: jekyll build, not jekyll serve\)$/),
    });
    // The budget's stack alone is bundled, which has no function; the assembly holds them all.
    const run = spawnSync('npm', ['run', '--silent', 'synth', '--', STACK_NAMES.budget, '-o', mkdtempSync(join(tmpdir(), 'cdk-out-'))], {
      cwd: ROOT,
      env: { ...process.env, ...settings, AWS_REGION: 'eu-west-1' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^ {2}1\. Build your site again for its own address, not http:\/\/localhost:3000 \(the siteDir note above\)/m);
  }, 120_000);

  it('records the app’s notes without the line of the project’s source each would carry: the owner reads them as lines of their own', () => {
    const outdir = mkdtempSync(join(tmpdir(), 'cdk-out-'));
    const site = siteFolder({ '404.html': 'Not found', '.env': 'SECRET=1' });
    const run = synthWith(NO_BUNDLING, { env: { ...settingsFile({ ownerEmail: 'you@example.com', senderEmail: 'contact@example.com', siteDir: site }), CDK_OUTDIR: outdir } });
    expect(run.status).toBe(0);

    type Metadata = Record<string, Array<{ type: string; data: unknown; trace?: unknown }>>;
    const metadata = readdirSync(outdir).filter((file) => file.endsWith('.metadata.json')).map((file) => JSON.parse(readFileSync(join(outdir, file), 'utf8')) as Metadata);
    const notes = metadata.flatMap((stack) => Object.values(stack).flat()).filter((entry) => entry.type === 'aws:cdk:info');
    expect(notes).toEqual([{ type: 'aws:cdk:info', data: expect.stringMatching(/^siteDir: not published, nor served by local mode: \.env /) }]);
  }, 90_000);
});

