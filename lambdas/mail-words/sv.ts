import type { MailWords } from './mail-words.js';

/** The label of why an inquiry was held, which the digest's opening names too. */
const HELD = 'Kvarhållen';

/** The mails in Swedish, addressing the owner as ”du”, and quoting with ”…” as Swedish does. */
export const SWEDISH: MailWords = {
  tag: 'sv',
  colon: ':',
  separator: '; ',
  inquirySubject: (name, company) => `Projektförfrågan från ${name}${company === undefined ? '' : ` (${company})`}`,
  noReplyTo: (error) =>
    `Ingen Reply-To: SES avvisade adressen från formuläret som Reply-To (${error}). Skriv själv till den adressen för att svara.`,
  fields: { name: 'Namn', email: 'E-postadress', company: 'Företag', project_url: 'Länk till projektet', message: 'Meddelande' },
  received: 'Mottagen',
  sentFrom: 'Skickad från',
  inquiryIdPlaceholder: 'förfrågnings-ID',
  inquiryId: 'Förfrågnings-ID',
  heldCount: (count) => (count === 1 ? '1 kvarhållen förfrågan' : `${count} kvarhållna förfrågningar`),
  heldShare: (shown, total) => `${shown} av ${total} kvarhållna förfrågningar`,
  digestSubject: (count, day) => `Dagssammanfattning: ${count}, ${day}`,
  digestOpening: (count, shown, others) => {
    const why = `${shown === 1 ? 'den sparades' : 'var och en sparades'} för ${others ? 'sammanfattningen' : 'det här mejlet'} i stället för att skickas separat; raden ”${HELD}” anger varför.`;
    return others ? `${count} sedan förra sammanfattningen, resten i andra mejl: ${why}` : `${count} sedan förra sammanfattningen: ${why}`;
  },
  quoteMark: 'Varje rad som skrevs i formuläret börjar med "> "; alla andra rader kommer från den här tjänsten.',
  redeliverHint: (command) => `Om du vill få en av dem i ett eget mejl, med den angivna adressen som Reply-To: ${command}`,
  sectionHeading: (number, count) => `=== ${number} av ${count} ===`,
  held: HELD,
  noReasonRecorded: 'inget skäl registrerat',
  signals: {
    repeated_text: 'upprepad text',
    too_fast: 'för snabb',
    throwaway_address: 'engångsadress',
    link_stuffing: 'för många länkar',
    flood: 'anstormning',
  },
  heldDetail: (facts, formatSeconds) => {
    switch (facts.signal) {
      case 'repeated_text':
        return `samma text, bortsett från stora och små bokstäver, mellanslag och siffror, kom in mer än ${facts.limit} gånger i dag (UTC)`;
      case 'too_fast':
        if (facts.token === 'early') return `skickad ${formatSeconds(facts.seconds)} s efter att formuläret visades, under minimitiden på ${facts.minimum} s`;
        return facts.token === 'expired'
          ? 'skickad mer än 24 timmar efter att formuläret visades'
          : 'skickad med en formulärtoken som den här webbplatsen aldrig har delat ut';
      case 'throwaway_address':
        return `${facts.domain} är en domän för engångsadresser`;
      case 'link_stuffing':
        return `${facts.links} länkar i meddelandet${facts.inOwnFields ? ' och i dina egna fält' : ''}, fler än ${facts.limit}`;
      case 'flood':
        return `fler än ${facts.limit} förfrågningar skulle ha skickats separat under den här timmen (UTC)`;
    }
  },
};
