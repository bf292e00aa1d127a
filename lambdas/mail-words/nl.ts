import type { MailWords } from './mail-words.js';

/** The label of why an inquiry was held, which the digest's opening names too. */
const HELD = 'Achtergehouden';

/** The mails in Dutch. */
export const DUTCH: MailWords = {
  tag: 'nl',
  colon: ':',
  separator: '; ',
  inquirySubject: (name, company) => `Projectaanvraag van ${name}${company === undefined ? '' : ` (${company})`}`,
  noReplyTo: (error) =>
    `Geen Reply-To: SES weigerde het in het formulier opgegeven adres als Reply-To (${error}). Schrijf zelf naar dat adres om te antwoorden.`,
  fields: { name: 'Naam', email: 'E-mailadres', company: 'Bedrijf', project_url: 'Link naar het project', message: 'Bericht' },
  received: 'Ontvangen',
  sentFrom: 'Verzonden vanaf',
  inquiryIdPlaceholder: 'aanvraag-ID',
  inquiryId: 'Aanvraag-ID',
  heldCount: (count) => (count === 1 ? '1 achtergehouden aanvraag' : `${count} achtergehouden aanvragen`),
  heldShare: (shown, total) => `${shown} van ${total} achtergehouden aanvragen`,
  digestSubject: (count, day) => `Overzicht: ${count}, ${day}`,
  digestOpening: (count, shown, others) => {
    const why = `${shown === 1 ? 'de aanvraag is' : 'elke aanvraag is'} voor ${others ? 'het overzicht' : 'deze mail'} bewaard in plaats van apart te worden gemaild; de regel "${HELD}" zegt waarom.`;
    return others ? `${count} sinds het vorige overzicht, de rest in andere mails: ${why}` : `${count} sinds het vorige overzicht: ${why}`;
  },
  quoteMark: 'Elke regel die in het formulier is geschreven, begint met "> "; alle andere regels zijn van deze dienst.',
  redeliverHint: (command) => `Om er één apart te ontvangen, met het opgegeven adres als Reply-To: ${command}`,
  sectionHeading: (number, count) => `=== ${number} van ${count} ===`,
  held: HELD,
  noReasonRecorded: 'geen reden vastgelegd',
  signals: {
    repeated_text: 'herhaalde tekst',
    too_fast: 'te snel',
    throwaway_address: 'wegwerpadres',
    link_stuffing: 'te veel links',
    flood: 'stortvloed',
  },
  heldDetail: (facts, formatSeconds) => {
    switch (facts.signal) {
      case 'repeated_text':
        return `dezelfde tekst, hoofdletters, spaties en cijfers daargelaten, kwam vandaag (UTC) meer dan ${facts.limit} keer binnen`;
      case 'too_fast':
        if (facts.token === 'early') return `verzonden ${formatSeconds(facts.seconds)} s nadat het formulier werd getoond, binnen ${facts.minimum} s`;
        return facts.token === 'expired'
          ? 'verzonden meer dan 24 uur nadat het formulier werd getoond'
          : 'verzonden met een formuliertoken dat deze site nooit heeft uitgegeven';
      case 'throwaway_address':
        return `${facts.domain} is een domein voor wegwerpadressen`;
      case 'link_stuffing':
        return `${facts.links} links in het bericht${facts.inOwnFields ? ' en in de eigen velden van het formulier' : ''}, meer dan ${facts.limit}`;
      case 'flood':
        return `meer dan ${facts.limit} aanvragen zouden dit uur (UTC) worden gemaild`;
    }
  },
};
