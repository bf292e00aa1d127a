import type { MailWords } from './mail-words.js';

/** The label of why an inquiry was held, which the digest's opening names too. */
const HELD = 'Retenue';

/** The mails in French: a no-break space before each colon, and no word that takes the visitor's gender. */
export const FRENCH: MailWords = {
  tag: 'fr',
  colon: '\u00a0:',
  separator: '\u00a0; ',
  inquirySubject: (name, company) => `Demande de projet\u00a0: ${name}${company === undefined ? '' : ` (${company})`}`,
  noReplyTo: (error) =>
    `Pas de Reply-To\u00a0: SES a refusé comme Reply-To l'adresse donnée dans le formulaire (${error}). Pour répondre, écrivez vous-même à cette adresse.`,
  fields: { name: 'Nom', email: 'Adresse e-mail', company: 'Entreprise', project_url: 'Lien vers le projet', message: 'Message' },
  received: 'Reçue',
  sentFrom: 'Envoyée depuis',
  inquiryIdPlaceholder: 'identifiant de la demande',
  inquiryId: 'Identifiant de la demande',
  heldCount: (count) => (count === 1 ? '1 demande retenue' : `${count} demandes retenues`),
  heldShare: (shown, total) => `${shown} sur ${total} demandes retenues`,
  digestSubject: (count, day) => `Résumé\u00a0: ${count}, ${day}`,
  digestOpening: (count, shown, others) => {
    const why = `${shown === 1 ? 'elle a été gardée' : 'chacune a été gardée'} pour ${others ? 'le résumé' : 'ce mail'} au lieu d'être envoyée séparément, et sa ligne «\u00a0${HELD}\u00a0» dit pourquoi.`;
    return others ? `${count} depuis le dernier résumé, les autres dans d'autres mails\u00a0: ${why}` : `${count} depuis le dernier résumé\u00a0: ${why}`;
  },
  quoteMark: 'Chaque ligne écrite dans le formulaire commence par "> ". Toutes les autres viennent de ce service.',
  redeliverHint: (command) => `Pour recevoir l'une d'elles dans un mail à part, avec l'adresse donnée en Reply-To\u00a0: ${command}`,
  sectionHeading: (number, count) => `=== ${number} sur ${count} ===`,
  held: HELD,
  noReasonRecorded: 'aucune raison enregistrée',
  signals: {
    repeated_text: 'texte répété',
    too_fast: 'trop rapide',
    throwaway_address: 'adresse jetable',
    link_stuffing: 'trop de liens',
    flood: 'afflux',
  },
  heldDetail: (facts, formatSeconds) => {
    switch (facts.signal) {
      case 'repeated_text':
        return `le même texte, à la casse, aux espaces et aux chiffres près, est arrivé plus de ${facts.limit} fois aujourd'hui (UTC)`;
      case 'too_fast':
        if (facts.token === 'early') return `envoyée ${formatSeconds(facts.seconds)} s après l'affichage du formulaire, en moins de ${facts.minimum} s`;
        return facts.token === 'expired'
          ? "envoyée plus de 24 heures après l'affichage du formulaire"
          : "envoyée avec un jeton de formulaire que ce site n'a jamais donné";
      case 'throwaway_address':
        return `${facts.domain} est un domaine d'adresses jetables`;
      case 'link_stuffing':
        return `${facts.links} liens dans le message${facts.inOwnFields ? ' et dans vos propres champs' : ''}, au-delà de ${facts.limit}`;
      case 'flood':
        return `plus de ${facts.limit} demandes auraient été envoyées séparément cette heure-ci (UTC)`;
    }
  },
};
