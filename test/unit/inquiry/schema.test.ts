import { beforeAll, describe, expect, it } from '@jest/globals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { validateInquiry } from '../../../lambdas/intake/validation.js';
import { contactRequestSchema, JSON_SCHEMA_DIALECT } from '../../../lambdas/inquiry/schema.js';
import { independentValidator } from '../../support/independent-validator.js';
import { ALL_INQUIRY_CASES, EMOJI, VALID_INQUIRY, ZWJ_SEQUENCE } from './inquiry-cases.js';

/*
 * docs/api.md §2: "any draft 2020-12 validator reaches the server's verdict on every payload".
 * The second validator is Hyperjump's, fed the schema as it is published (through JSON), with
 * its built-in 2020-12 dialect, where `format` is an annotation only.
 */

const BASE_URL = 'https://example.com';
const published = JSON.parse(JSON.stringify(contactRequestSchema(BASE_URL))) as Record<string, unknown>;
const server = validateInquiry;
let independent: (instance: unknown) => boolean;

beforeAll(async () => {
  independent = await independentValidator(contactRequestSchema(BASE_URL));
});

function verdicts(body: Readonly<Record<string, unknown>>) {
  return { server: server(body).valid, independent: independent(body) };
}

describe('the published schema', () => {
  it('is a draft 2020-12 schema of an object with no other fields, a description on every property', () => {
    expect(published).toMatchObject({
      $schema: JSON_SCHEMA_DIALECT,
      $id: `${BASE_URL}/api/contact`,
      type: 'object',
      required: ['name', 'email', 'message'],
      additionalProperties: false,
    });
    expect(JSON_SCHEMA_DIALECT).toBe('https://json-schema.org/draft/2020-12/schema');
    const properties = published.properties as Record<string, Record<string, unknown>>;
    expect(Object.keys(properties)).toEqual(['name', 'email', 'message', 'company', 'project_url', '_gotcha']);
    for (const property of Object.values(properties)) {
      expect(property).toMatchObject({ type: 'string', description: expect.stringMatching(/\S/) });
    }
  });

  it('is valid under the 2020-12 meta-schema (the server compiles it without that check)', () => {
    const ajv = new Ajv2020({ strict: true });
    expect(ajv.validateSchema(published)).toBe(true);
    expect(ajv.errors ?? []).toEqual([]);
  });

  it('writes every rule with type, length and pattern keywords, never with format alone', () => {
    const keywords = new Set<string>();
    const collect = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(collect);
      else if (typeof node === 'object' && node !== null) {
        for (const [key, value] of Object.entries(node)) {
          keywords.add(key);
          collect(value);
        }
      }
    };
    Object.values(published.properties as object).forEach(collect);

    expect([...keywords].sort()).toEqual(['allOf', 'description', 'maxLength', 'minLength', 'pattern', 'type']);
  });
});

describe('an independent 2020-12 validator reaches the server\u2019s verdict', () => {
  it.each(ALL_INQUIRY_CASES.map((testCase) => [testCase.title, testCase] as const))('%s', (_title, { body, errors }) => {
    const expected = errors.length === 0;

    expect(verdicts(body)).toEqual({ server: expected, independent: expected });
  });

  it('on generated payloads near every boundary', () => {
    fc.assert(
      fc.property(inquiryPayload(), (body) => {
        const { server: serverVerdict, independent: independentVerdict } = verdicts(body);
        expect(serverVerdict).toBe(independentVerdict);
      }),
      { numRuns: 400 },
    );
  });

  it('generates both valid and invalid payloads (the property above is not vacuous)', () => {
    const samples = fc.sample(inquiryPayload(), { numRuns: 400, seed: 42 });
    const valid = samples.filter((body) => server(body).valid).length;

    expect(valid).toBeGreaterThan(20);
    expect(samples.length - valid).toBeGreaterThan(20);
  });
});

/** Characters at the edges of the rules: controls, whitespace, surrogates, astral code points. */
const TRICKY_UNITS = [
  'a', 'Z', '0', ' ', '\t', '\r', '\n', '\u000B', '\u0000', '\u001F', '\u007F', '\u0085', '\u009F', '\u00A0',
  '\u2028', '\u200B', '\uFEFF', '\u3000', '\uD800', '\uDFFF', EMOJI, ZWJ_SEQUENCE, 'é', '@', '.', '/', '?', '#', ':',
];
const BOUNDARY_LENGTHS = [0, 1, 2, 19, 20, 21, 119, 120, 121, 253, 254, 255, 2047, 2048, 2049, 4999, 5000, 5001];

const unit = fc.oneof(fc.constantFrom(...TRICKY_UNITS), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }));
const mixedText = fc.string({ unit, maxLength: 40 });
const textAtBoundary = fc
  .tuple(fc.constantFrom(...BOUNDARY_LENGTHS), fc.constantFrom('a', ' ', EMOJI), mixedText)
  .map(([length, filler, tail]) => {
    const head = [...filler.repeat(length)];
    const tailPoints = [...tail];
    return [...head.slice(0, Math.max(0, length - tailPoints.length)), ...tailPoints].slice(0, length).join('');
  });
const emailLike = fc.oneof(
  fc.emailAddress(),
  fc.tuple(fc.emailAddress(), mixedText).map(([email, noise]) => `${email}${noise}`),
  fc.constantFrom('me@gmail', 'a@b.co', 'ada@example.com\n', `${'a'.repeat(64)}@example.com`, `${'a'.repeat(65)}@example.com`, '.a@x.co', 'a..b@x.co'),
);
const urlLike = fc.oneof(
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.tuple(fc.constantFrom('https://', 'http://', 'HTTP://', 'ftp://', '//', ''), mixedText).map(([scheme, rest]) => scheme + rest),
  fc.constant(''),
);
const notAString = fc.oneof(fc.integer(), fc.constant(null), fc.boolean(), fc.array(fc.string(), { maxLength: 2 }), fc.object({ maxDepth: 1 }));
const value = (text: fc.Arbitrary<string>) => fc.oneof({ weight: 8, arbitrary: text }, { weight: 1, arbitrary: notAString });

/** A valid inquiry with up to three fields replaced, sometimes with an unknown field, sometimes from scratch. */
function inquiryPayload(): fc.Arbitrary<Record<string, unknown>> {
  const replacement = fc.oneof(
    fc.record({ name: value(fc.oneof(mixedText, textAtBoundary)) }),
    fc.record({ email: value(emailLike) }),
    fc.record({ message: value(fc.oneof(textAtBoundary, mixedText)) }),
    fc.record({ company: value(fc.oneof(mixedText, textAtBoundary, fc.constant(''))) }),
    fc.record({ project_url: value(urlLike) }),
    fc.record({ _gotcha: value(fc.oneof({ weight: 3, arbitrary: fc.constant('') }, { weight: 1, arbitrary: mixedText })) }),
  );
  const base = fc.oneof({ weight: 5, arbitrary: fc.constant<Record<string, unknown>>(VALID_INQUIRY) }, { weight: 1, arbitrary: fc.constant({}) });
  const unknown = fc.dictionary(fc.constantFrom('phone', 'Name', '__proto__', '', 'website'), fc.string(), { minKeys: 1, maxKeys: 1 });
  const extra = fc.oneof({ weight: 5, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: unknown });
  return fc.tuple(base, fc.array(replacement, { maxLength: 3 }), extra).map(([start, replacements, additions]) => {
    // A JSON round trip, as a request body makes: no undefined, no -0, lone surrogates kept.
    const body = JSON.parse(JSON.stringify(Object.assign({}, start, ...replacements))) as Record<string, unknown>;
    // defineProperty, so that `__proto__` becomes an own member as JSON.parse would make it.
    for (const [key, extraValue] of Object.entries(additions)) {
      Object.defineProperty(body, key, { value: extraValue, enumerable: true, writable: true, configurable: true });
    }
    return body;
  });
}
