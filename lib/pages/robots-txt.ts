import { contentSignalLine, type ContentSignals } from '../../lambdas/config.js';

/**
 * The AI crawlers robots.txt names (docs/api.md §16), each under the use its operator documents it
 * for, which decides whether the generated file lets it in: a training crawler when the policy
 * allows `ai-train`, a search crawler `search`, and an agent fetching a page for a person's
 * question `ai-input`.
 */
export const AI_CRAWLERS = {
  aiTrain: ['GPTBot', 'ClaudeBot', 'Google-Extended', 'Applebot-Extended', 'CCBot', 'meta-externalagent'],
  search: ['OAI-SearchBot', 'Claude-SearchBot', 'PerplexityBot'],
  aiInput: ['ChatGPT-User', 'Claude-User', 'Perplexity-User', 'MistralAI-User'],
} as const satisfies Record<keyof ContentSignals, readonly string[]>;

const USES: Readonly<Record<keyof ContentSignals, string>> = {
  aiTrain: 'training AI models',
  search: 'search indexes',
  aiInput: 'answering a person with AI, page by page',
};

/**
 * The robots.txt of a site that has none (RFC 9309): every crawler may fetch every page, under the
 * owner's Content Signals policy (contentsignals.org, with its statement of what each signal
 * means); each AI crawler is named in a group of its use, allowed or disallowed as the policy says
 * of that use, and given the policy too, since a crawler reads only the group that names it
 * (RFC 9309 §2.2.1). The sitemap's absolute URL ends it, when there is one.
 */
export function robotsTxt(signals: ContentSignals, sitemapUrl: string | undefined): string {
  const signal = `Content-Signal: ${contentSignalLine(signals)}`;
  const groups = (Object.keys(AI_CRAWLERS) as (keyof ContentSignals)[]).map((use) =>
    [
      `# AI crawlers for ${USES[use]}`,
      ...AI_CRAWLERS[use].map((name) => `User-agent: ${name}`),
      signal,
      signals[use] ? 'Allow: /' : 'Disallow: /',
    ].join('\n'),
  );
  return `${[CONTENT_SIGNALS_STATEMENT, ['User-agent: *', signal, 'Allow: /'].join('\n'), ...groups, ...(sitemapUrl === undefined ? [] : [`Sitemap: ${sitemapUrl}`])].join('\n\n')}\n`;
}

/** contentsignals.org's statement of the signals' meaning, which its generated files open with. */
const CONTENT_SIGNALS_STATEMENT = `# As a condition of accessing this website, you agree to abide by the following
# content signals:
# (a) If a content-signal = yes, you may collect content for the corresponding use.
# (b) If a content-signal = no, you may not collect content for the corresponding use.
# (c) If the website operator does not include a content signal for a corresponding
# use, the website operator neither grants nor restricts permission via content signal
# with respect to the corresponding use.
# The content signals and their meanings are:
# search: building a search index and providing search results (e.g., returning
# hyperlinks and short excerpts from your website's contents). Search does not include
# providing AI-generated search summaries.
# ai-input: inputting content into one or more AI models (e.g., retrieval augmented
# generation, grounding, or other real-time taking of content for generative AI
# search answers).
# ai-train: training or fine-tuning AI models.
# ANY RESTRICTIONS EXPRESSED VIA CONTENT SIGNALS ARE EXPRESS RESERVATIONS OF RIGHTS
# UNDER ARTICLE 4 OF THE EUROPEAN UNION DIRECTIVE 2019/790 ON COPYRIGHT AND RELATED
# RIGHTS IN THE DIGITAL SINGLE MARKET.`;

/**
 * What an owner's own robots.txt lacks for the scanners (docs/api.md §16), in words: a group naming
 * an AI crawler, a Content-Signal line, a Sitemap line.
 */
export function robotsTxtGaps(text: string): string[] {
  const records = robotsRecords(text);
  const has = (name: string) => records.some((record) => record.name === name);
  return [
    ...(aiCrawlersIn(records).length > 0 ? [] : ['rules for AI crawlers (a User-agent line naming one, such as GPTBot)']),
    ...(has('content-signal') ? [] : ['a Content-Signal line (contentsignals.org)']),
    ...(has('sitemap') ? [] : ['a Sitemap line']),
  ];
}

/** The AI crawlers of the service's own robots.txt (AI_CRAWLERS) that a robots.txt names in a User-agent line, as the service writes them. */
export function namedAiCrawlers(text: string): string[] {
  return aiCrawlersIn(robotsRecords(text));
}

function aiCrawlersIn(records: readonly RobotsRecord[]): string[] {
  const agents = new Set(records.flatMap((record) => (record.name === 'user-agent' ? [record.value] : [])));
  return Object.values(AI_CRAWLERS)
    .flat()
    .filter((name) => agents.has(name.toLowerCase()));
}

/** A robots.txt's records as RFC 9309 reads them: a line's name before its colon, and its value, case ignored, a comment after `#` left out. */
interface RobotsRecord {
  readonly name: string;
  readonly value: string;
}

function robotsRecords(text: string): RobotsRecord[] {
  return text.split(/\r\n|\r|\n/).flatMap((line) => {
    const content = line.replace(/#.*/, '');
    const at = content.indexOf(':');
    return at === -1 ? [] : [{ name: content.slice(0, at).trim().toLowerCase(), value: content.slice(at + 1).trim().toLowerCase() }];
  });
}
