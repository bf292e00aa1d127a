import { beforeAll, describe, expect, it } from '@jest/globals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { readSiteSettings } from '../../lambdas/config.js';
import { validateInquiry } from '../../lambdas/intake/validation.js';
import { contactDescription } from '../../lambdas/schema/contact-description.js';
import { openApiDocument } from '../../lambdas/schema/openapi.js';
import { askPython, describeWithPython } from '../support/interop-tools.js';
import { openApiContract } from '../support/openapi-contract.js';
import { PATTERN_SWEEPS, sweepVerdicts, type SweepVerdicts } from '../support/pattern-sweeps.js';
import { ALL_INQUIRY_CASES } from '../unit/inquiry/inquiry-cases.js';

/*
 * docs/api.md §3: one corpus, every validator, one verdict. The project's own cases
 * (test/unit/inquiry/inquiry-cases.ts: every boundary of every field, names with `c` and `p`,
 * emoji, CJK, controls, bidi, lone surrogates, encoded words, CR and CRLF, the e-mail rules) go
 * through the service's validator, Ajv compiling the published schema with the `u` flag and
 * without it, Hyperjump reading the OpenAPI document, and Python's `jsonschema` reading both
 * documents. Every one must reach the case's verdict.
 */

type Json = Record<string, any>;

/** A document as a client reads it: through JSON. */
const asJson = <T>(value: T): Json => JSON.parse(JSON.stringify(value)) as Json;

const site = readSiteSettings({ BASE_URL: 'https://ada.example.org', SITE_NAME: "Ada's workshop" });
const contact = asJson(contactDescription(site));
const openApi = asJson(openApiDocument(site));
const requestSchema = contact.requestSchema as Json;
const inquirySchema = openApi.components.schemas.Inquiry as Json;
const CASES = ALL_INQUIRY_CASES.map(({ title, body, errors }) => ({ title, body, valid: errors.length === 0 }));

describe('one corpus, one verdict in JavaScript', () => {
  const withUnicode = new Ajv2020({ strict: true }).compile(requestSchema);
  const withCodeUnits = new Ajv2020({ strict: true, unicodeRegExp: false }).compile(requestSchema);
  const openApiReader = openApiContract(openApi);

  it.each(CASES.map((testCase) => [testCase.title, testCase] as const))('%s', async (_title, { body, valid }) => {
    const verdicts = {
      service: validateInquiry(body).valid,
      ajvWithUnicode: withUnicode(body),
      ajvWithCodeUnits: withCodeUnits(body),
      hyperjumpReadingOpenApi: (await openApiReader.violations('/components/schemas/Inquiry', body)).length === 0,
    };

    expect(verdicts).toEqual({ service: valid, ajvWithUnicode: valid, ajvWithCodeUnits: valid, hyperjumpReadingOpenApi: valid });
  });
});

interface PythonAnswer {
  readonly versions: Readonly<Record<string, string>>;
  readonly schemaErrors: Readonly<Record<string, string | null>>;
  readonly verdicts: Readonly<Record<'requestSchema' | 'openApiInquiry', readonly boolean[]>>;
  readonly codePoints: ReadonlyArray<Readonly<Record<string, readonly number[]>>>;
  readonly sweeps: readonly SweepVerdicts[];
}

const python = describeWithPython('jsonschema', 'install it with "sudo apt-get install python3-jsonschema", or set PYTHON to an interpreter that has it.');
const SWEEPS = [...PATTERN_SWEEPS.values()].flat();

/** The characters where the dialects could part: controls, white space, surrogates, astral ones, digits of other scripts, the patterns' own syntax. */
const TRICKY_UNITS = [
  'a', 'Z', '0', '\u0663', ' ', '\t', '\r', '\n', '\u000B', '\u0000', '\u001C', '\u007F', '\u0085', '\u009F', '\u00A0', '\u2028',
  '\u202E', '\u2066', '\uFEFF', '\u3000', '\uD83D', '\uDE00', '\uDBFF', '😀', 'é', 'e\u0301', '=', '?', '@', '.', '/', '#', ':', '"', '\\', ';',
];
/** Strings of those characters, some after the start of what a pattern expects, from a fixed seed. */
const PROBES = fc.sample(
  fc.tuple(fc.constantFrom('', '', 'https://', 'a@b', 'a@b.co', '"ip";r=1;t=0', '"', '=?'), fc.string({ unit: fc.constantFrom(...TRICKY_UNITS), maxLength: 12 })).map(
    ([start, rest]) => start + rest,
  ),
  { numRuns: 1500, seed: 32 },
);
const PATTERNS = [...PATTERN_SWEEPS.keys()];

python.describe('one corpus, one verdict in Python’s jsonschema', () => {
  let answer: PythonAnswer;
  let probeVerdicts: Readonly<Record<string, readonly boolean[]>>;

  beforeAll(async () => {
    const probes = askPython<PythonAnswer>(python.python, 'jsonschema_verdicts.py', {
      schemas: {},
      verdicts: Object.fromEntries(PATTERNS.map((pattern) => [pattern, { type: 'string', pattern }])),
      cases: PROBES,
      sweeps: [],
    });
    answer = await askPython<PythonAnswer>(python.python, 'jsonschema_verdicts.py', {
      schemas: {},
      verdicts: { requestSchema, openApiInquiry: inquirySchema },
      cases: CASES.map(({ body }) => body),
      sweeps: SWEEPS,
    });
    probeVerdicts = (await probes).verdicts;
  }, 120_000);

  it('reads every case as JavaScript does, though every character beyond ASCII travels as an escape: a lone surrogate as one code point, an emoji (two escapes) as one', () => {
    const codePoints = (body: Json) =>
      Object.fromEntries(
        Object.entries(body)
          .filter(([, value]) => typeof value === 'string')
          .map(([name, value]) => [name, Array.from(value as string, (character) => character.codePointAt(0))]),
      );

    expect(answer.codePoints).toEqual(CASES.map(({ body }) => codePoints(body)));
    expect(answer.codePoints.flatMap((members) => Object.values(members).flat())).toEqual(expect.arrayContaining([0xd800, 0xdc00, 0x1f600]));
  });

  it.each(CASES.map((testCase, index) => [testCase.title, testCase, index] as const))('%s', (_title, { valid }, index) => {
    const verdicts = { requestSchema: answer.verdicts.requestSchema[index], openApiInquiry: answer.verdicts.openApiInquiry[index] };

    expect(verdicts).toEqual({ requestSchema: valid, openApiInquiry: valid });
  });

  it('reads each pattern as JavaScript does, with and without u, on strings of the characters where dialects part', () => {
    const disagreements = PATTERNS.flatMap((pattern) => {
      const [withUnicode, withCodeUnits] = [new RegExp(pattern, 'u'), new RegExp(pattern)];
      return PROBES.flatMap((probe, index) => {
        const verdicts = [withUnicode.test(probe), withCodeUnits.test(probe), probeVerdicts[pattern]?.[index]];
        return verdicts.every((verdict) => verdict === verdicts[0]) ? [] : [{ pattern, probe, verdicts }];
      });
    });

    expect(disagreements).toEqual([]);
    // Not vacuous: every pattern takes some probes and refuses others.
    for (const pattern of PATTERNS) expect(new Set(probeVerdicts[pattern])).toEqual(new Set([true, false]));
  });

  it.each(SWEEPS.map((sweep, index) => [`${sweep.pattern.slice(0, 40)}… between ${JSON.stringify(sweep.before)} and ${JSON.stringify(sweep.after)}`, sweep, index] as const))(
    'reads each pattern as JavaScript does, code point by code point: %s',
    (_title, sweep, index) => {
      const pattern = new RegExp(sweep.pattern, 'u');

      expect(answer.sweeps[index]).toEqual(sweepVerdicts((text) => pattern.test(text), sweep));
    },
  );
});
