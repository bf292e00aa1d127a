/**
 * A test of a Content-Type header for one media type, with no parameter but an optional
 * `charset=utf-8` (quoted or not), in any case: what docs/api.md §2 accepts of a request body.
 */
export function utf8MediaType(essence: string): (contentType: string | undefined) => boolean {
  const escaped = essence.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const pattern = new RegExp(`^\\s*${escaped}\\s*(?:;\\s*charset\\s*=\\s*(?:utf-8|"utf-8")\\s*)?$`, 'i');
  return (contentType) => contentType !== undefined && pattern.test(contentType);
}

/**
 * The media type the OpenAPI Initiative registered for OpenAPI documents in JSON, here beside the
 * other media types so that the api-catalog names it without importing what builds the document.
 */
export const OPENAPI_CONTENT_TYPE = 'application/vnd.oai.openapi+json;version=3.1';
