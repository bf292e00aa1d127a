/** What the contact function needs to start, with dummy credentials for the mocked SDK clients. */
export const CONTACT_ENVIRONMENT = {
  BASE_URL: 'https://example.com',
  COUNTER_TABLE: 'rate-limit-counters',
  COUNTER_KEY_SECRET: 'a-test-secret-of-at-least-32-characters',
  FORM_TOKEN_SECRET: 'a-test-form-token-key-of-32-characters',
  INQUIRY_TABLE: 'inquiries',
  AWS_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
} as const;

/** What the delivery worker needs to start. */
export const DELIVERY_ENVIRONMENT = {
  CONTACT_TO: 'owner@example.com',
  CONTACT_FROM: 'contact@example.com',
  INQUIRY_TABLE: 'inquiries',
  COUNTER_TABLE: 'rate-limit-counters',
  AWS_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
} as const;
