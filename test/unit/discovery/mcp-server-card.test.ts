import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { MCP_SERVER_CARD_SCHEMA, mcpServerCard } from '../../../lambdas/discovery/mcp-server-card.js';
import { readSiteSettings } from '../../../lambdas/config.js';
import { independentValidator } from '../../support/independent-validator.js';
import { spamWordsIn } from '../../support/spam-words.js';
import { site } from './site.js';

/**
 * The Server Card schema of SEP-2127's draft: schema.json of modelcontextprotocol/
 * experimental-ext-server-card (Apache-2.0) at 8924e08 (July 2026), copied as it is. Its root
 * holds only `$defs`; the card is `#/$defs/ServerCard`.
 */
const DRAFT = JSON.parse(readFileSync(new URL('../../support/mcp-server-card.schema.json', import.meta.url), 'utf8')) as Record<string, unknown>;

async function draftValidator(): Promise<(card: unknown) => boolean> {
  const schema = { ...DRAFT, $id: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json', $ref: '#/$defs/ServerCard' };
  return independentValidator(schema);
}

describe('mcpServerCard (docs/api.md §17)', () => {
  const card = mcpServerCard(site);

  it('is valid under the draft’s schema, for this site and one with a name past the card’s 100 characters', async () => {
    const valid = await draftValidator();
    expect(valid(card)).toBe(true);
    expect(valid(mcpServerCard(readSiteSettings({ BASE_URL: 'http://[::1]:3000', SITE_NAME: 'n'.repeat(120) })))).toBe(true);
    // The schema is read, not a formality: a card without its name is refused.
    const { name: _, ...nameless } = card;
    expect(valid(nameless)).toBe(false);
  });

  it('names the server, its endpoint and the revisions it speaks', () => {
    expect(card).toEqual({
      $schema: MCP_SERVER_CARD_SCHEMA,
      name: 'org.example.ada/contact',
      version: '1.0.0',
      title: "Ada's workshop",
      description: expect.stringContaining('project inquiry'),
      websiteUrl: 'https://ada.example.org/',
      remotes: [{ type: 'streamable-http', url: 'https://ada.example.org/api/mcp', supportedProtocolVersions: ['2025-11-25', '2025-06-18'] }],
    });
  });

  it('asks for no credential, and tells nothing of the spam signals', () => {
    expect(JSON.stringify(card)).not.toMatch(/headers|Authorization|token/i);
    expect(spamWordsIn(JSON.stringify(card))).toEqual([]);
  });
});
