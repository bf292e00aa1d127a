import { terminalText } from '../../lambdas/inbox/visitor-text.js';
import { awsFailure, failureInWords } from '../aws-failure.js';
import { noRegionAdvice } from '../aws-sign-in.js';
import { DEPLOY_COMMAND } from '../deploy-command.js';
import { ProbeError, type ProbeFailure } from './http-probe.js';

/**
 * One line of `npm run verify`: what was checked, and how it went. A failure says what to do; a
 * warning is worth knowing but breaks nothing; a skip says why the check could not apply.
 */
export type CheckStatus = 'ok' | 'warn' | 'FAIL' | 'skip';

export interface CheckResult {
  readonly status: CheckStatus;
  /** What was checked: `GET /llms.txt`, `sender identity example.com`, … */
  readonly name: string;
  /** What was found, on one line. */
  readonly detail: string;
  /** For a failure or a warning: what the owner should do. */
  readonly fix?: string;
}

export const ok = (name: string, detail: string): CheckResult => ({ status: 'ok', name, detail });
export const skip = (name: string, detail: string): CheckResult => ({ status: 'skip', name, detail });
export const warn = (name: string, detail: string, fix: string): CheckResult => ({ status: 'warn', name, detail, fix });
export const fail = (name: string, detail: string, fix: string): CheckResult => ({ status: 'FAIL', name, detail, fix });

/** A line that is no check: what the run is about to do that costs the owner something, said before it does it. */
export interface Notice {
  readonly notice: string;
}

export function isCheckResult(line: CheckResult | Notice): line is CheckResult {
  return 'status' in line;
}

/** `note  …`: in the column of a result's status, counted in no summary. */
export function formatNotice(line: Notice): string {
  return terminalText(`note  ${line.notice}`);
}

/**
 * The line printed for a result: never more than one, whatever a server or an error put in it, by
 * the rule every owner command follows (terminalText): a line break, a terminal's escape or a bidi
 * control shows as its escape, so a hostile answer cannot rewrite the lines around its own.
 */
export function formatResult(result: CheckResult): string {
  const fix = result.fix === undefined ? '' : ` -> ${result.fix}`;
  return terminalText(`${result.status.padEnd(4)}  ${result.name}: ${result.detail}${fix}`);
}

/** Exit status 1 when any check failed. */
export function exitStatus(results: readonly CheckResult[]): 0 | 1 {
  return results.some((result) => result.status === 'FAIL') ? 1 : 0;
}

/** The closing line: how many checks, how many failed or warned. */
export function summary(results: readonly CheckResult[]): string {
  const count = (status: CheckStatus) => results.filter((result) => result.status === status).length;
  const [failed, warned, skipped] = [count('FAIL'), count('warn'), count('skip')];
  const parts = [`${results.length} check${results.length === 1 ? '' : 's'}`, `${failed} failed`, `${warned} warned`, ...(skipped === 0 ? [] : [`${skipped} skipped`])];
  return `${parts.join(', ')}: ${failed === 0 ? 'your site works.' : 'see each FAIL line for what to do.'}`;
}

/**
 * Runs one check; whatever it throws becomes its FAIL line, never a stack trace: what happened in
 * a few words (never an error's class name), and what to do about it.
 */
export async function runCheck(name: string, check: () => Promise<CheckResult>): Promise<CheckResult> {
  try {
    return await check();
  } catch (error) {
    return couldNotCheck(name, error);
  }
}

/** The lines of a group of checks, ended by one FAIL line if the group throws part-way. */
export async function* guarded(name: string, checks: AsyncIterable<CheckResult>): AsyncGenerator<CheckResult> {
  try {
    yield* checks;
  } catch (error) {
    yield couldNotCheck(name, error);
  }
}

export function couldNotCheck(name: string, error: unknown): CheckResult {
  return fail(name, `could not check (${error instanceof ProbeError ? error.message : failureInWords(error)})`, whatToDoAbout(error));
}

/** What the owner can do about a request of the site's that got no usable answer, by why. */
const NO_ANSWER_ADVICE: Readonly<Record<ProbeFailure, string>> = {
  unreachable:
    'nothing usable answered: is the site reachable from here (local mode running; a new distribution takes minutes)? Until your DNS points at it, npm run verify -- --url https://<DistributionDomainName> checks the site there',
  'too slow': 'the site took longer than any visitor waits: run npm run verify again; if it stays slow, the alarms and the Logs<Handler> outputs (each function\'s log group) say why',
  'not http':
    'what answers at that address is no web server, or a broken one between: check that BaseUrl (or --url) is your site, with the scheme it serves (http or https), and what listens there',
  unreadable: `nothing usable answered: the line says what came instead; the front door serves no such answer as this version builds it: ${DEPLOY_COMMAND}`,
  'out of time': 'the site answered too slowly for the run to finish its checks: run npm run verify again; if it stays slow, the alarms and the Logs<Handler> outputs say why',
};

/** What the owner can do about an error a check met: AWS's, or the network's. */
export function whatToDoAbout(error: unknown): string {
  if (error instanceof ProbeError) return NO_ANSWER_ADVICE[error.failure];
  switch (awsFailure(error)) {
    case 'no region':
      return noRegionAdvice('npm run verify -- --region <region>');
    case 'unreachable':
      return 'check this machine\'s network, then run npm run verify again';
    case 'no credentials':
      return 'sign in: aws configure, or aws sso login (AWS_PROFILE names a profile); npm run verify -- --url <your site> checks the site alone';
    case 'refused credentials':
      return 'your AWS credentials were refused or expired: aws sso login, or aws configure';
    case 'access denied':
      return 'your AWS identity may not read this: use one with read rights on the stack\'s resources (docs/verify.md lists the actions)';
    case 'throttled':
      return 'AWS throttled the check: run npm run verify again in a minute';
    case undefined:
      return 'run npm run verify again; if it fails the same way, the message names what broke';
  }
}
