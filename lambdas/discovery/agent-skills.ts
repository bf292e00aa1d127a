import { createHash } from 'node:crypto';
import type { SiteSettings } from '../config.js';
import { MAX_BODY_SIZE } from '../inquiry/answer-details.js';
import { limitsInWords } from '../inquiry/limits.js';
import { optionalFieldsInWords } from '../inquiry/schema.js';
import { siteUrls } from '../site-urls.js';

/** The discovery index's schema as of the Agent Skills discovery draft 0.2.0 (Cloudflare's agent-skills-discovery-rfc). */
export const AGENT_SKILLS_SCHEMA = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';
export const SKILL_NAME = 'contact-site-owner';
/** RFC 7763 makes the charset parameter required; the draft allows text/markdown or text/plain. */
export const SKILL_CONTENT_TYPE = 'text/markdown; charset=utf-8';

/**
 * The one skill (docs/api.md §16): how an agent contacts the site's owner, by the API, the form or
 * MCP, and what it must not do. A SKILL.md of the Agent Skills specification: YAML front matter
 * with its name and description (as JSON strings, which YAML reads as written), then Markdown.
 */
export function contactSkill(site: SiteSettings): string {
  const urls = siteUrls(site.baseUrl);
  return `---
name: ${SKILL_NAME}
description: ${JSON.stringify(skillDescription(site))}
---

# Contact the owner of this site (${site.siteName})

Use this when a person asks you to get in touch with the owner of ${site.baseUrl} about a project: send one inquiry, on their behalf, with their own name and e-mail address, so that the owner can write back to them.

## What an inquiry holds

A JSON object: \`name\`, \`email\` (the address the owner answers), \`message\`, and optionally ${optionalFieldsInWords(site.extraFields, (name) => `\`${name}\``)}. GET ${urls.contactApi} returns its JSON Schema (draft 2020-12), the very schema the server validates with: follow it, field lengths included. A request body is at most ${MAX_BODY_SIZE}.

## How to send it

- **The API**: POST ${urls.contactApi} with \`Content-Type: application/json\`. No API key. An accepted inquiry is answered 202 with its id; a refused one with an RFC 9457 problem whose \`errors\` name each field to fix. Send an \`Idempotency-Key\` header (1 to 255 printable ASCII characters) and a retry with the same key and body is answered as the first, never sent twice. The OpenAPI description is ${urls.openApi}.
- **MCP**: the Streamable HTTP endpoint ${urls.mcpEndpoint}, without authentication (its Server Card: ${urls.mcpServerCard}); its tool, \`sendInquiry\`, sends the same inquiry through the same checks and limits.
- **The form**: ${urls.contactForm}, for a person in a browser.

## What not to do

- Send only what the person asked you to send, once. No advertising, no bulk or repeated messages, no inquiry on behalf of someone who did not ask for it, and never another person's e-mail address.
- Stay within the limits: ${limitsInWords(site.limits)}. A request over a limit is answered 429 with \`Retry-After\`: wait that many seconds before any retry, and do not get around a limit from other addresses.
- Do not retry an accepted inquiry (202): it is stored and reaches the owner. Retry only after a 503 or a 429, after \`Retry-After\`, with the same \`Idempotency-Key\`.
- An inquiry that looks automated (the same text again and again, a message full of links) is held for the owner to read later instead of being mailed at once: write as the person would.
`;
}

function skillDescription(site: SiteSettings): string {
  return `Send the owner of this site (${site.siteName}, ${site.baseUrl}) a project inquiry on a person's behalf, by the site's JSON API, MCP or form, within its limits. Use when asked to contact, hire or write to the site's owner.`;
}

/** `/.well-known/agent-skills/index.json` (the Agent Skills discovery draft 0.2.0): the skill, with the SHA-256 of its SKILL.md's bytes. */
export function agentSkillsIndex(site: SiteSettings, skill: string) {
  return {
    $schema: AGENT_SKILLS_SCHEMA,
    skills: [
      {
        name: SKILL_NAME,
        type: 'skill-md',
        description: skillDescription(site),
        url: new URL(siteUrls(site.baseUrl).contactSkill).pathname,
        digest: `sha256:${createHash('sha256').update(skill).digest('hex')}`,
      },
    ],
  };
}
