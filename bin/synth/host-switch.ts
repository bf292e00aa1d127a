import { bareNameOf } from '../../lib/bare-name.js';
import { PAGE_PATHS } from '../../lambdas/html/page-paths.js';
import { type Step, verbatim } from './step.js';

/**
 * A static host that builds an owner's site (siteOrigin), known by its own address's ending: what
 * it answers at that address while the owner's domain is set there decides the switch's order
 * (docs/your-domain.md "A site that stays at its host"). GitHub Pages redirects it to the custom
 * domain (docs.github.com, "About custom domains and GitHub Pages"); Netlify, Cloudflare Pages,
 * Vercel and GitLab Pages keep serving it unless the owner adds a redirect (their "custom domains"
 * pages).
 */
interface KnownHost {
  readonly suffix: string;
  readonly name: string;
  /** Where the owner removes the domain from the host once the switch is done. */
  readonly domains: string;
  readonly redirects: boolean;
  /** Where the owner verifies the domain first, for a host whose own check keeps another account's site from claiming it while the custom domain is off and the records still name the host. */
  readonly verifyAt?: string;
  /** The host's own form handling, whose posts go to a page of the site, which the front door sends back to the form page unsent once the names move: the converted form cannot wait the TTL. */
  readonly forms?: string;
}

const KNOWN_HOSTS: readonly KnownHost[] = [
  { suffix: '.github.io', name: 'GitHub Pages', domains: "your repository's Custom domain (and its CNAME file)", redirects: true, verifyAt: "GitHub (your account's or organization's Settings, Pages, Add a domain: a TXT record)" },
  { suffix: '.netlify.app', name: 'Netlify', domains: "the site's Domain management", redirects: false, forms: 'Netlify Forms' },
  { suffix: '.pages.dev', name: 'Cloudflare Pages', domains: "the project's Custom domains (keep the DNS record that now names the distribution)", redirects: false },
  { suffix: '.vercel.app', name: 'Vercel', domains: "the project's Domains", redirects: false },
  { suffix: '.gitlab.io', name: 'GitLab Pages', domains: "the project's Pages domains", redirects: false },
];

const GUIDE = 'docs/your-domain.md "A site that stays at its host"';
const CONVERTED_FORM = `push your contact page converted to post to ${PAGE_PATHS.form}`;

function knownHost(siteHost: string): KnownHost | undefined {
  return KNOWN_HOSTS.find(({ suffix }) => siteHost.endsWith(suffix));
}

function listed(names: readonly string[]): string {
  return names.join(' and ');
}

/** What the owner checks of a host that serves its own address: that no redirect of their own sends it to the names. */
function servingCheck(siteHost: string, names: readonly string[]): string {
  return `unless you made it redirect to ${listed(names)}: curl -sI https://${siteHost}/ must answer 200`;
}

/**
 * For a host that keeps serving its own address: once every resolver names the distribution, the
 * converted form (at once for a host's own forms, whose posts the front door sends back to the form unsent), then
 * the host lets the names go.
 */
function afterTheTtl(names: readonly string[], host: KnownHost): string {
  const forms = host.forms === undefined ? '' : ` (with ${host.forms}, push it right after the switch instead: their posts go to a page of your site, which then sends them back to the form, unsent)`;
  return `Once the old records' TTL has passed, ${CONVERTED_FORM}${forms}, read what your form service received, and remove ${listed(names)} from ${host.domains}`;
}

/**
 * Before the deploy, for a host whose own check keeps another account's site from claiming the
 * domain while its custom domain is off and the records still name it: the domain verified there.
 */
export function verifyAtHostStep(names: readonly string[], siteHost: string): Step | undefined {
  const host = knownHost(siteHost);
  if (host?.verifyAt === undefined) return undefined;
  const name = names[0] ?? '';
  return [
    `A day before you switch, verify ${bareNameOf(name) ?? name} at ${host.verifyAt},`,
    `so that no one else's site there can claim it while the records still name ${host.name} (${GUIDE})`,
  ];
}

/** The day-before step: the records' TTL lowered, so the switch takes minutes. */
export function lowerTtlStep(names: readonly string[], siteHost: string | undefined, inZone: boolean): Step {
  const lowered = `At least a day before you switch (the move below; the deploy may come sooner), lower the TTL of ${listed(names)}'s records ${inZone ? 'in your Route 53 zone' : 'at your DNS host'} to 300 s,`;
  const redirects = siteHost === undefined ? undefined : knownHost(siteHost)?.redirects;
  const why =
    redirects === false
      ? 'so that every visitor reaches the new site five minutes after the switch'
      : redirects === true
        ? `so that the switch leaves visitors on ${siteHost}'s 404 page five minutes at most`
        : 'so that the switch takes five minutes at most';
  return [lowered, `${why}${inZone ? '' : ' (at Cloudflare, a proxied record has it already)'}`];
}

/**
 * The step that moves the names from the host to the distribution, `where` saying how to point
 * them and `tryGuide` which list and step of docs/your-domain.md show the hosts file's try: a host that serves its own address is tried through the hosts file first, with no gap; one
 * that redirects it has its custom domain turned off at the switch, with a gap as long as the
 * records' TTL; an unknown host, both, by what curl shows.
 */
export function hostSwitchStep(names: readonly string[], where: string, tryGuide: string, siteHost: string): Step {
  const pronoun = names.length === 1 ? 'it' : 'them';
  const host = knownHost(siteHost);
  const tried = `try the site at ${listed(names)} through your hosts file (docs/your-domain.md, ${tryGuide}), then point ${pronoun} at DistributionDomainName ${where}`;
  if (host?.redirects === false) {
    return [`${capitalized(tried)}.`, `${host.name} keeps serving ${siteHost}, where the front door reads your pages (${servingCheck(siteHost, names)}).`, `${afterTheTtl(names, host)} (${GUIDE})`];
  }
  if (host !== undefined) {
    return [
      `Turn off ${host.domains}, at once point ${pronoun} at DistributionDomainName ${where}, and ${CONVERTED_FORM}:`,
      `while the custom domain is on, ${siteHost} answers the front door with a redirect to the name in that setting, so a try through your hosts file would loop.`,
      `For the records' TTL some visitors get ${host.name}' 404 page: choose a quiet hour (${GUIDE})`,
    ];
  }
  return [
    `See how ${siteHost} answers while your domain is set there:`,
    verbatim(`curl -sI https://${siteHost}/`),
    `A 200: ${tried}, and once the old records' TTL has passed, ${CONVERTED_FORM} and remove ${listed(names)} from the host's domains.`,
    `A redirect to your domain: turn the host's custom domain setting off, then at once point ${pronoun} at DistributionDomainName and ${CONVERTED_FORM}; for the records' TTL some visitors get the host's 404 page (${GUIDE})`,
  ];
}

/**
 * For names the deploy itself points at the distribution (the owner's Route 53 zone): a host that
 * redirects its own address has its custom domain turned off as the deploy ends, or visitors loop
 * till then (`siteRecords` false leaves the minute to the owner: hostSwitchStep).
 */
export function hostAfterDeployStep(names: readonly string[], siteHost: string): Step {
  const host = knownHost(siteHost);
  const them = names.length === 1 ? 'it' : 'them';
  if (host?.redirects === false) {
    return [
      `The deploy points ${listed(names)} at the distribution, which reads your pages from ${siteHost}: ${host.name} keeps serving it (${servingCheck(siteHost, names)}).`,
      `${afterTheTtl(names, host)} (${GUIDE})`,
    ];
  }
  if (host !== undefined) {
    return [
      `As the deploy ends, turn off ${host.domains}, and ${CONVERTED_FORM}:`,
      `the deploy points ${them} at the distribution, and while that setting is on ${siteHost} answers it with a redirect to the name in that setting, a loop for visitors.`,
      `To choose the minute yourself, set "siteRecords": false before the first deploy (${GUIDE})`,
    ];
  }
  return [
    `The deploy points ${listed(names)} at the distribution, which reads your pages from ${siteHost}. See how ${siteHost} answers:`,
    verbatim(`curl -sI https://${siteHost}/`),
    `A redirect to your domain: turn off the host's custom domain setting as the deploy ends, or visitors loop between the two (to choose the minute yourself, set "siteRecords": false before the first deploy), and ${CONVERTED_FORM} at once.`,
    `Else push it once the old records' TTL has passed. Then remove ${listed(names)} from the host's domains (${GUIDE})`,
  ];
}

function capitalized(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}
