import type { SiteSettings } from '../config.js';
import { IDEMPOTENCY_KEY_PATTERN, REMEMBER_SECONDS } from '../inquiry/idempotency-key.js';
import { INQUIRY_TOOL_NAME } from '../inquiry/inquiry-tool.js';
import { contactRequestSchema } from '../inquiry/schema.js';
import { FIELD_ERROR_CODES } from '../inquiry/field-errors.js';
import { limitsInWords, RATE_LIMIT_FIELD_PATTERN, rateLimitPolicy } from '../inquiry/limits.js';
import { contactDescription } from './contact-description.js';
import { contactAnswers, EXAMPLE_REQUEST_ID } from './contact-answers.js';
import { siteUrls } from '../site-urls.js';

const schema = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The license of this description and of the code that serves it: the project's (package.json). */
export const OPENAPI_LICENSE = { name: 'MIT', identifier: 'MIT' } as const;

/**
 * `GET /openapi.json` (docs/api.md §13): an OpenAPI 3.1 description of the public HTTP APIs, built
 * from the definitions the service runs on (the request schema, the configured limits, the error
 * codes and answers), so that a changed rule changes the document too.
 */
export function openApiDocument(site: SiteSettings) {
  const { limits } = site;
  const rateLimitHeaders = {
    RateLimit: {
      description:
        'draft-ietf-httpapi-ratelimit-headers-10: of the scope with the fewest requests remaining (`ip` on a tie; the refusing scope on a 429), `r` requests remain until the window ends in `t` seconds.',
      required: true,
      schema: { type: 'string', pattern: RATE_LIMIT_FIELD_PATTERN },
      example: `"ip";r=${limits.ip - 1};t=1800`,
    },
    'RateLimit-Policy': {
      description: 'draft-ietf-httpapi-ratelimit-headers-10: `q` requests per `w` seconds, per client IP and per e-mail address.',
      required: true,
      schema: { type: 'string', const: rateLimitPolicy(limits) },
    },
  };
  const description = contactDescription(site);
  return {
    openapi: '3.1.1',
    info: {
      title: `${site.siteName}: public HTTP APIs on this site`,
      version: '1.0.0',
      description: [
        `Send the owner of this site (${site.siteName}) a project inquiry; it is delivered by e-mail and answered personally.`,
        'No API key required: no operation needs any credential.',
        `Limits: ${limitsInWords(limits)}.`,
        'Every error is an RFC 9457 problem details object with a machine-readable `code` and the `requestId`.',
      ].join('\n\n'),
      contact: { name: site.siteName, url: siteUrls(site.baseUrl).contactForm },
      license: OPENAPI_LICENSE,
    },
    servers: [{ url: site.baseUrl }],
    // No operation needs a credential (docs/api.md §2, §5): said, not left for a tool to guess.
    security: [],
    tags: [{ name: 'contact', description: 'A project inquiry for the site owner.' }],
    paths: {
      '/api/contact': {
        get: {
          tags: ['contact'],
          operationId: 'describeContact',
          summary: 'How to send an inquiry, with its JSON Schema',
          description: `The method, URL, media type and limits of \`POST /api/contact\`, and the JSON Schema (draft 2020-12) the server validates with: the \`Inquiry\` schema of this document.`,
          responses: {
            200: {
              description: 'The description of the contact endpoint.',
              // No example: it would hold a second schema resource with the request schema's `$id`.
              content: { 'application/json': { schema: schema('ContactDescription') } },
            },
            429: {
              description:
                'Too many requests, refused before the service answers: by API Gateway’s stage throttle, with its own body (`{"message":"Too Many Requests"}`), or by a rate rule of the front door’s web ACL, with no body. No `Retry-After`: wait a few seconds.',
              content: {
                'application/json': {
                  schema: { type: 'object', required: ['message'], properties: { message: { type: 'string', examples: ['Too Many Requests'] } } },
                },
              },
            },
          },
        },
        post: {
          tags: ['contact'],
          operationId: INQUIRY_TOOL_NAME,
          summary: 'Send the site owner a project inquiry',
          description: [
            'Stores one JSON object for the site owner, who receives it by e-mail; replies go to the `email` given.',
            'The per-IP limit is checked for every POST: over it the answer is 429, and a failing counter store answers 503. Then the first failing check answers, in this order: size (413), content coding and media type (415), JSON (400), schema (422), per-e-mail limit (429), the inquiry store (503).',
            'Every POST not refused with 429 counts against its client IP address.',
          ].join('\n\n'),
          parameters: [{ $ref: '#/components/parameters/Idempotency-Key' }],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: schema('Inquiry'),
                examples: {
                  inquiry: {
                    summary: 'Every field',
                    value: {
                      name: 'Ada Lovelace',
                      email: 'ada@example.com',
                      message: 'I would like an analytical engine programmed; could we talk next week?',
                      company: 'Analytical Engines Ltd',
                      project_url: 'https://example.com/engine',
                    },
                  },
                  required: {
                    summary: 'The required fields only',
                    value: {
                      name: 'Grace Hopper',
                      email: 'grace@example.com',
                      message: 'A compiler for a small project, if you have the time.',
                    },
                  },
                },
              },
            },
          },
          responses: contactAnswers(limits),
        },
      },
    },
    components: {
      schemas: {
        Inquiry: contactRequestSchema(site.baseUrl, site.extraFields),
        Accepted: {
          type: 'object',
          required: ['status', 'id'],
          additionalProperties: false,
          properties: {
            status: { type: 'string', const: 'accepted' },
            id: {
              description:
                'The inquiry’s id: the request id, or with an `Idempotency-Key` one made of the key and the body; it stands in the owner’s e-mail and inbox.',
              type: 'string',
              format: 'uuid',
              examples: [EXAMPLE_REQUEST_ID],
            },
          },
        },
        RequestId: {
          description: 'The request id: it stands in the request’s log line.',
          type: 'string',
          format: 'uuid',
          examples: [EXAMPLE_REQUEST_ID],
        },
        FieldError: {
          type: 'object',
          required: ['field', 'code', 'message', 'userMessage'],
          additionalProperties: false,
          properties: {
            field: { description: 'The field as sent, an unknown one included.', type: 'string' },
            code: {
              description: 'The field’s first failure, in the order listed.',
              type: 'string',
              enum: [...FIELD_ERROR_CODES],
            },
            message: { description: 'One sentence for a person.', type: 'string' },
            userMessage: {
              description:
                'The sentence the site’s own form shows beside the field, in words for the visitor rather than the JSON field’s name; `message` where the form has none of its own. Show it as text, never as markup.',
              type: 'string',
            },
          },
        },
        ContactDescription: {
          type: 'object',
          required: Object.keys(description),
          additionalProperties: false,
          properties: {
            name: { type: 'string', const: description.name },
            description: { type: 'string' },
            method: { type: 'string', const: description.method },
            url: { type: 'string', format: 'uri' },
            contentType: { type: 'string', const: description.contentType },
            authentication: { type: 'string', const: description.authentication },
            rateLimits: {
              type: 'array',
              items: {
                type: 'object',
                required: ['scope', 'limit', 'windowSeconds'],
                additionalProperties: false,
                properties: {
                  scope: { type: 'string', enum: ['ip', 'email'] },
                  limit: { type: 'integer', minimum: 1 },
                  windowSeconds: { type: 'integer', minimum: 1 },
                },
              },
            },
            idempotencyKey: {
              type: 'object',
              required: ['header', 'required', 'rememberedSeconds', 'description'],
              additionalProperties: false,
              properties: {
                header: { type: 'string', const: 'Idempotency-Key' },
                required: { type: 'boolean', const: false },
                rememberedSeconds: { type: 'integer', const: REMEMBER_SECONDS },
                description: { type: 'string' },
              },
            },
            requestSchema: { description: 'The JSON Schema (draft 2020-12) of the request body.', type: 'object' },
          },
        },
      },
      parameters: {
        'Idempotency-Key': {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'Makes a retry safe. A second POST with the same key and the same body within 24 hours gets the first one’s answer again (`Idempotency-Replayed: true`), and nothing is sent or counted; the same key with another body answers 422 `idempotency_key_reused`, and while the first is still being handled, 409 `request_in_progress`. A 503 is not remembered: retrying with the same key tries again.',
          schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN },
          example: '8d1f2c7e-inquiry-1',
        },
      },
      headers: {
        ...rateLimitHeaders,
        ...Object.fromEntries(
          Object.entries(rateLimitHeaders).map(([name, definition]) => [
            `${name}-WhenCounted`,
            {
              ...definition,
              description: `${definition.description} Absent on the answers to the \`Idempotency-Key\` itself (400 \`invalid_idempotency_key\`, 409, 422 \`idempotency_key_reused\`), which no counter is asked for.`,
              required: false,
            },
          ]),
        ),
        'Idempotency-Replayed': {
          description: 'Present on the stored answer to an earlier POST with the same `Idempotency-Key` and body.',
          required: false,
          schema: { type: 'string', const: 'true' },
        },
      },
    },
  };
}
