import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { newClient, newEmail, newMessage } from '../support/fresh-clients.js';
import { postContact } from '../support/http-client.js';
import { sentEmails, startLocalServer, type LocalServer, type StoredEmail } from '../support/local-server.js';

/*
 * The owner's mails in their language (mailLanguage, docs/api.md §7) through local mode, as npm
 * start reads it from MAIL_LANGUAGE: an inquiry's own mail, and the digest that holds a suspect one,
 * both in Brazilian Portuguese, times in the owner's zone.
 */

const DIGEST_SECONDS = 2;
let server: LocalServer;

beforeAll(async () => {
  server = await startLocalServer({ MAIL_LANGUAGE: 'pt-BR', MAIL_TIME_ZONE: 'America/Sao_Paulo', DIGEST_SECONDS: String(DIGEST_SECONDS) });
}, 60_000);
afterAll(() => server?.stop());

/** The first mail the emulator took that `matches`, within `timeoutMs`. */
async function mailWhere(matches: (email: StoredEmail) => boolean, timeoutMs = 15_000): Promise<StoredEmail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await sentEmails(server)).find(matches);
    if (mail !== undefined) return mail;
    if (Date.now() > deadline) throw new Error('no such mail came');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('the owner’s mails in Brazilian Portuguese, in local mode', () => {
  it('write an inquiry’s own mail in the owner’s language, the visitor’s words quoted as they came', async () => {
    const email = newEmail();
    const message = newMessage();
    const answer = await postContact(server.apiUrl, { name: 'Joana Prado', email, message, company: 'Prado & Filhos' }, { from: newClient() });
    expect(answer.status).toBe(202);
    const { id } = answer.json<{ id: string }>();
    const mail = await mailWhere((candidate) => candidate.replyTo.includes(email));
    expect(mail.subject).toBe('Pedido de projeto de Joana Prado (Prado & Filhos)');
    const text = mail.body.text ?? '';
    expect(text).toContain(`Nome:\n> Joana Prado\nE-mail:\n> ${email}\nEmpresa:\n> Prado & Filhos\n\nMensagem:\n> ${message}\n`);
    expect(text).toMatch(/\nRecebido em: \d{4}-\d\d-\d\d \d\d:\d\d America\/Sao_Paulo \(\d{4}-\d\d-\d\dT[\d:.]+Z\)\n/);
    expect(text).toContain(`\nID do pedido: ${id}\n`);
  });

  it('write the digest of a held inquiry in it, why it was held included', async () => {
    const answer = await postContact(server.apiUrl, { name: 'Robô', email: `robo-${Date.now()}@mailinator.com`, message: newMessage() }, { from: newClient() });
    expect(answer.status).toBe(202);
    const { id } = answer.json<{ id: string }>();
    const digest = await mailWhere((candidate) => (candidate.body.text ?? '').includes(`\nID do pedido: ${id}\n`), (DIGEST_SECONDS + 10) * 1000);
    expect(digest.subject).toMatch(/^Resumo: 1 pedido retido, \d{4}-\d\d-\d\d$/);
    const text = digest.body.text ?? '';
    expect(text).toContain('\nCada linha escrita no formulário começa com "> "; todas as outras são deste serviço.\n');
    expect(text).toContain(`: npm run redeliver -- --endpoint ${server.dynamoUrl} --again <ID do pedido>\n`);
    expect(text).toContain('=== 1 de 1 ===\nRetido: endereço descartável: mailinator.com é um domínio de e-mail descartável\n');
  });
});
