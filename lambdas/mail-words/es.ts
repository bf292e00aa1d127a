import type { MailWords } from './mail-words.js';

/** The label of why an inquiry was held, which the digest's opening names too. */
const HELD = 'Retenida';

/** The mails in Spanish. */
export const SPANISH: MailWords = {
  tag: 'es',
  colon: ':',
  separator: '; ',
  inquirySubject: (name, company) => `Consulta de proyecto de ${name}${company === undefined ? '' : ` (${company})`}`,
  noReplyTo: (error) =>
    `Sin Reply-To: SES rechazó como Reply-To la dirección indicada en el formulario (${error}). Para responder, hay que escribir directamente a esa dirección.`,
  fields: { name: 'Nombre', email: 'Correo electrónico', company: 'Empresa', project_url: 'Enlace al proyecto', message: 'Mensaje' },
  received: 'Recibida',
  sentFrom: 'Enviada desde',
  inquiryIdPlaceholder: 'ID de la consulta',
  inquiryId: 'ID de la consulta',
  heldCount: (count) => (count === 1 ? '1 consulta retenida' : `${count} consultas retenidas`),
  heldShare: (shown, total) => `${shown} de ${total} consultas retenidas`,
  digestSubject: (count, day) => `Resumen: ${count}, ${day}`,
  digestOpening: (count, shown, others) => {
    const why = `${shown === 1 ? 'se guardó' : 'cada una se guardó'} para ${others ? 'el resumen' : 'este correo'} en vez de enviarse por separado; su línea «${HELD}» dice por qué.`;
    return others ? `${count} desde el último resumen, las demás en otros correos: ${why}` : `${count} desde el último resumen: ${why}`;
  },
  quoteMark: 'Cada línea escrita en el formulario empieza por "> "; todas las demás son de este servicio.',
  redeliverHint: (command) => `Para recibir una de ellas en un correo aparte, con la dirección indicada como Reply-To: ${command}`,
  sectionHeading: (number, count) => `=== ${number} de ${count} ===`,
  held: HELD,
  noReasonRecorded: 'ningún motivo registrado',
  signals: {
    repeated_text: 'texto repetido',
    too_fast: 'demasiado rápida',
    throwaway_address: 'dirección desechable',
    link_stuffing: 'exceso de enlaces',
    flood: 'avalancha',
  },
  heldDetail: (facts, formatSeconds) => {
    switch (facts.signal) {
      case 'repeated_text':
        return `el mismo texto, sin contar mayúsculas, espacios y números, llegó más de ${facts.limit} veces hoy (UTC)`;
      case 'too_fast':
        if (facts.token === 'early') return `enviada ${formatSeconds(facts.seconds)} s después de mostrarse el formulario, en menos de ${facts.minimum} s`;
        return facts.token === 'expired'
          ? 'enviada más de 24 horas después de mostrarse el formulario'
          : 'enviada con un token de formulario que este sitio nunca emitió';
      case 'throwaway_address':
        return `${facts.domain} es un dominio de correo desechable`;
      case 'link_stuffing':
        return `${facts.links} enlaces en el mensaje${facts.inOwnFields ? ' y en los campos personalizados del formulario' : ''}, más de ${facts.limit}`;
      case 'flood':
        return `más de ${facts.limit} consultas iban a enviarse por correo en esta hora (UTC)`;
    }
  },
};
