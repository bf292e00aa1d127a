import type { MailWords } from './mail-words.js';
import { BRAZILIAN_PORTUGUESE } from './pt-BR.js';

/** The label of why an inquiry was held, which the digest's opening names too. */
const HELD = BRAZILIAN_PORTUGUESE.held;

/** The mails in Portuguese, as Portugal writes it: Brazil's words where the two write the same. */
export const EUROPEAN_PORTUGUESE: MailWords = {
  ...BRAZILIAN_PORTUGUESE,
  tag: 'pt-PT',
  noReplyTo: (error) =>
    `Sem Reply-To: o SES recusou como Reply-To o endereço indicado no formulário (${error}). Para responder, escreva diretamente para esse endereço.`,
  fields: { name: 'Nome', email: 'E-mail', company: 'Empresa', project_url: 'Ligação do projeto', message: 'Mensagem' },
  sentFrom: 'Enviado a partir de',
  digestOpening: (count, shown, others) => {
    const why = `${shown === 1 ? 'foi guardado' : 'cada um foi guardado'} para ${others ? 'o resumo' : 'este e-mail'} em vez de ser enviado à parte; a linha "${HELD}" diz porquê.`;
    return others ? `${count} desde o último resumo, os restantes noutros e-mails: ${why}` : `${count} desde o último resumo: ${why}`;
  },
  quoteMark: 'Cada linha escrita no formulário começa por "> "; todas as outras são deste serviço.',
  redeliverHint: (command) => `Para receber um deles num e-mail à parte, com o endereço indicado como Reply-To: ${command}`,
  noReasonRecorded: 'nenhum motivo registado',
  signals: {
    repeated_text: 'texto repetido',
    too_fast: 'demasiado rápido',
    throwaway_address: 'endereço descartável',
    link_stuffing: 'excesso de ligações',
    flood: 'avalanche',
  },
  heldDetail: (facts, formatSeconds) => {
    switch (facts.signal) {
      case 'repeated_text':
        return `o mesmo texto, sem contar maiúsculas, espaços e números, chegou mais de ${facts.limit} vezes hoje (UTC)`;
      case 'too_fast':
        if (facts.token === 'early') return `enviado ${formatSeconds(facts.seconds)} s depois de o formulário ser apresentado, em menos de ${facts.minimum} s`;
        return facts.token === 'expired'
          ? 'enviado mais de 24 horas depois de o formulário ser apresentado'
          : 'enviado com um token de formulário que este site nunca emitiu';
      case 'throwaway_address':
        return `${facts.domain} é um domínio de e-mail descartável`;
      case 'link_stuffing':
        return `${facts.links} ligações na mensagem${facts.inOwnFields ? ' e nos campos personalizados do formulário' : ''}, mais de ${facts.limit}`;
      case 'flood':
        return `mais de ${facts.limit} pedidos seriam enviados por e-mail nesta hora (UTC)`;
    }
  },
};
