import { describe, expect, it } from '@jest/globals';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { MCP_PROTOCOL_VERSIONS, mcpServerName, mcpServerTitle } from '../../../lambdas/inquiry/mcp-server.js';

describe('the MCP server as the documents name it (docs/api.md §17)', () => {
  it('speaks only revisions the SDK implements, newest first, none of them with batches (2025-06-18 and later)', () => {
    for (const version of MCP_PROTOCOL_VERSIONS) expect(SUPPORTED_PROTOCOL_VERSIONS).toContain(version);
    expect([...MCP_PROTOCOL_VERSIONS]).toEqual([...MCP_PROTOCOL_VERSIONS].sort().reverse());
    expect(MCP_PROTOCOL_VERSIONS.every((version) => version >= '2025-06-18')).toBe(true);
  });

  it.each([
    ['https://example.com', 'com.example/contact'],
    ['https://www.ada.example.org', 'org.example.ada.www/contact'],
    ['http://localhost:3000', 'localhost/contact'],
    ['http://127.0.0.1:3000', '1.0.0.127/contact'],
    ['http://[::1]:3000', '---1-/contact'],
  ])('names %s %s, in the form a Server Card requires', (baseUrl, name) => {
    expect(mcpServerName(baseUrl)).toBe(name);
    expect(mcpServerName(baseUrl)).toMatch(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
  });

  it('titles the server with the site’s name, cut to the card’s 100 characters by code point', () => {
    expect(mcpServerTitle('Ada’s workshop')).toBe('Ada’s workshop');
    const hundred = '🙂'.repeat(100);
    expect(mcpServerTitle(hundred)).toBe(hundred);
    const cut = mcpServerTitle('🙂'.repeat(101));
    expect(Array.from(cut)).toHaveLength(100);
    expect(cut.endsWith('🙂…')).toBe(true);
  });
});
