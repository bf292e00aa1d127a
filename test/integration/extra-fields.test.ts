import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ownerFormPage } from '../support/form-pages.js';
import { newClient, newEmail, newMessage } from '../support/fresh-clients.js';
import { postContact, send } from '../support/http-client.js';
import { startLocalServer, waitForEmails, type LocalServer, type StoredEmail } from '../support/local-server.js';
import { siteFolder } from '../support/site-folder.js';

/*
 * The owner's own fields (extraFields, docs/api.md §2) through local mode, as npm start reads them
 * from EXTRA_FIELDS: published in the schema, the OpenAPI document and the MCP tool, taken from
 * JSON, a form post (a <select>) and MCP, and delivered in the owner's mail under their labels.
 */

// The page chooses an option first, which a refused post's answer must not choose again in the visitor's place.
const BUDGET = '<select name="budget"><option value="">—</option><option selected>até R$ 5 mil</option><option>acima de R$ 20 mil</option></select>';
let server: LocalServer;

beforeAll(async () => {
  const site = siteFolder({
    'contato/index.html': ownerFormPage({ successPath: '/obrigado/' }).replace('<button', `${BUDGET}<input name="telefone"><button`),
    'obrigado/index.html': '<meta name="robots" content="noindex">Obrigado',
  });
  server = await startLocalServer({ SITE_DIR: site, FORM_PAGE: '/contato/', EXTRA_FIELDS: '{"budget": "Orçamento", "telefone": "Telefone"}', RATE_LIMIT_IP: '100' });
}, 60_000);
afterAll(() => server?.stop());

const mailTo = async (email: string): Promise<StoredEmail> => {
  for (;;) {
    const emails = await waitForEmails(server, 1, 15_000);
    const mail = emails.find((candidate) => candidate.replyTo.includes(email));
    if (mail !== undefined) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('the owner’s own fields, in local mode', () => {
  it('are published in the schema, the OpenAPI document and the MCP tool, after the inquiry’s own', async () => {
    const description = (await send(`${server.apiUrl}/api/contact`)).json<{ requestSchema: { properties: Record<string, { description: string }> } }>();
    expect(Object.keys(description.requestSchema.properties)).toEqual(['name', 'email', 'message', 'company', 'project_url', 'budget', 'telefone', '_gotcha']);
    expect(description.requestSchema.properties.budget?.description).toMatch(/^Orçamento, optional: at most 200 characters/);
    const openApi = (await send(`${server.apiUrl}/openapi.json`)).json<{ components: { schemas: { Inquiry: { properties: object } } } }>();
    expect(Object.keys(openApi.components.schemas.Inquiry.properties)).toContain('telefone');
    const client = new Client({ name: 'extra-fields-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.apiUrl}/api/mcp`)));
    const { tools } = await client.listTools();
    expect(Object.keys(tools[0]?.inputSchema.properties ?? {})).toContain('budget');
    await client.close();
  });

  it('reach the owner’s mail under their labels from a JSON post, each only when given', async () => {
    const email = newEmail();
    const answer = await postContact(server.apiUrl, { name: 'Joana Prado', email, message: newMessage(), budget: 'acima de R$ 20 mil', telefone: '' }, { from: newClient() });
    expect(answer.status).toBe(202);
    const text = (await mailTo(email)).body.text ?? '';
    expect(text).toContain('Orçamento:\n> acima de R$ 20 mil\n');
    expect(text).not.toContain('Telefone:');
  });

  it('reach it from a form post without script, the chosen option and the typed text, landing on the thank-you page', async () => {
    const email = newEmail();
    const answer = await send(`${server.apiUrl}/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.baseUrl, Referer: `${server.baseUrl}/contato/` },
      body: new URLSearchParams({ name: 'Joana', email, message: newMessage(), budget: 'até R$ 5 mil', telefone: '+55 11 91234-5678', _gotcha: '' }).toString(),
      from: newClient(),
    });
    expect({ status: answer.status, location: answer.headers.location }).toEqual({ status: 303, location: '/obrigado/' });
    const text = (await mailTo(email)).body.text ?? '';
    expect(text).toContain('Orçamento:\n> até R$ 5 mil\nTelefone:\n> +55 11 91234-5678\n');
  });

  it('answer a refused post in the owner’s page with the option the visitor chose still chosen', async () => {
    const answer = await send(`${server.apiUrl}/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.baseUrl, Referer: `${server.baseUrl}/contato/` },
      body: new URLSearchParams({ name: 'Joana', email: newEmail(), message: 'Curta', budget: 'acima de R$ 20 mil' }).toString(),
      from: newClient(),
    });
    expect(answer.status).toBe(422);
    expect(answer.text).toContain('<option selected>acima de R$ 20 mil</option>');
    expect(answer.text).not.toContain('<option selected>até R$ 5 mil</option>');
  });

  it('are refused past their rule with the field named, and an unnamed field still is', async () => {
    const tooLong = await postContact(server.apiUrl, { name: 'Joana', email: newEmail(), message: newMessage(), budget: 'x'.repeat(201), phone: '1' }, { from: newClient() });
    expect(tooLong.status).toBe(422);
    expect(tooLong.json<{ errors: { field: string; code: string }[] }>().errors.map(({ field, code }) => [field, code])).toEqual([
      ['budget', 'too_long'],
      ['phone', 'unknown_field'],
    ]);
  });

  it('reach the owner from the MCP tool too', async () => {
    const email = newEmail();
    const client = new Client({ name: 'extra-fields-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.apiUrl}/api/mcp`)));
    const result = await client.callTool({ name: 'sendInquiry', arguments: { name: 'Joana', email, message: newMessage(), telefone: '+55 11 5555-0000' } });
    await client.close();
    expect(result.isError).toBeFalsy();
    expect((await mailTo(email)).body.text).toContain('Telefone:\n> +55 11 5555-0000\n');
  });
});
