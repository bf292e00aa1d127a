import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { validate } from '@hyperjump/json-schema/openapi-3-1';
import { Validator } from '@seriousme/openapi-schema-validator';
import { readSiteSettings } from '../../../lambdas/config.js';
import { contactRequestSchema } from '../../../lambdas/inquiry/schema.js';
import { FIELD_ERROR_CODES } from '../../../lambdas/inquiry/field-errors.js';
import { REASON_PHRASES } from '../../../lambdas/http/problem.js';
import { ROUTES } from '../../../lambdas/routes.js';
import { OPENAPI_CONTENT_TYPE } from '../../../lambdas/http/media-type.js';
import { openApiDocument } from '../../../lambdas/schema/openapi.js';
import { at, openApiContract, pointer } from '../../support/openapi-contract.js';
import { spamWordsIn } from '../../support/spam-words.js';
import { site } from '../discovery/site.js';

type Node = Record<string, any>;

/** The document as a client reads it: through JSON. */
const documentOf = (settings = site): Node => JSON.parse(JSON.stringify(openApiDocument(settings)));
const document = documentOf();
const contact = document.paths['/api/contact'];
const contract = openApiContract(document);

/** Every value the document gives as an example, with the JSON Pointer of the schema it must satisfy. */
function examplesIn(node: unknown, at = ''): Array<{ at: string; schemaAt: string; value: unknown }> {
  if (typeof node !== 'object' || node === null) return [];
  const found: Array<{ at: string; schemaAt: string; value: unknown }> = [];
  const object = node as Node;
  // A Schema Object's own `examples` (JSON Schema 2020-12) hold values of that schema.
  if (Array.isArray(object.examples) && 'type' in object) {
    object.examples.forEach((value: unknown, index: number) => found.push({ at: `${at}/examples/${index}`, schemaAt: at, value }));
  }
  // A Media Type, Parameter or Header Object: `example` or `examples` beside its `schema`.
  if ('schema' in object) {
    if ('example' in object) found.push({ at: `${at}/example`, schemaAt: `${at}/schema`, value: object.example });
    for (const [name, example] of Object.entries((object.examples ?? {}) as Record<string, Node>)) {
      found.push({ at: `${at}${pointer('examples', name)}`, schemaAt: `${at}/schema`, value: example.value });
    }
  }
  for (const [name, child] of Object.entries(object)) {
    if (name !== 'examples' && name !== 'example') found.push(...examplesIn(child, `${at}${pointer(name)}`));
  }
  return found;
}

/** The dialect of a Schema Object that names none (OpenAPI 3.1 §4.8.24): JSON Schema 2020-12 with OpenAPI's keywords. */
const OAS_BASE_DIALECT = 'https://spec.openapis.org/oas/3.1/dialect/base';

/** The document's Schema Objects: its components' and each `schema` of a media type, parameter or header. */
function schemasIn(node: unknown, at = ''): Array<{ at: string; schema: Node }> {
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node as Node).flatMap(([name, child]) => {
    const childAt = `${at}${pointer(name)}`;
    if (name === 'schema') return [{ at: childAt, schema: child as Node }];
    if (at === '/components/schemas') return [{ at: childAt, schema: child as Node }];
    return schemasIn(child, childAt);
  });
}

/** Each Schema Object against the meta-schema of its dialect: its own `$schema`, or OpenAPI's default. */
async function invalidSchemas(document: Node): Promise<string[]> {
  const invalid: string[] = [];
  for (const { at, schema } of schemasIn(document)) {
    if ((await validate(schema.$schema ?? OAS_BASE_DIALECT, schema)).valid !== true) invalid.push(at);
  }
  return invalid;
}

describe('openApiDocument (docs/api.md §13: GET {base}/openapi.json)', () => {
  it('passes the OpenAPI 3.1 schema, as @seriousme/openapi-schema-validator checks it', async () => {
    const validator = new Validator();
    const result = await validator.validate(document);

    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('holds only valid schemas, each in its own dialect (Hyperjump)', async () => {
    const schemas = schemasIn(document);

    expect(schemas.map(({ at }) => at)).toEqual(expect.arrayContaining(['/components/schemas/Inquiry', '/components/headers/RateLimit/schema']));
    expect(await invalidSchemas(document)).toEqual([]);
  });

  it('fails both validators when broken, so that their passing means something', async () => {
    const broken = documentOf();
    broken.components.schemas.Inquiry.properties.name.minLength = -1;
    broken.components.headers.RateLimit.schema.type = 'text';
    delete broken.info.version;

    expect((await new Validator().validate(broken)).valid).toBe(false);
    expect(await invalidSchemas(broken)).toEqual(['/components/schemas/Inquiry', '/components/headers/RateLimit/schema']);
  });

  it('is served as the OpenAPI media type for 3.1', () => {
    expect(OPENAPI_CONTENT_TYPE).toBe('application/vnd.oai.openapi+json;version=3.1');
  });

  it('names the public HTTP APIs on this site, asks for no credential, and gives the configured limits', () => {
    expect(document.info.title).toBe("Ada's workshop: public HTTP APIs on this site");
    expect(document.info.description).toContain('No API key required');
    expect(document.info.description).toMatch(/at most 7 POST requests per client IP address and 2 valid inquiries per e-mail address/);
    // An empty list of requirements: the OpenAPI way to say that no operation needs one.
    expect(document.security).toEqual([]);
    expect(document.components.securitySchemes).toBeUndefined();
    expect(document.servers).toEqual([{ url: 'https://ada.example.org' }]);
  });

  it('names its license, the project’s, and the contact form as the way to reach the owner', () => {
    const project = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { license: string };

    expect(document.info.license).toEqual({ name: project.license, identifier: project.license });
    expect(document.info.contact).toEqual({ name: "Ada's workshop", url: 'https://ada.example.org/contact' });
  });

  it('gives GET /api/contact its one 4XX answer: the throttle’s 429, which the service never writes', async () => {
    const responses = contact.get.responses as Record<string, Node>;

    expect(Object.keys(responses)).toEqual(['200', '429']);
    expect(await contract.violations(pointer('paths', '/api/contact', 'get', 'responses', 429, 'content', 'application/json', 'schema'), { message: 'Too Many Requests' })).toEqual([]);
  });

  it('describes only routes of the route table, and every GET and POST of /api/contact', () => {
    const documented = Object.entries(document.paths as Record<string, Node>).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const routes = ROUTES.map((route) => `${route.method} ${route.path}`);

    for (const operation of documented) expect(routes).toContain(operation);
    expect(documented.sort()).toEqual(['GET /api/contact', 'POST /api/contact']);
  });

  it('takes the very request schema the server validates with, with its $id and dialect', () => {
    expect(contact.post.requestBody).toMatchObject({ required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Inquiry' } } } });
    expect(document.components.schemas.Inquiry).toEqual(JSON.parse(JSON.stringify(contactRequestSchema('https://ada.example.org'))));
  });

  it('lists every answer of POST /api/contact, each problem with its title, status and codes', () => {
    const responses = contact.post.responses as Record<string, Node>;
    expect(Object.keys(responses)).toEqual(['202', '400', '409', '413', '415', '422', '429', '500', '503']);

    const codes = Object.fromEntries(
      Object.entries(responses)
        .filter(([status]) => status !== '202')
        .map(([status, response]) => {
          const problem = response.content['application/problem+json'].schema;
          expect(problem.properties.title.const).toBe(REASON_PHRASES[Number(status)]);
          expect(problem.properties.status.const).toBe(Number(status));
          expect(problem.required).toEqual(expect.arrayContaining(['type', 'title', 'status', 'detail', 'code', 'requestId']));
          return [status, problem.properties.code.enum];
        }),
    );
    expect(codes).toEqual({
      400: ['malformed_json', 'invalid_idempotency_key'],
      409: ['request_in_progress'],
      413: ['payload_too_large'],
      415: ['unsupported_media_type', 'unsupported_content_encoding'],
      422: ['validation_failed', 'idempotency_key_reused'],
      429: ['rate_limited'],
      500: ['internal_error'],
      503: ['temporarily_unavailable'],
    });
    expect(responses[422]?.content['application/problem+json'].schema.properties.errors.items).toEqual({ $ref: '#/components/schemas/FieldError' });
    expect(document.components.schemas.FieldError.properties.code.enum).toEqual([...FIELD_ERROR_CODES]);
    expect(responses[429]?.content['application/problem+json'].schema).toMatchObject({
      required: expect.arrayContaining(['scope']),
      properties: { scope: { enum: ['ip', 'email'] } },
    });
  });

  it('gives each answer its headers: RateLimit fields but on 500 and 503, Retry-After where a wait is asked', () => {
    const headers = Object.fromEntries(
      Object.entries(contact.post.responses as Record<string, Node>).map(([status, response]) => [status, Object.keys(response.headers ?? {})]),
    );
    const final = ['RateLimit', 'RateLimit-Policy', 'Idempotency-Replayed'];
    expect(headers).toEqual({
      202: final,
      400: final,
      409: ['Retry-After'],
      413: final,
      415: [...final, 'Accept-Encoding'],
      422: final,
      429: ['RateLimit', 'RateLimit-Policy', 'Retry-After'],
      500: [],
      503: ['Retry-After'],
    });
    expect(contact.post.responses[429].headers['Retry-After'].schema).toEqual({ type: 'integer', minimum: 1, maximum: 3600 });
    expect(contact.post.responses[503].headers['Retry-After'].schema).toEqual({ type: 'integer', minimum: 1, maximum: 300 });
    expect(document.components.headers['RateLimit-Policy'].schema.const).toBe('"ip";q=7;w=3600, "email";q=2;w=3600');
    // 400 and 422 are also the answers to an Idempotency-Key itself, which no counter is asked for.
    const required = (status: 202 | 400 | 422) =>
      ['RateLimit', 'RateLimit-Policy'].map((name) => at(document, String(contact.post.responses[status].headers[name].$ref).slice(1))?.required);
    expect([required(202), required(400), required(422)]).toEqual([[true, true], [false, false], [false, false]]);
  });

  it('documents the Idempotency-Key header: 1 to 255 printable ASCII characters, quoted or bare', async () => {
    expect(contact.post.parameters).toEqual([{ $ref: '#/components/parameters/Idempotency-Key' }]);
    const parameter = document.components.parameters['Idempotency-Key'];
    expect(parameter).toMatchObject({ name: 'Idempotency-Key', in: 'header', required: false });

    const verdict = async (key: string) => (await contract.violations('/components/parameters/Idempotency-Key/schema', key)).length === 0;
    for (const key of ['a', 'k'.repeat(255), '"quoted key"', `"${'k'.repeat(255)}"`, '8d1f2c7e-inquiry-1', 'with space']) {
      expect({ key, valid: await verdict(key) }).toEqual({ key, valid: true });
    }
    for (const key of ['', '""', 'k'.repeat(256), `"${'k'.repeat(256)}"`, 'tab\there', 'é', '"a"b"']) {
      expect({ key, valid: await verdict(key) }).toEqual({ key, valid: false });
    }
  });

  it('tells agents no more of the spam signals than a 202 says: no form token, no signal, nothing held (docs/api.md §15)', () => {
    expect(spamWordsIn(JSON.stringify(document))).toEqual([]);
  });

  it('gives examples, each valid against its schema', async () => {
    const examples = examplesIn(document);
    const problemCodes = Object.values(contact.post.responses as Record<string, Node>).flatMap(
      (response) => response.content['application/problem+json']?.schema.properties.code.enum ?? [],
    );
    // Both requests, the 202, one per problem code, the headers' and the request id's.
    expect(examples.length).toBeGreaterThanOrEqual(2 + 1 + problemCodes.length);
    expect(await contract.violations('/components/schemas/Accepted', { status: 'accepted' })).not.toEqual([]);

    for (const { at, schemaAt, value } of examples) {
      expect({ at, violations: await contract.violations(schemaAt, value) }).toEqual({ at, violations: [] });
    }
  });

  it('follows the configuration: another site, other limits, another document', () => {
    const other = documentOf(readSiteSettings({ BASE_URL: 'http://localhost:3000', RATE_LIMIT_IP: '50', RATE_LIMIT_EMAIL: '9' }));

    expect(other.servers).toEqual([{ url: 'http://localhost:3000' }]);
    expect(other.components.schemas.Inquiry.$id).toBe('http://localhost:3000/api/contact');
    expect(other.components.headers['RateLimit-Policy'].schema.const).toBe('"ip";q=50;w=3600, "email";q=9;w=3600');
    expect(other.info.description).toMatch(/at most 50 POST requests per client IP address and 9 valid inquiries/);
  });
});
