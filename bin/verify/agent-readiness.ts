import { createHash } from 'node:crypto';
import { readAgentSettings, type AgentSettings } from '../../lambdas/config.js';
import { siteUrls } from '../../lambdas/site-urls.js';
import { AI_CRAWLERS, namedAiCrawlers, robotsTxtGaps } from '../../lib/pages/robots-txt.js';
import { diagnose, problemCode } from './answer-diagnosis.js';
import { fail, ok, runCheck, skip, warn, type CheckResult } from './check.js';
import { mediaType, type Answer, type Probe } from './http-probe.js';

/*
 * The scored probes of the agent-readiness scanners (isitagentready.com, and agent-ready.dev,
 * Mintlify's Agent Rank and Reaudit, which mirror it), each as their published descriptions make
 * it, against the live site (docs/api.md §16), then the level they add up to.
 */

/** The probes a level needs, by the ladder the scanners publish. */
type ScoredProbe =
  | 'robots.txt'
  | 'sitemap'
  | 'Link headers'
  | 'Markdown negotiation'
  | 'AI bot rules'
  | 'Content Signals'
  | 'API catalog'
  | 'Agent Skills index'
  | 'MCP Server Card'
  | 'OAuth authorization server metadata'
  | 'OAuth protected resource metadata';

const PROBE_FIX = 'docs/api.md §16 says what answers it, and which setting turns it off';

/** The relations the scanners count as discovery links (RFC 8288's registry: RFC 9727, RFC 8631, POWDER). */
const DISCOVERY_RELATIONS = new Set(['api-catalog', 'service-desc', 'service-doc', 'service-meta', 'describedby', 'alternate']);

/**
 * What the owner's settings say the service publishes for agents (docs/api.md §16): a probe that
 * fails for a part they turned off, or that an existing site's host keeps (`siteOrigin`), is their
 * choice, which lowers the level without breaking anything.
 */
export interface PublishedParts {
  /** With siteOrigin, robots.txt, the sitemap and each page's Markdown are the host's, which the service does not make. */
  readonly existingSite: boolean;
  readonly agents: AgentSettings;
}

/** Every part on, over the site's own folder: a failed probe is a fault. */
export const EVERY_PART: PublishedParts = { existingSite: false, agents: readAgentSettings({}) };

/**
 * The failures whose answer shows the part is not there at all: the site's own 404 (not the
 * service's problem document, which a misrouted path gets), the site's HTML where Markdown was
 * asked, no Link header. Only such a failure can be the owner's choice: no answer, a 5xx or the
 * service's own 404 stays a fault whatever the settings say.
 */
const ABSENT = new WeakSet<CheckResult>();

function absent(name: string, detail: string): CheckResult {
  const result = fail(name, detail, PROBE_FIX);
  ABSENT.add(result);
  return result;
}

/** The site's own answer that it has no such file. */
function missingAtSite(answer: Answer): boolean {
  return answer.status === 404 && problemCode(answer) === undefined;
}

/** Every probe, one line each, then the level line. */
export async function* agentReadinessChecks(base: URL, probe: Probe, parts: PublishedParts = EVERY_PART): AsyncGenerator<CheckResult> {
  const passed = new Set<ScoredProbe>();
  const result = (name: ScoredProbe, check: CheckResult): CheckResult => {
    if (check.status === 'ok') passed.add(name);
    const chosen = ABSENT.has(check) ? notPublished(name, parts) : undefined;
    return chosen === undefined ? check : warn(check.name, check.detail, chosen);
  };
  const at = (path: string) => new URL(path, base);
  const robots = await probe(at('/robots.txt')).catch(() => undefined);
  const robotsText = robots?.status === 200 && mediaType(robots) === 'text/plain' ? robots.body : undefined;

  yield result('robots.txt', robotsCheck(robots));
  yield result('sitemap', await runCheck('sitemap', () => sitemapCheck(probe, base, robotsText)));
  yield result('Link headers', await runCheck('Link headers', () => linkCheck(probe, base)));
  yield result('Markdown negotiation', await runCheck('Markdown negotiation', () => markdownCheck(probe, base)));
  const robotsMissing = robots !== undefined && missingAtSite(robots);
  yield result('AI bot rules', robotsRuleCheck('AI bot rules', robotsText, 'rules for AI crawlers', robotsMissing));
  yield result('Content Signals', robotsRuleCheck('Content Signals', robotsText, 'a Content-Signal line', robotsMissing));
  const urls = siteUrls(base.origin);
  yield result('API catalog', await runCheck('API catalog', () => documentCheck(probe, 'API catalog', new URL(urls.apiCatalog), 'application/linkset+json', (json) => Array.isArray(json.linkset))));
  yield result('Agent Skills index', await runCheck('Agent Skills index', () => skillsCheck(probe, new URL(urls.agentSkills))));
  yield result('MCP Server Card', await runCheck('MCP Server Card', () => serverCardCheck(probe, at('/.well-known/mcp/server-card.json'))));
  yield result(
    'OAuth authorization server metadata',
    await runCheck('OAuth authorization server metadata', () =>
      documentCheck(probe, 'OAuth authorization server metadata', new URL(urls.authorizationServerMetadata), 'application/json', (json) => typeof json.issuer === 'string'),
    ),
  );
  yield result(
    'OAuth protected resource metadata',
    await runCheck('OAuth protected resource metadata', () =>
      documentCheck(probe, 'OAuth protected resource metadata', new URL(urls.protectedResourceMetadata), 'application/json', (json) => typeof json.resource === 'string'),
    ),
  );
  yield levelLine(readinessLevel(passed));
}

/** Why a probe fails by the owner's choice, as its line's fix says it; undefined for a fault. */
function notPublished(name: ScoredProbe, { existingSite, agents }: PublishedParts): string | undefined {
  const off = (key: string) => `${key} is false in your settings file, so the service publishes none; the scanners count it as missing (docs/api.md §16)`;
  const hosts = (what: string, mend: string) => `with siteOrigin, ${what} your host's, and the service makes none: ${mend}`;
  switch (name) {
    case 'robots.txt':
    case 'AI bot rules':
    case 'Content Signals':
      if (!agents.robotsTxt) return off('robotsTxt');
      return existingSite ? hosts('robots.txt is', "add one to your site (docs/api.md §16 shows the service's, to copy)") : undefined;
    case 'sitemap':
      if (!agents.sitemap) return off('sitemap');
      return existingSite ? hosts('the sitemap is', 'have your generator write one (Hugo does unless told not to; Jekyll: the jekyll-sitemap plugin)') : undefined;
    case 'Markdown negotiation':
      if (!agents.markdown) return off('markdownPages');
      return existingSite ? hosts('each page is', 'it makes the Markdown of the pages of a siteDir alone (README "Your pages: three ways")') : undefined;
    case 'Link headers':
      return agents.linkHeaders ? undefined : off('linkHeaders');
    case 'Agent Skills index':
      return agents.agentSkills ? undefined : off('agentSkills');
    default:
      return undefined;
  }
}

/**
 * The level the passed probes reach (docs/api.md §16): 1, two of robots.txt, a sitemap and Link
 * headers; 2, also AI bot rules and Content Signals; 3, also Markdown negotiation; 4, also one of
 * the API catalog, the Agent Skills index or an MCP Server Card; 5, also the OAuth discovery
 * documents and two of those integration documents.
 */
export function readinessLevel(passed: ReadonlySet<string>): number {
  const has = (name: ScoredProbe) => passed.has(name);
  const integration = (['API catalog', 'Agent Skills index', 'MCP Server Card'] as const).filter(has).length;
  const ladder = [
    (['robots.txt', 'sitemap', 'Link headers'] as const).filter(has).length >= 2,
    has('AI bot rules') && has('Content Signals'),
    has('Markdown negotiation'),
    integration >= 1,
    has('OAuth authorization server metadata') && has('OAuth protected resource metadata') && integration >= 2,
  ];
  const reached = ladder.findIndex((step) => !step);
  return reached === -1 ? ladder.length : reached;
}

const LEVEL_NAMES = ['Not Ready', 'Basic Web Presence', 'Bot-Aware', 'Agent-Readable', 'Agent-Integrated', 'Agent-Native'];

function levelLine(level: number): CheckResult {
  const name = 'agent-readiness level';
  const detail = `Level ${level}, ${LEVEL_NAMES[level]}, of 5 by the probes above`;
  return level === 5 ? ok(name, detail) : warn(name, detail, 'each FAIL or warning above says what is missing, unless a setting turned that part off (docs/api.md §16)');
}

function robotsCheck(robots: Answer | undefined): CheckResult {
  const name = 'GET /robots.txt';
  if (robots === undefined) return fail(name, 'no answer', PROBE_FIX);
  if (robots.status !== 200 || mediaType(robots) !== 'text/plain') {
    const detail = `${diagnose(robots).detail}; expected 200 text/plain (RFC 9309)`;
    return missingAtSite(robots) ? absent(name, detail) : fail(name, detail, PROBE_FIX);
  }
  // A file without a group is valid, and no rule applies (RFC 9309 §2.2.1): a warning, as the scanners count none.
  if (!/^\s*user-agent\s*:/im.test(robots.body)) {
    return warn(name, '200, but no User-agent line: crawlers read it as allowing every page, and the scanners do not count it (RFC 9309 §2.2.1)', OWN_ROBOTS_FIX);
  }
  return ok(name, `200 text/plain, ${robots.bytes} bytes`);
}

/**
 * What to do about a robots.txt that lacks a rule: the service's has them all, so it is the
 * owner's, which is served as written and no setting changes.
 */
const OWN_ROBOTS_FIX =
  "your own robots.txt is served as written (the service's has both): add what it lacks, as the robots.txt line of npm start and synth names it, or, with siteDir, remove yours so that the service's is published (docs/api.md §16 shows it, to copy; a generator's plugin may write one, as Jekyll's jekyll-sitemap does); or keep yours as it is: search engines read it as before";

/**
 * AI bot rules or Content Signals, read from robots.txt as lib/pages/robots-txt.ts reads an owner's.
 * One an own robots.txt lacks is a warning: the site works, and the owner chose the file.
 */
function robotsRuleCheck(name: string, robots: string | undefined, gap: string, robotsMissing: boolean): CheckResult {
  if (robots === undefined) return robotsMissing ? absent(name, 'no robots.txt to read') : fail(name, 'no robots.txt to read', PROBE_FIX);
  const missing = robotsTxtGaps(robots).find((item) => item.startsWith(gap));
  if (missing !== undefined) return warn(name, `robots.txt lacks ${missing}`, OWN_ROBOTS_FIX);
  if (gap === 'a Content-Signal line') return ok(name, `robots.txt says ${/^\s*content-signal\s*:\s*(.*)$/im.exec(robots)?.[1]?.trim() ?? ''}`);
  const named = namedAiCrawlers(robots);
  const known = Object.values(AI_CRAWLERS).flat().length;
  return ok(name, `robots.txt names ${named.length === known ? 'all' : named.length} of the ${known} AI crawlers the service's own robots.txt names (${named.slice(0, 3).join(', ')}${named.length > 3 ? ', …' : ''})`);
}

/**
 * A Sitemap line of robots.txt, else /sitemap.xml (the scanners take either); either must answer a
 * urlset or a sitemap index. A Sitemap line naming another host is not followed: verify asks only
 * the site it was given.
 */
async function sitemapCheck(probe: Probe, base: URL, robots: string | undefined): Promise<CheckResult> {
  const declared = robots === undefined ? undefined : /^\s*sitemap\s*:\s*(\S+)/im.exec(robots)?.[1];
  const onSite = declared !== undefined && URL.canParse(declared) && new URL(declared).origin === base.origin;
  const url = onSite ? new URL(declared!) : new URL('/sitemap.xml', base);
  const name = `GET ${url.pathname}`;
  const answer = await probe(url);
  if (answer.status !== 200) return missingAtSite(answer) ? absent(name, diagnose(answer).detail) : fail(name, diagnose(answer).detail, PROBE_FIX);
  if (!/<(?:[\w-]+:)?(?:urlset|sitemapindex)[\s>]/.test(answer.body)) return fail(name, '200, but neither a <urlset> nor a <sitemapindex>', PROBE_FIX);
  const locs = (answer.body.match(/<loc>/g) ?? []).length;
  // A sitemap index's <loc> names a sitemap, a urlset's a page.
  const what = /<(?:[\w-]+:)?sitemapindex[\s>]/.test(answer.body) ? 'sitemap' : 'URL';
  const source = onSite ? ', named by robots.txt' : declared === undefined ? '' : ` (robots.txt names ${declared}, not fetched: another host than ${base.origin})`;
  return ok(name, `200 ${mediaType(answer)}, ${locs} ${what}${locs === 1 ? '' : 's'}${source}`);
}

/** `HEAD /` (GET when HEAD is refused) with a Link header of a discovery relation. */
async function linkCheck(probe: Probe, base: URL): Promise<CheckResult> {
  let answer = await probe(base, { method: 'HEAD' });
  if (answer.status === 405) answer = await probe(base);
  const name = `${answer.method} / Link`;
  const relations = linkRelations(answer.headers.get('link') ?? '');
  const found = relations.filter((relation) => DISCOVERY_RELATIONS.has(relation));
  if (relations.length === 0) return absent(name, 'no Link header');
  if (found.length === 0) return fail(name, `Link with ${relations.join(', ')} only`, PROBE_FIX);
  return ok(name, `rel ${[...new Set(found)].join(', ')}`);
}

/** The rel values of a Link header (RFC 8288 §3), each of a space-separated list. */
export function linkRelations(header: string): string[] {
  return [...header.matchAll(/;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/gi)].flatMap((match) => (match[1] ?? match[2] ?? '').toLowerCase().split(/\s+/)).filter((rel) => rel !== '');
}

/**
 * `GET /` with `Accept: text/markdown`: 200 text/markdown that varies by Accept, and the HTML naming
 * its Markdown alternate in a Link header.
 */
async function markdownCheck(probe: Probe, base: URL): Promise<CheckResult> {
  const name = 'GET / Accept: text/markdown';
  const markdown = await probe(base, { headers: { accept: 'text/markdown' } });
  if (markdown.status !== 200 || mediaType(markdown) !== 'text/markdown') {
    const detail = `${diagnose(markdown).detail}; expected 200 text/markdown`;
    // The page's HTML, or the site's 404, where its Markdown was asked: none is made.
    const none = missingAtSite(markdown) || (markdown.status === 200 && mediaType(markdown) === 'text/html');
    return none ? absent(name, detail) : fail(name, detail, PROBE_FIX);
  }
  const vary = (markdown.headers.get('vary') ?? '').toLowerCase();
  if (!/(^|,)\s*accept\s*(,|$)/.test(vary)) return fail(name, `200 text/markdown without Vary: Accept${vary === '' ? '' : ` (Vary: ${vary})`}`, PROBE_FIX);
  const html = await probe(base, { headers: { accept: 'text/html' } });
  const alternate = /<([^>]*)>\s*;[^,]*rel\s*=\s*"?alternate"?[^,]*type\s*=\s*"?text\/markdown/i.exec(html.headers.get('link') ?? '');
  if (mediaType(html) !== 'text/html') return fail(name, `the HTML of / is ${diagnose(html).detail}`, PROBE_FIX);
  if (alternate === null) return fail(name, 'the HTML of / names no Markdown alternate in its Link header', PROBE_FIX);
  return ok(name, `200 text/markdown, ${markdown.bytes} bytes, Vary: Accept; the HTML's alternate ${alternate[1]}`);
}

/** A JSON document of the given media type that the test finds whole. */
async function documentCheck(probe: Probe, what: string, url: URL, type: string, whole: (json: Record<string, unknown>) => boolean): Promise<CheckResult> {
  const answer = await probe(url);
  const name = `GET ${url.pathname}`;
  if (answer.status !== 200 || mediaType(answer) !== type) return fail(name, `${diagnose(answer).detail}; expected 200 ${type}`, PROBE_FIX);
  const json = parseObject(answer.body);
  return json !== undefined && whole(json) ? ok(name, `200 ${type}, the ${what}`) : fail(name, `200, but not the ${what}`, PROBE_FIX);
}

/** The index (Agent Skills discovery 0.2.0), and each skill-md's SHA-256 as its digest says. */
async function skillsCheck(probe: Probe, url: URL): Promise<CheckResult> {
  const name = `GET ${url.pathname}`;
  const answer = await probe(url);
  if (missingAtSite(answer)) return absent(name, '404: no skills index (agentSkills turned it off?)');
  if (answer.status !== 200 || mediaType(answer) !== 'application/json') return fail(name, `${diagnose(answer).detail}; expected 200 application/json`, PROBE_FIX);
  const skills = parseObject(answer.body)?.skills;
  if (!Array.isArray(skills) || skills.length === 0) return fail(name, '200, but no skills array', PROBE_FIX);
  for (const skill of skills as { url?: unknown; digest?: unknown; name?: unknown }[]) {
    if (typeof skill.url !== 'string' || typeof skill.digest !== 'string') return fail(name, 'a skill without its url or digest', PROBE_FIX);
    const file = await probe(new URL(skill.url, url));
    const digest = `sha256:${createHash('sha256').update(file.body).digest('hex')}`;
    if (file.status !== 200 || digest !== skill.digest) return fail(name, `${String(skill.name)}: ${file.status === 200 ? 'its SKILL.md does not match its digest' : diagnose(file).detail}`, PROBE_FIX);
  }
  return ok(name, `200 application/json, ${skills.length} skill${skills.length === 1 ? '' : 's'}, each matching its digest`);
}

/** The MCP Server Card (SEP-1649's well-known path), which the MCP endpoint's part of the service publishes. */
async function serverCardCheck(probe: Probe, url: URL): Promise<CheckResult> {
  const name = `GET ${url.pathname}`;
  const answer = await probe(url);
  if (answer.status === 404) return skip(name, 'none: this deployment publishes no MCP Server Card');
  const json = answer.status === 200 ? parseObject(answer.body) : undefined;
  return json === undefined ? fail(name, `${diagnose(answer).detail}; expected a JSON Server Card`, PROBE_FIX) : ok(name, `200 ${mediaType(answer)}, a Server Card`);
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
