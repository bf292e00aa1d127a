import type { MailWords } from './mail-words.js';

/** The label of why an inquiry was held, which the digest's opening names too. */
const HELD = 'Trattenuta';

/** The mails in Italian. */
export const ITALIAN: MailWords = {
  tag: 'it',
  colon: ':',
  separator: '; ',
  inquirySubject: (name, company) => `Richiesta di progetto da ${name}${company === undefined ? '' : ` (${company})`}`,
  noReplyTo: (error) =>
    `Nessun Reply-To: SES ha rifiutato come Reply-To l'indirizzo indicato nel modulo (${error}). Per rispondere, occorre scrivere direttamente a quell'indirizzo.`,
  fields: { name: 'Nome', email: 'Indirizzo e-mail', company: 'Azienda', project_url: 'Link al progetto', message: 'Messaggio' },
  received: 'Ricevuta il',
  sentFrom: 'Inviata da',
  inquiryIdPlaceholder: 'ID della richiesta',
  inquiryId: 'ID della richiesta',
  heldCount: (count) => (count === 1 ? '1 richiesta trattenuta' : `${count} richieste trattenute`),
  heldShare: (shown, total) => `${shown} di ${total} richieste trattenute`,
  digestSubject: (count, day) => `Riepilogo: ${count}, ${day}`,
  digestOpening: (count, shown, others) => {
    const why = `${shown === 1 ? 'è stata conservata' : 'ognuna è stata conservata'} per ${others ? 'il riepilogo' : 'questa mail'} invece di essere inviata singolarmente; la riga «${HELD}» dice perché.`;
    return others ? `${count} dall'ultimo riepilogo, le altre in altre mail: ${why}` : `${count} dall'ultimo riepilogo: ${why}`;
  },
  quoteMark: 'Ogni riga scritta nel modulo inizia con "> "; tutte le altre sono di questo servizio.',
  redeliverHint: (command) => `Per riceverne una in una mail a parte, con l'indirizzo indicato come Reply-To: ${command}`,
  sectionHeading: (number, count) => `=== ${number} di ${count} ===`,
  held: HELD,
  noReasonRecorded: 'nessun motivo registrato',
  signals: {
    repeated_text: 'testo ripetuto',
    too_fast: 'troppo veloce',
    throwaway_address: 'indirizzo usa e getta',
    link_stuffing: 'troppi link',
    flood: 'ondata',
  },
  heldDetail: (facts, formatSeconds) => {
    switch (facts.signal) {
      case 'repeated_text':
        return `lo stesso testo, a parte maiuscole, spazi e numeri, è arrivato più di ${facts.limit} volte oggi (UTC)`;
      case 'too_fast':
        if (facts.token === 'early') return `inviata ${formatSeconds(facts.seconds)} s dopo la visualizzazione del modulo, in meno di ${facts.minimum} s`;
        return facts.token === 'expired'
          ? 'inviata più di 24 ore dopo la visualizzazione del modulo'
          : 'inviata con un token del modulo che questo sito non ha mai emesso';
      case 'throwaway_address':
        return `${facts.domain} è un dominio di posta usa e getta`;
      case 'link_stuffing':
        return `${facts.links} link nel messaggio${facts.inOwnFields ? ' e nei campi personalizzati del modulo' : ''}, più di ${facts.limit}`;
      case 'flood':
        return `più di ${facts.limit} richieste sarebbero state inviate singolarmente in quest'ora (UTC)`;
    }
  },
};
