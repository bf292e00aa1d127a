/**
 * The inquiry as one operation, named alike wherever an agent meets it: the OpenAPI document's
 * operation and the contact form's declarative WebMCP tool (docs/api.md §9, §13).
 */
export const INQUIRY_TOOL_NAME = 'sendInquiry';

/** The inquiry in one sentence, for agents: the schema document's description and the form's tool description. */
export function inquiryToolDescription(siteName: string): string {
  return `Send a project inquiry to the owner of this site (${siteName}); it is delivered by e-mail and answered personally.`;
}
