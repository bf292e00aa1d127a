import type { MailWords } from './mail-words.js';

/** The label of why an inquiry was held, which the digest's opening names too. */
const HELD = 'Retido';

/** The mails in Portuguese, as Brazil writes it. */
export const BRAZILIAN_PORTUGUESE: MailWords = {
  tag: 'pt-BR',
  colon: ':',
  separator: '; ',
  inquirySubject: (name, company) => `Pedido de projeto de ${name}${company === undefined ? '' : ` (${company})`}`,
  noReplyTo: (error) =>
    `Sem Reply-To: o SES recusou como Reply-To o endereço informado no formulário (${error}). Para responder, escreva diretamente para esse endereço.`,
  fields: { name: 'Nome', email: 'E-mail', company: 'Empresa', project_url: 'Link do projeto', message: 'Mensagem' },
  received: 'Recebido em',
  sentFrom: 'Enviado de',
  inquiryIdPlaceholder: 'ID do pedido',
  inquiryId: 'ID do pedido',
  heldCount: (count) => (count === 1 ? '1 pedido retido' : `${count} pedidos retidos`),
  heldShare: (shown, total) => `${shown} de ${total} pedidos retidos`,
  digestSubject: (count, day) => `Resumo: ${count}, ${day}`,
  digestOpening: (count, shown, others) => {
    const why = `${shown === 1 ? 'foi guardado' : 'cada um foi guardado'} para ${others ? 'o resumo' : 'este e-mail'} em vez de ser enviado separadamente; a linha "${HELD}" diz por quê.`;
    return others ? `${count} desde o último resumo, os demais em outros e-mails: ${why}` : `${count} desde o último resumo: ${why}`;
  },
  quoteMark: 'Cada linha escrita no formulário começa com "> "; todas as outras são deste serviço.',
  redeliverHint: (command) => `Para receber um deles em um e-mail separado, com o endereço informado como Reply-To: ${command}`,
  sectionHeading: (number, count) => `=== ${number} de ${count} ===`,
  held: HELD,
  noReasonRecorded: 'nenhum motivo registrado',
  signals: {
    repeated_text: 'texto repetido',
    too_fast: 'rápido demais',
    throwaway_address: 'endereço descartável',
    link_stuffing: 'excesso de links',
    flood: 'enxurrada',
  },
  heldDetail: (facts, formatSeconds) => {
    switch (facts.signal) {
      case 'repeated_text':
        return `o mesmo texto, sem contar maiúsculas, espaços e números, chegou mais de ${facts.limit} vezes hoje (UTC)`;
      case 'too_fast':
        if (facts.token === 'early') return `enviado ${formatSeconds(facts.seconds)} s depois que o formulário foi exibido, em menos de ${facts.minimum} s`;
        return facts.token === 'expired'
          ? 'enviado mais de 24 horas depois que o formulário foi exibido'
          : 'enviado com um token de formulário que este site nunca emitiu';
      case 'throwaway_address':
        return `${facts.domain} é um domínio de e-mail descartável`;
      case 'link_stuffing':
        return `${facts.links} links na mensagem${facts.inOwnFields ? ' e nos campos personalizados do formulário' : ''}, mais de ${facts.limit}`;
      case 'flood':
        return `mais de ${facts.limit} pedidos seriam enviados por e-mail nesta hora (UTC)`;
    }
  },
};
