import { DEFAULT_RATE_LIMITS } from '../../lambdas/config.js';
import { DEPLOY_COMMAND } from '../deploy-command.js';
import { isLoopbackName } from '../../lib/loopback-names.js';
import { contactFormSending, formServiceHost, misdirectedInquiryAction } from '../../lambdas/html/form-page-reading.js';
import { FLAT_FORM_PAGE, PAGE_PATHS } from '../../lambdas/html/page-paths.js';
import { readPage } from '../../lambdas/html/page-tree.js';
import { siteUrls } from '../../lambdas/site-urls.js';
import { bareNameOf } from '../../lib/bare-name.js';
import { clip, diagnose, problemCode } from './answer-diagnosis.js';
import { couldNotCheck, fail, ok, runCheck, skip, warn, type CheckResult, type Notice } from './check.js';
import { getFollowingOnSite, mediaType, ProbeError, redirectTarget, type Answer, type Landing, type Probe } from './http-probe.js';
import { checkDotfiles, checkFolderWithoutSlash, checkFormPageFiles, checkHomePage, checkMissingPage, checkNoRedirectOffSite, checkPageWithoutHtml } from './site-page-checks.js';
import { PUBLISHED, type ExpectedAnswer } from './published-documents.js';

/** Answers past the probe's time limit, or not well-formed HTTP, after which the site is asked nothing more. */
const MAX_BAD_ANSWERS = 2;

/** What the HTTP checks talk to. */
export interface FrontDoorTarget {
  /** `{base}`: the site's origin. */
  readonly base: URL;
  /** The API's own endpoint (the `ApiUrl` output); none in local mode, which sets the secret itself. */
  readonly apiUrl?: URL;
  /** The domain's other name (the `OtherNameUrl` output), which must redirect to `{base}`; none without one. */
  readonly otherName?: URL;
  /** The bare name of a `www.` site without another name (bareNameOf), which the stack serves nothing at. */
  readonly bareName?: URL;
}

/**
 * The bare name of a site served at `www.` alone, without redirectDomainName (lib/bare-name.ts), as
 * a URL: where a DNS host without ALIAS leaves its own forwarding to send visitors who type it
 * (docs/your-domain.md). None for any other site.
 */
export function bareNameUrl(base: URL, otherName: URL | undefined): URL | undefined {
  const bare = otherName === undefined ? bareNameOf(base.hostname) : undefined;
  return bare === undefined ? undefined : new URL(`https://${bare}`);
}

/**
 * Everything a visitor or an agent meets at `{base}` (docs/api.md §1, §10): every document and
 * page of the route table with its `HEAD`, the style sheets and scripts the form page loads, the
 * site's home page, a folder without its slash, a page without `.html`, a missing page, dotfiles, a path that reads as another host's, the security headers of every answer, a JSON post with an invalid body, and the
 * API's own endpoint refusing a request that did not come through the front door. The post, one of
 * the hour's posts from this address, is announced before it is sent (a Notice).
 */
export async function* frontDoorChecks(target: FrontDoorTarget, probe: Probe): AsyncGenerator<CheckResult | Notice> {
  const answers: Answer[] = [];
  const recorded: Probe = async (url, request) => {
    const answer = await probe(url, request);
    answers.push(answer);
    return answer;
  };
  // A site that cannot be reached, that answers too slowly (ten times a cold start) or not in
  // HTTP twice, or that used up the time the run gives it, is not asked again: one line says so,
  // rather than a failure for every check.
  let givenUp: string | undefined;
  const badAnswers = { 'too slow': 0, 'not http': 0 };
  const giveUpAfter = (error: ProbeError): string | undefined => {
    switch (error.failure) {
      case 'unreachable':
        return 'could not be reached';
      case 'out of time':
        return `answered too slowly: ${error.message}`;
      case 'too slow':
        return ++badAnswers['too slow'] === MAX_BAD_ANSWERS ? `answered too slowly ${MAX_BAD_ANSWERS} times` : undefined;
      case 'not http':
        return ++badAnswers['not http'] === MAX_BAD_ANSWERS ? `answered with what is not well-formed HTTP ${MAX_BAD_ANSWERS} times` : undefined;
      case 'unreadable':
        return undefined;
    }
  };
  let outOfTime = false;
  const check = async <Result extends CheckResult | undefined>(name: string, run: () => Promise<Result>): Promise<Result | CheckResult> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof ProbeError) {
        givenUp ??= giveUpAfter(error);
        outOfTime ||= error.failure === 'out of time';
      }
      return couldNotCheck(name, error);
    }
  };
  // Unknown until the home page answered as a page, or as the API's 404 of a site without pages.
  let pages: Landing | 'none' | undefined;
  const steps: ReadonlyArray<() => Promise<CheckResult | undefined>> = [
    ...PUBLISHED.map(([path, expected]) => () => check(path, () => checkDocument(recorded, target.base, path, expected))),
    () => check("the form page's style sheets and scripts", () => checkFormPageFiles(recorded, target.base)),
    () =>
      check('GET /', async () => {
        const home = await checkHomePage(recorded, target.base);
        pages = home.pages;
        return home.result;
      }),
    async () => {
      const home = pages;
      return home === undefined || home === 'none' ? undefined : check('a folder without its slash', () => checkFolderWithoutSlash(recorded, home));
    },
    async () => {
      const home = pages;
      return home === undefined || home === 'none' ? undefined : check('a page without .html', () => checkPageWithoutHtml(recorded, home));
    },
    () => check('a missing page', () => checkMissingPage(recorded, target.base, pages !== 'none')),
    () => check('dotfiles', () => checkDotfiles(recorded, target.base)),
    () => check('GET //evil.example/x', () => checkNoRedirectOffSite(recorded, target.base)),
  ];
  for (const step of steps) {
    const result = await step();
    if (result !== undefined) yield result;
    if (givenUp !== undefined) break;
  }
  if (givenUp === undefined) {
    yield { notice: invalidPostNotice(answers, target.apiUrl === undefined) };
    yield await check(INVALID_POST, () => checkInvalidPost(recorded, target.base));
  }
  yield givenUp === undefined ? checkSecurityHeaders(target.base, answers) : skip('the rest of the site', `not checked: ${target.base.origin} ${givenUp}`);
  // The API's own endpoint and the other name are other hosts, asked even when the site was not reached; not once the time is up.
  if (!outOfTime) yield await runCheck("the API's own endpoint (ApiUrl)", () => checkApiEndpoint(probe, target.apiUrl));
  const { otherName, bareName } = target;
  if (otherName !== undefined && !outOfTime) yield await checkOtherName(probe, otherName, target.base);
  if (bareName !== undefined && !outOfTime) yield await checkBareName(probe, bareName, target.base);
}

/**
 * The bare name of a `www.` site (bareNameOf), which no record of the stack's serves: a warning
 * unless it leads to `{base}` over HTTPS, as a DNS host's forwarding does when it forwards
 * `https://` too (many forward plain HTTP alone).
 */
async function checkBareName(probe: Probe, bareName: URL, base: URL): Promise<CheckResult> {
  const name = `the bare name (${bareName.host})`;
  const fix = `visitors who type ${bareName.host} find no site: have your DNS host forward it to ${base.origin}, https:// included, or set redirectDomainName ${bareName.host} with its DNS at a host with ALIAS, as Route 53 (docs/your-domain.md)`;
  let answer: Answer;
  try {
    answer = await probe(bareName);
  } catch (error) {
    // Whatever answers there instead (plain HTTP alone, a port that never answers) is the DNS host's, never a failure of the site.
    if (!(error instanceof ProbeError) || error.failure === 'out of time') return couldNotCheck(name, error);
    return warn(name, `GET ${bareName.href}: ${error.failure === 'unreachable' ? 'could not be reached' : error.message}`, fix);
  }
  const target = redirectTarget(answer);
  if (target?.origin === base.origin) return ok(name, `GET ${bareName.href}: ${answer.status} to ${target.href}`);
  return warn(name, `GET ${bareName.href}: ${diagnose(answer).detail}; expected a redirect to ${base.origin}`, fix);
}

/**
 * The domain's other name (redirectDomainName): a page of it, with a query, moved for good to the
 * same at `{base}`. Only a deployment shows that its DNS record and the certificate are right.
 */
async function checkOtherName(probe: Probe, otherName: URL, base: URL): Promise<CheckResult> {
  const name = `the other name (${otherName.host})`;
  const asked = new URL('/contact?from=verify', otherName);
  const expected = new URL(`${asked.pathname}${asked.search}`, base).href;
  const records = `its DNS record must point at DistributionDomainName, and the certificate name it (README "Your own domain")`;
  let answer: Answer;
  try {
    answer = await probe(asked);
  } catch (error) {
    return error instanceof ProbeError && error.failure === 'unreachable' ? fail(name, `GET ${asked.href} could not be reached`, records) : couldNotCheck(name, error);
  }
  if (answer.status === 301 && answer.headers.get('location') === expected) return ok(name, `GET ${asked.pathname}${asked.search}: 301 to ${expected}`);
  const { detail } = diagnose(answer);
  return fail(name, `GET ${asked.href}: ${detail}; expected 301 to ${expected}`, `${records}; then ${DEPLOY_COMMAND}`);
}

/** A GET of a path of the route table, following redirects on the site only, then its HEAD. */
async function checkDocument(probe: Probe, base: URL, path: string, expected: ExpectedAnswer): Promise<CheckResult> {
  const landing = await getFollowingOnSite(probe, new URL(path, base));
  const { answer } = landing;
  if (landing.offSite !== undefined) {
    return fail(path, `${answer.status} to ${landing.offSite.origin}, another site (not followed)`, `the front door must answer ${path} itself: ${DEPLOY_COMMAND}`);
  }
  const found = `${answer.status} ${clip(mediaType(answer))}`;
  if (answer.status !== expected.status || mediaType(answer) !== expected.mediaType) {
    const { detail, fix } = diagnose(answer);
    return fail(path, `${detail}; expected ${expected.status} ${expected.mediaType} (${expected.what})`, fix);
  }
  // A path that leads on within the site, or shows a page of it (an owner's own form page, say), is that page's to describe.
  const ownPage = path === PAGE_PATHS.form && landing.redirects.length === 0 && (await showsFlatFormPage(probe, base, answer, expected));
  const answeredHere = landing.redirects.length === 0 && !ownPage;
  const cacheControl = answer.headers.get('cache-control');
  if (answeredHere && cacheControl !== expected.cacheControl) {
    return fail(path, `${found}, but Cache-Control ${cacheControl === null ? 'none' : JSON.stringify(clip(cacheControl))} where the service sends ${JSON.stringify(expected.cacheControl)}`, `something between changes the service's answer, or the deployment is older than the project: ${DEPLOY_COMMAND}`);
  }
  if (answeredHere && expected.holds !== undefined && !answer.body.includes(expected.holds)) {
    return fail(path, `${found}, but without ${expected.holds}`, `this is not the service's ${expected.what}: ${DEPLOY_COMMAND}`);
  }
  const head = await probe(answer.url, { method: 'HEAD' });
  const difference = headDifference(answer, head);
  const via = landing.redirects.length === 0 ? '' : ` via ${landing.redirects.map((hop) => hop.pathname).join(', ')}`;
  if (difference !== undefined) {
    return fail(path, `GET ${found}${via}, but HEAD ${difference}`, `HEAD must answer as GET does, without the body (docs/api.md §1): ${DEPLOY_COMMAND}`);
  }
  // The page /contact leads to, or shows, is the owner's: its form must post here, or visitors' posts go elsewhere.
  const elsewhere = path === PAGE_PATHS.form && (landing.redirects.length > 0 || ownPage) ? formPostsElsewhere(answer, base) : undefined;
  if (elsewhere !== undefined) {
    return fail(
      path,
      `${found}${via}, your contact page, but ${elsewhere}`,
      `give its form method="post" action="${PAGE_PATHS.form}" (docs/form-services.md, for a form service's), then put it live: with siteOrigin, push it to your host; with siteDir, ${DEPLOY_COMMAND}`,
    );
  }
  if (!ownPage) return ok(path, `${found}${via}, ${expected.what}; HEAD the same`);
  // Its reads go to the page: what is no read must still reach the API, whose 405 names POST.
  const options = await probe(new URL(path, base), { method: 'OPTIONS' });
  const allow = options.headers.get('allow') ?? '';
  if (options.status !== 405 || !/\bPOST\b/.test(allow)) {
    return fail(path, `${found}, your ${FLAT_FORM_PAGE.slice(1)}; but OPTIONS ${path} ${options.status}${allow === '' ? '' : ` (Allow: ${clip(allow)})`}, not the API's 405 naming POST`, `the front door must send ${path}'s posts to the API: ${DEPLOY_COMMAND}`);
  }
  return ok(path, `${found}, your ${FLAT_FORM_PAGE.slice(1)}, shown there; HEAD the same; its posts reach the API`);
}

/**
 * What keeps the owner's contact page (`answer`) from sending visitors' inquiries to `/contact`, as
 * synth and npm start judge a form page; undefined when its form posts there.
 */
function formPostsElsewhere(answer: Answer, base: URL): string | undefined {
  const page = readPage(answer.body, answer.url.pathname, [base.origin]);
  const form = contactFormSending(page);
  if (form?.method.state === 'post') return undefined;
  if (form !== undefined) return `its form to ${PAGE_PATHS.form} has no method="post", so a browser never posts it`;
  const misdirected = misdirectedInquiryAction(page);
  if (misdirected?.kind === 'address') return `its form names ${PAGE_PATHS.form} by a whole address (${clip(misdirected.action)}), which a preview's posts would leave for: write the path alone`;
  if (misdirected !== undefined) return `its form sends the inquiry to ${clip(misdirected.action)}, which takes no post: only ${PAGE_PATHS.form} does`;
  const service = formServiceHost(page);
  return service === undefined ? `it has no form posting to ${PAGE_PATHS.form}` : `its form sends the inquiry to ${clip(service)}, a form service, not to ${PAGE_PATHS.form}`;
}

/**
 * Whether `/contact`'s answer is the owner's flat form page, which the front door shows there
 * (docs/api.md §10): not the service's form (its Cache-Control, `expected`), but what the site's
 * own `/contact.html` answers, byte for byte.
 */
async function showsFlatFormPage(probe: Probe, base: URL, answer: Answer, expected: ExpectedAnswer): Promise<boolean> {
  if (answer.status !== 200 || mediaType(answer) !== 'text/html' || answer.headers.get('cache-control') === expected.cacheControl) return false;
  const page = await probe(new URL(FLAT_FORM_PAGE, base));
  return page.status === 200 && page.body === answer.body;
}

/** How a HEAD differs from its GET, or undefined when it does not. */
function headDifference(get: Answer, head: Answer): string | undefined {
  if (head.status !== get.status) return `answered ${head.status}`;
  if (head.headers.get('content-type') !== get.headers.get('content-type')) return `answered ${clip(head.headers.get('content-type') ?? 'no content type')}`;
  const announced = head.headers.get('content-length');
  if (announced !== null && Number(announced) !== get.bytes) return `announces ${announced} bytes where GET sent ${get.bytes}`;
  return undefined;
}

const INVALID_POST = 'POST /api/contact with an invalid body';

/**
 * What the invalid post will cost, said before it is sent: one of this address's posts of the hour,
 * as many as the site's OpenAPI document (asked for already) says in its `RateLimit-Policy`; with
 * `--url` (local mode, often), and no more than the deployed default, where npm start's banner says
 * how to raise them.
 */
function invalidPostNotice(answers: readonly Answer[], alone: boolean): string {
  const limit = answers
    .filter((answer) => answer.url.pathname === '/openapi.json' && answer.status === 200)
    .map((answer) => ipLimitOf(answer.body))
    .find((found) => found !== undefined);
  const cost = limit === undefined ? "one of this address's posts of the hour" : `one of this address's ${limit} posts an hour`;
  const raisable = alone && (limit === undefined || limit <= DEFAULT_RATE_LIMITS.ip);
  return `${INVALID_POST} ({}) comes next: ${cost}, as every post is (docs/api.md §4)${raisable ? "; npm start's Limits line says how to raise them locally" : ''}`;
}

/** The per-address limit of an OpenAPI document's `RateLimit-Policy` header (`"ip";q=5;w=3600, …`). */
function ipLimitOf(openApi: string): number | undefined {
  try {
    const policy = (JSON.parse(openApi) as { components?: { headers?: Record<string, { schema?: { const?: unknown } }> } }).components?.headers?.['RateLimit-Policy']?.schema?.const;
    const limit = typeof policy === 'string' ? /"ip";q=(\d+)/.exec(policy)?.[1] : undefined;
    return limit === undefined ? undefined : Number(limit);
  } catch {
    return undefined;
  }
}

/**
 * A JSON post that fails the schema: the contract's 422 (docs/api.md §2). It is counted like any
 * POST from this address (docs/api.md §4), so its line says what it cost, from the answer's own
 * RateLimit fields.
 */
async function checkInvalidPost(probe: Probe, base: URL): Promise<CheckResult> {
  const name = INVALID_POST;
  const answer = await probe(new URL(siteUrls(base.origin).contactApi), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  const code = problemCode(answer);
  if (answer.status === 422 && code === 'validation_failed') return ok(name, `422 validation_failed; ${rateLimitCost(answer)}`);
  if (answer.status === 429 && code === 'rate_limited') {
    const preview = isLoopbackName(base.hostname) ? ', or start npm start again with RATE_LIMIT_IP=100 (its Limits line)' : '';
    return warn(name, "429 rate_limited: this address has used this hour's posts", `run npm run verify again after the hour turns (UTC)${preview}`);
  }
  const { detail, fix } = diagnose(answer);
  return fail(name, `${detail}; expected 422 validation_failed`, fix);
}

/** `it counted as one of this address's 5 posts this hour (4 left)`, from `RateLimit-Policy` and `RateLimit`. */
export function rateLimitCost(answer: Answer): string {
  const limit = /"ip";q=(\d+)/.exec(answer.headers.get('ratelimit-policy') ?? '')?.[1];
  const left = /^"ip";r=(\d+)/.exec(answer.headers.get('ratelimit') ?? '')?.[1];
  if (limit === undefined) return "it counted as one of this address's posts this hour";
  return `it counted as one of this address's ${limit} posts this hour${left === undefined ? '' : ` (${left} left)`}`;
}

/**
 * HSTS and nosniff on every answer with content that came from `{base}` (docs/api.md §10), over
 * HTTPS: a browser ignores HSTS sent over plain HTTP (RFC 6797 §8.1), and local mode plays none of
 * CloudFront's headers.
 */
function checkSecurityHeaders(base: URL, answers: readonly Answer[]): CheckResult {
  const name = 'security headers';
  if (base.protocol !== 'https:') return skip(name, 'checked over https only: local mode plays none of CloudFront\'s security headers');
  const withContent = answers.filter((answer) => answer.url.origin === base.origin && redirectTarget(answer) === undefined);
  const missing = (test: (answer: Answer) => boolean) => [...new Set(withContent.filter((answer) => !test(answer)).map((answer) => `${answer.method} ${answer.url.pathname}`))];
  const noHsts = missing((answer) => /max-age="?[1-9]/i.test(answer.headers.get('strict-transport-security') ?? ''));
  const noNosniff = missing((answer) => (answer.headers.get('x-content-type-options') ?? '').toLowerCase() === 'nosniff');
  if (noHsts.length === 0 && noNosniff.length === 0) return ok(name, `Strict-Transport-Security and X-Content-Type-Options: nosniff on all ${withContent.length} answers`);
  const gaps = [
    ...(noHsts.length === 0 ? [] : [`no Strict-Transport-Security on ${few(noHsts)}`]),
    ...(noNosniff.length === 0 ? [] : [`no nosniff on ${few(noNosniff)}`]),
  ];
  return fail(name, gaps.join('; '), `the front door adds both with a response headers policy on every behaviour (docs/api.md §10): ${DEPLOY_COMMAND}`);
}

function few(items: readonly string[]): string {
  return items.length <= 3 ? items.join(', ') : `${items.slice(0, 3).join(', ')} and ${items.length - 3} more`;
}

/** The API's own endpoint must refuse what did not come through the front door (docs/api.md §10). */
async function checkApiEndpoint(probe: Probe, apiUrl: URL | undefined): Promise<CheckResult> {
  const name = "the API's own endpoint (ApiUrl)";
  if (apiUrl === undefined) return skip(name, 'local mode has no endpoint apart from its front door: it sets the secret on every request itself');
  const answer = await probe(new URL('/api/contact', apiUrl));
  if (answer.status === 403) {
    const whose = problemCode(answer) === 'forbidden' ? "the service's forbidden" : "API Gateway's own";
    // The probe is what the ApiCalledDirectly alarm watches for: the owner should not take its mail for an attack.
    return ok(name, `403 (${whose}) to a request without the front door's secret; the ApiCalledDirectly alarm counts this one and may mail you`);
  }
  if (answer.status >= 200 && answer.status < 300) {
    return fail(
      name,
      `${answer.status}: it answers without the front door's secret, so anyone may step around the front door and its flood guard`,
      `the functions refuse such requests only when they hold the secret: ${DEPLOY_COMMAND}`,
    );
  }
  const { detail } = diagnose(answer);
  return fail(name, `${detail}; expected 403`, `check the ApiUrl output, then ${DEPLOY_COMMAND}`);
}
