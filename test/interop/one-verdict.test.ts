import { beforeAll, describe, expect, it } from '@jest/globals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { readSiteSettings } from '../../lambdas/config.js';
import { validateInquiry } from '../../lambdas/contact/validation.js';
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

python.describe('one corpus, one verdict in Python’s jsonschema', () => {
  let answer: PythonAnswer;

  beforeAll(async () => {
    answer = await askPython<PythonAnswer>(python.python, 'jsonschema_verdicts.py', {
      schemas: {},
      verdicts: { requestSchema, openApiInquiry: inquirySchema },
      cases: CASES.map(({ body }) => body),
      sweeps: SWEEPS,
    });
  }, 120_000);

  it('reads every case as JavaScript does: a lone surrogate as one code point, an emoji as one', () => {
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

  it.each(SWEEPS.map((sweep, index) => [`${sweep.pattern.slice(0, 40)}… between ${JSON.stringify(sweep.before)} and ${JSON.stringify(sweep.after)}`, sweep, index] as const))(
    'reads each pattern as JavaScript does, code point by code point: %s',
    (_title, sweep, index) => {
      const pattern = new RegExp(sweep.pattern, 'u');

      expect(answer.sweeps[index]).toEqual(sweepVerdicts((text) => pattern.test(text), sweep));
    },
  );
});
