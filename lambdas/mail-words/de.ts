import type { MailWords } from './mail-words.js';

/** The label of why an inquiry was held, which the digest's opening names too. */
const HELD = 'Zurückgehalten';

/** The mails in German, addressing the owner as „Sie“. */
export const GERMAN: MailWords = {
  tag: 'de',
  colon: ':',
  separator: '; ',
  inquirySubject: (name, company) => `Projektanfrage von ${name}${company === undefined ? '' : ` (${company})`}`,
  noReplyTo: (error) =>
    `Kein Reply-To: SES hat die im Formular angegebene Adresse als Reply-To abgelehnt (${error}). Schreiben Sie zum Antworten selbst an diese Adresse.`,
  fields: { name: 'Name', email: 'E-Mail-Adresse', company: 'Firma', project_url: 'Link zum Projekt', message: 'Nachricht' },
  received: 'Eingegangen',
  sentFrom: 'Gesendet über',
  inquiryIdPlaceholder: 'Anfrage-ID',
  inquiryId: 'Anfrage-ID',
  heldCount: (count) => (count === 1 ? '1 zurückgehaltene Anfrage' : `${count} zurückgehaltene Anfragen`),
  heldShare: (shown, total) => `${shown} von ${total} zurückgehaltenen Anfragen`,
  digestSubject: (count, day) => `Tagesübersicht: ${count}, ${day}`,
  digestOpening: (count, shown, others) => {
    const why = `${shown === 1 ? 'Die Anfrage wurde' : 'Jede wurde'} für ${others ? 'die Übersicht' : 'diese Mail'} aufbewahrt, statt einzeln gesendet zu werden; die Zeile „${HELD}“ sagt, warum.`;
    return others ? `${count} seit der letzten Übersicht, die übrigen in anderen Mails: ${why}` : `${count} seit der letzten Übersicht: ${why}`;
  },
  quoteMark: 'Jede Zeile, die im Formular geschrieben wurde, beginnt mit "> "; alle anderen stammen von diesem Dienst.',
  redeliverHint: (command) => `Um eine davon einzeln zu erhalten, mit der angegebenen Adresse als Reply-To: ${command}`,
  sectionHeading: (number, count) => `=== ${number} von ${count} ===`,
  held: HELD,
  noReasonRecorded: 'kein Grund gespeichert',
  signals: {
    repeated_text: 'wiederholter Text',
    too_fast: 'zu schnell',
    throwaway_address: 'Wegwerfadresse',
    link_stuffing: 'zu viele Links',
    flood: 'Ansturm',
  },
  heldDetail: (facts, formatSeconds) => {
    switch (facts.signal) {
      case 'repeated_text':
        return `derselbe Text ging heute (UTC) mehr als ${facts.limit}-mal ein, von Groß- und Kleinschreibung, Leerzeichen und Zahlen abgesehen`;
      case 'too_fast':
        if (facts.token === 'early') return `${formatSeconds(facts.seconds)} s nach dem Anzeigen des Formulars gesendet, unter der Mindestzeit von ${facts.minimum} s`;
        return facts.token === 'expired'
          ? 'mehr als 24 Stunden nach dem Anzeigen des Formulars gesendet'
          : 'mit einem Formular-Token gesendet, das diese Website nie ausgegeben hat';
      case 'throwaway_address':
        return `${facts.domain} ist eine Domain für Wegwerf-E-Mail-Adressen`;
      case 'link_stuffing':
        return `${facts.links} Links in der Nachricht${facts.inOwnFields ? ' und in Ihren eigenen Feldern' : ''}, mehr als ${facts.limit}`;
      case 'flood':
        return `in dieser Stunde (UTC) wären mehr als ${facts.limit} Anfragen einzeln gesendet worden`;
    }
  },
};
