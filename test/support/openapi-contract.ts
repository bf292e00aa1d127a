import { registerSchema, validate, type SchemaObject, type Validator } from '@hyperjump/json-schema/openapi-3-1';
import { randomUUID } from 'node:crypto';
import type { HttpResponse } from './http-client.js';

/**
 * The OpenAPI Initiative's schema of 3.1 documents, in the form Hyperjump reads a document's own
 * schemas with when it declares no other dialect (a schema's `$schema` may still name its own).
 */
const OPENAPI_31_SCHEMA_BASE = 'https://spec.openapis.org/oas/3.1/schema-base';

type Node = Record<string, unknown>;

/** An OpenAPI 3.1 document, and what Hyperjump (an independent JSON Schema implementation) says of values against it. */
export interface OpenApiContract {
  readonly document: Node;
  /** The errors of a value against the schema at a JSON Pointer of the document; none when it is valid. */
  violations(pointer: string, value: unknown): Promise<string[]>;
  /**
   * What a live answer to `method path` breaks of the document: an undocumented status or media
   * type, a body or a header against its schema, a required header missing. None when they agree.
   */
  answerViolations(method: string, path: string, response: HttpResponse): Promise<string[]>;
}

/** A JSON Pointer of the given property names. */
export function pointer(...names: Array<string | number>): string {
  return names.map((name) => `/${String(name).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

/**
 * Registers the document as Hyperjump's loader registers an OpenAPI 3.1 document it fetches, so
 * that `$ref`s inside resolve against it.
 */
export function openApiContract(document: Node): OpenApiContract {
  const url = `https://openapi.test/${randomUUID()}/openapi.json`;
  // A JSON round trip: the library accepts plain JSON objects of its own realm only.
  registerSchema(JSON.parse(JSON.stringify(document)) as SchemaObject, url, OPENAPI_31_SCHEMA_BASE);

  const violations = async (at: string, value: unknown) => {
    const output = await validate(`${url}#${at}`, value as Parameters<Validator>[0], 'BASIC');
    return output.valid ? [] : (output.errors ?? []).map((error) => `${error.instanceLocation} fails ${error.absoluteKeywordLocation.replace(url, '')}`);
  };

  const answerViolations = async (method: string, path: string, response: HttpResponse) => {
    const operationAt = pointer('paths', path, method.toLowerCase());
    const answerAt = `${operationAt}${pointer('responses', response.status)}`;
    if (at(document, operationAt) === undefined) return [`${method} ${path} is not documented`];
    const answer = at(document, answerAt);
    if (answer === undefined) return [`${method} ${path} answered ${response.status}, which is not documented`];

    const found: string[] = [];
    const content = (answer.content ?? {}) as Node;
    const mediaType = String(response.headers['content-type'] ?? '').split(';')[0]?.trim() ?? '';
    if (mediaType in content) {
      const body: unknown = JSON.parse(response.text);
      found.push(...(await violations(`${answerAt}${pointer('content', mediaType, 'schema')}`, body)).map((error) => `body: ${error}`));
    } else if (Object.keys(content).length > 0 || response.text !== '') {
      found.push(`${response.status} answered ${mediaType || 'no media type'}, documented: ${Object.keys(content).join(', ') || 'no body'}`);
    }

    for (const [name, declared] of Object.entries((answer.headers ?? {}) as Record<string, Node>)) {
      const headerAt = typeof declared.$ref === 'string' ? declared.$ref.slice(1) : `${answerAt}${pointer('headers', name)}`;
      const header = at(document, headerAt) as Node;
      const value = response.headers[name.toLowerCase()];
      if (value === undefined) {
        if (header.required === true) found.push(`header ${name} is required but missing`);
        continue;
      }
      const schemaAt = `${headerAt}/schema`;
      // A header is text; a schema of type integer describes the number that text spells.
      const typed = (at(document, schemaAt) as Node).type === 'integer' && /^\d+$/.test(String(value)) ? Number(value) : value;
      found.push(...(await violations(schemaAt, typed)).map((error) => `header ${name}: ${error}`));
    }
    return found;
  };

  return { document, violations, answerViolations };
}

/** The node at a JSON Pointer, or undefined. */
export function at(document: Node, jsonPointer: string): Node | undefined {
  let node: unknown = document;
  for (const token of jsonPointer.split('/').slice(1)) {
    const name = token.replaceAll('~1', '/').replaceAll('~0', '~');
    node = typeof node === 'object' && node !== null ? (node as Node)[name] : undefined;
  }
  return node as Node | undefined;
}
