/**
 * The media type the OpenAPI Initiative registered for OpenAPI documents in JSON. Apart from the
 * document, so that the api-catalog names it without bundling what builds the document.
 */
export const OPENAPI_CONTENT_TYPE = 'application/vnd.oai.openapi+json;version=3.1';
