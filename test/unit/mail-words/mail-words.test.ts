import { describe, expect, it } from '@jest/globals';
import { composeDigestEmail, type HeldInquiry } from '../../../lambdas/delivery/digest-email.js';
import { composeInquiryEmail } from '../../../lambdas/delivery/inquiry-email.js';
import { toHeldReasons, type HeldFacts } from '../../../lambdas/inbox/held-reasons.js';
import { MAIL_LANGUAGES, mailLanguageNamed } from '../../../lambdas/mail-words/mail-language.js';
import { describeHeldReason } from '../../../lambdas/mail-words/mail-words.js';
import { MAIL_WORDS } from '../../../lambdas/mail-words/words-by-language.js';

const RECEIPT = { id: 'inquiry-1', receivedAt: new Date(Date.UTC(2030, 0, 2, 3, 4, 5)), sentFrom: 'https://ada.example/contato/' };
const INQUIRY = { name: 'Joana Prado', email: 'joana@example.com', message: 'Um site novo.', company: 'Prado & Filhos', project_url: 'https://prado.example' };

/** One of each fact a signal is raised on. */
const EVERY_FACT: readonly HeldFacts[] = [
  { signal: 'repeated_text', limit: 2 },
  { signal: 'too_fast', token: 'early', seconds: 1.2, minimum: 3 },
  { signal: 'too_fast', token: 'expired' },
  { signal: 'too_fast', token: 'forged' },
  { signal: 'throwaway_address', domain: 'mailinator.com' },
  { signal: 'link_stuffing', links: 8, limit: 5, inOwnFields: false },
  { signal: 'link_stuffing', links: 8, limit: 5, inOwnFields: true },
  { signal: 'flood', limit: 20 },
];

describe('mailLanguage: the language a tag asks for (docs/api.md §7)', () => {
  it.each([
    ['en', 'en'],
    ['EN', 'en'],
    ['fr', 'fr'],
    ['fr-CA', 'fr'],
    ['de_DE', 'de'],
    ['es-419', 'es'],
    ['it-CH', 'it'],
    ['nl-BE', 'nl'],
    ['pt-BR', 'pt-BR'],
    ['pt-br', 'pt-BR'],
    ['pt', 'pt-BR'],
    ['pt-PT', 'pt-PT'],
    ['PT_pt', 'pt-PT'],
    ['pt-AO', 'pt-BR'],
    ['zh-Hans-CN', undefined],
    ['sv', 'sv'],
    ['sv-FI', 'sv'],
    ['SV_se', 'sv'],
  ])('takes %s for %s', (tag, language) => {
    expect(mailLanguageNamed(tag)).toBe(language);
  });

  it.each([[''], ['f'], ['fra'], ['french'], ['zh'], ['fr-'], ['-fr'], ['fr CA'], ['x-klingon'], ['fr-toolongsubtag']])('takes no language for %j', (tag) => {
    expect(mailLanguageNamed(tag)).toBeUndefined();
  });

  it('has words for every language it takes', () => {
    expect(Object.keys(MAIL_WORDS).sort()).toEqual([...MAIL_LANGUAGES].sort());
    for (const language of MAIL_LANGUAGES) expect(MAIL_WORDS[language].tag).toBe(language);
  });
});

describe('the words of each language', () => {
  it.each(MAIL_LANGUAGES.map((language) => [language]))('%s: words every reason a signal is raised for, each its own', (language) => {
    const words = MAIL_WORDS[language];
    const described = EVERY_FACT.map((facts) => describeHeldReason(facts, words));
    for (const text of described) expect(text).not.toMatch(/undefined|NaN|\[object|null/);
    expect(new Set(described).size).toBe(EVERY_FACT.length);
    expect(described.filter((text) => text.includes('mailinator.com'))).toHaveLength(1);
  });

  it.each(MAIL_LANGUAGES.filter((language) => language !== 'en').map((language) => [language]))('%s: writes none of the English sentences', (language) => {
    const words = MAIL_WORDS[language];
    const sentences = (of: typeof words) => [
      of.inquirySubject('A', 'B'),
      of.noReplyTo('E'),
      of.received,
      of.sentFrom,
      of.inquiryId,
      of.inquiryIdPlaceholder,
      of.heldCount(1),
      of.heldCount(2),
      of.heldShare(1, 2),
      of.digestSubject('C', 'D'),
      of.digestOpening('C', 1, false),
      of.digestOpening('C', 2, false),
      of.digestOpening('C', 1, true),
      of.digestOpening('C', 2, true),
      of.quoteMark,
      of.redeliverHint('npm run redeliver'),
      of.sectionHeading(1, 2),
      of.held,
      of.noReasonRecorded,
      ...EVERY_FACT.map((facts) => describeHeldReason(facts, of)),
    ];
    const english = sentences(MAIL_WORDS.en);
    sentences(words).forEach((sentence, index) => expect(sentence).not.toBe(english[index]));
  });

  it.each([
    ['en', 'too fast: sent 1.2 s after the form was shown, sooner than 3 s'],
    ['de', 'zu schnell: 1,2 s nach dem Anzeigen des Formulars gesendet, unter der Mindestzeit von 3 s'],
    ['es', 'demasiado rápida: enviada 1,2 s después de mostrarse el formulario, en menos de 3 s'],
    ['fr', "trop rapide\u00a0: envoyée 1,2 s après l'affichage du formulaire, en moins de 3 s"],
    ['it', 'troppo veloce: inviata 1,2 s dopo la visualizzazione del modulo, in meno di 3 s'],
    ['nl', 'te snel: verzonden 1,2 s nadat het formulier werd getoond, binnen 3 s'],
    ['pt-BR', 'rápido demais: enviado 1,2 s depois que o formulário foi exibido, em menos de 3 s'],
    ['pt-PT', 'demasiado rápido: enviado 1,2 s depois de o formulário ser apresentado, em menos de 3 s'],
    ['sv', 'för snabb: skickad 1,2 s efter att formuläret visades, under minimitiden på 3 s'],
  ] as const)('%s: writes the seconds as the language writes a number', (language, text) => {
    expect(describeHeldReason({ signal: 'too_fast', token: 'early', seconds: 1.2, minimum: 3 }, MAIL_WORDS[language])).toBe(text);
  });

  it('writes the seconds ungrouped, as the other numbers of a reason are', () => {
    const reason = { signal: 'too_fast', token: 'early', seconds: 9999.9, minimum: 10_000 } as const;
    expect(describeHeldReason(reason, MAIL_WORDS.en)).toBe('too fast: sent 9999.9 s after the form was shown, sooner than 10000 s');
    expect(describeHeldReason(reason, MAIL_WORDS.de)).toBe('zu schnell: 9999,9 s nach dem Anzeigen des Formulars gesendet, unter der Mindestzeit von 10000 s');
  });

  it('keeps the English words of a reason stored before the mails had a language, under the signal’s name in the mails’ own', () => {
    const worded = { signal: 'too_fast', detail: 'sent 1 s after the form was shown, sooner than 3 s' } as const;
    expect(describeHeldReason(worded, MAIL_WORDS.de)).toBe('zu schnell: sent 1 s after the form was shown, sooner than 3 s');
    expect(describeHeldReason(worded, MAIL_WORDS.en)).toBe('too fast: sent 1 s after the form was shown, sooner than 3 s');
  });
});

describe('toHeldReasons: the reasons of a stored item', () => {
  it('keeps every fact a signal is raised on, and the English words of an earlier version', () => {
    const worded = { signal: 'flood', detail: 'more than 20 inquiries were to be mailed this hour (UTC)' };
    expect(toHeldReasons([...EVERY_FACT, worded])).toEqual([...EVERY_FACT, worded]);
  });

  it('reads a reason as its facts when it holds them, whatever else it holds', () => {
    expect(
      toHeldReasons([
        { signal: 'flood', limit: 20, detail: null },
        { signal: 'repeated_text', limit: 2, detail: { a: 1 } },
        { signal: 'throwaway_address', domain: 'mailinator.com', detail: 'an older wording' },
      ]),
    ).toEqual([
      { signal: 'flood', limit: 20 },
      { signal: 'repeated_text', limit: 2 },
      { signal: 'throwaway_address', domain: 'mailinator.com' },
    ]);
  });

  it('leaves out a reason whose facts are missing or of another type', () => {
    expect(
      toHeldReasons([
        { signal: 'too_fast', token: 'early', seconds: -2.5, minimum: 3 },
        { signal: 'throwaway_address', domain: '' },
        { signal: 'flood', limit: 20.5, detail: null },
        { signal: 'repeated_text' },
        { signal: 'repeated_text', limit: -1 },
        { signal: 'repeated_text', limit: '2' },
        { signal: 'too_fast', token: 'early', minimum: 3 },
        { signal: 'too_fast', token: 'early', seconds: Number.NaN, minimum: 3 },
        { signal: 'too_fast', token: 'late' },
        { signal: 'throwaway_address', domain: 5 },
        { signal: 'link_stuffing', links: 8, limit: 5 },
        { signal: 'flood', limit: 2.5 },
        { signal: 'spoofed', detail: 'x' },
        { signal: 'flood', detail: 7 },
        null,
        'flood',
      ]),
    ).toEqual([]);
    expect(toHeldReasons({ signal: 'flood', limit: 20 })).toEqual([]);
  });
});

describe('the owner’s mails in their language (mailLanguage)', () => {
  it('writes an inquiry’s mail in French, a no-break space before each colon', () => {
    const { subject, text } = composeInquiryEmail(INQUIRY, RECEIPT, { timeZone: 'Europe/Paris', words: MAIL_WORDS.fr, replyToRefused: 'BadRequestException' });
    expect(subject).toBe('Demande de projet\u00a0: Joana Prado (Prado & Filhos)');
    expect(text.split('\n')).toEqual([
      "Pas de Reply-To\u00a0: SES a refusé comme Reply-To l'adresse donnée dans le formulaire (BadRequestException). Pour répondre, écrivez vous-même à cette adresse.",
      '',
      'Nom\u00a0:',
      '> Joana Prado',
      'Adresse e-mail\u00a0:',
      '> joana@example.com',
      'Entreprise\u00a0:',
      '> Prado & Filhos',
      'Lien vers le projet\u00a0:',
      '> https://prado.example',
      '',
      'Message\u00a0:',
      '> Um site novo.',
      '',
      'Reçue\u00a0: 2030-01-02 04:04 Europe/Paris (2030-01-02T03:04:05.000Z)',
      'Envoyée depuis\u00a0: https://ada.example/contato/',
      'Identifiant de la demande\u00a0: inquiry-1',
      '',
    ]);
  });

  it('writes a digest in German, a share of the day’s among several mails', () => {
    const held: HeldInquiry = {
      id: 'held-1',
      requestId: 'r',
      receivedAt: RECEIPT.receivedAt.toISOString(),
      state: 'sending',
      attempts: 0,
      retryFrom: 0,
      heldFor: [{ signal: 'throwaway_address', domain: 'mailinator.com' }, { signal: 'repeated_text', limit: 2 }, { signal: 'flood', detail: 'a reason\u202e of an earlier version' }],
      text: { name: 'Jan', email: 'jan@mailinator.com', message: 'Hallo' },
    };
    const { subject, text } = composeDigestEmail([held], 3, { sentAt: new Date(Date.UTC(2030, 0, 3, 7)), timeZone: 'Europe/Berlin', words: MAIL_WORDS.de });
    expect(subject).toBe('Tagesübersicht: 1 von 3 zurückgehaltenen Anfragen, 2030-01-03');
    expect(text.split('\n').slice(0, 14)).toEqual([
      '1 von 3 zurückgehaltenen Anfragen seit der letzten Übersicht, die übrigen in anderen Mails: Die Anfrage wurde für die Übersicht aufbewahrt, statt einzeln gesendet zu werden; die Zeile „Zurückgehalten“ sagt, warum.',
      'Jede Zeile, die im Formular geschrieben wurde, beginnt mit "> "; alle anderen stammen von diesem Dienst.',
      'Um eine davon einzeln zu erhalten, mit der angegebenen Adresse als Reply-To: npm run redeliver -- --again <Anfrage-ID>',
      '',
      '=== 1 von 1 ===',
      // A bidi control in a line of the service's is made visible: it would reorder the line.
      'Zurückgehalten: Wegwerfadresse: mailinator.com ist eine Domain für Wegwerf-E-Mail-Adressen; wiederholter Text: derselbe Text ging heute (UTC) mehr als 2-mal ein, von Groß- und Kleinschreibung, Leerzeichen und Zahlen abgesehen; Ansturm: a reason\\u202E of an earlier version',
      '',
      'Name:',
      '> Jan',
      'E-Mail-Adresse:',
      '> jan@mailinator.com',
      '',
      'Nachricht:',
      '> Hallo',
    ]);
  });

  it('counts held inquiries in Brazilian Portuguese, one or more', () => {
    const at = new Date(Date.UTC(2030, 0, 3, 11));
    const words = MAIL_WORDS['pt-BR'];
    const held = (id: string): HeldInquiry => ({ id, requestId: id, receivedAt: at.toISOString(), state: 'sending', attempts: 0, retryFrom: 0, text: { name: 'Ana', email: 'ana@example.com', message: 'Olá' } });
    const one = composeDigestEmail([held('a')], 1, { sentAt: at, timeZone: 'America/Sao_Paulo', words });
    expect(one.subject).toBe('Resumo: 1 pedido retido, 2030-01-03');
    expect(one.text).toContain('=== 1 de 1 ===\nRetido: nenhum motivo registrado\n');
    expect(composeDigestEmail([held('a'), held('b')], 2, { sentAt: at, timeZone: 'America/Sao_Paulo', words }).subject).toBe('Resumo: 2 pedidos retidos, 2030-01-03');
  });
});
