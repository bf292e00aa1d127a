import type { MailWords } from './mail-words.js';

/** The mails in Italian. */
export const ITALIAN: MailWords = {
  tag: 'it',
  colon: ':',
  inquirySubject: (name, company) => `Richiesta di progetto da ${name}${company === undefined ? '' : ` (${company})`}`,
  noReplyTo: (error) =>
    `Nessun Reply-To: SES ha rifiutato come Reply-To l'indirizzo indicato nel modulo (${error}). Per rispondere, occorre scrivere direttamente a quell'indirizzo.`,
  fields: { name: 'Nome', email: 'Indirizzo e-mail', company: 'Azienda', project_url: 'Link al progetto', message: 'Messaggio' },
  received: 'Ricevuta',
  sentFrom: 'Inviata da',
  inquiryId: 'ID della richiesta',
  heldCount: (count) => (count === 1 ? '1 richiesta trattenuta' : `${count} richieste trattenute`),
  heldShare: (shown, total) => `${shown} di ${total} richieste trattenute`,
  digestSubject: (count, day) => `Riepilogo: ${count}, ${day}`,
  digestOpening: (count, others) =>
    others
      ? `${count} dall'ultimo riepilogo, le altre in altre mail: ognuna sembrava spam, quindi è stata tenuta per il riepilogo invece di essere inviata da sola.`
      : `${count} dall'ultimo riepilogo: ognuna sembrava spam, quindi è stata tenuta per questa mail invece di essere inviata da sola.`,
  quoteMark: 'Ogni riga scritta nel modulo inizia con "> "; tutte le altre sono di questo servizio.',
  redeliverHint: (command) => `Per riceverne una in una mail a parte, con l'indirizzo indicato come Reply-To: ${command}`,
  sectionHeading: (number, count) => `=== ${number} di ${count} ===`,
  held: 'Trattenuta',
  noReasonRecorded: 'nessun motivo registrato',
  signals: {
    repeated_text: 'testo ripetuto',
    too_fast: 'troppo veloce',
    throwaway_address: 'indirizzo usa e getta',
    link_stuffing: 'troppi link',
    flood: 'ondata',
  },
  heldDetail: (facts, seconds) => {
    switch (facts.signal) {
      case 'repeated_text':
        return `lo stesso testo, a parte maiuscole, spazi e numeri, è arrivato più di ${facts.limit} volte oggi (UTC)`;
      case 'too_fast':
        if (facts.token === 'early') return `inviata ${seconds(facts.seconds)} s dopo la visualizzazione del modulo, prima di ${facts.minimum} s`;
        return facts.token === 'expired'
          ? 'inviata più di 24 ore dopo la visualizzazione del modulo'
          : 'inviata con un token del modulo che questo sito non ha mai dato';
      case 'throwaway_address':
        return `${facts.domain} è un dominio di posta usa e getta`;
      case 'link_stuffing':
        return `${facts.links} link nel messaggio${facts.inOwnFields ? ' e nei campi propri del modulo' : ''}, più di ${facts.limit}`;
      case 'flood':
        return `più di ${facts.limit} richieste dovevano essere inviate in quest'ora (UTC)`;
    }
  },
};
