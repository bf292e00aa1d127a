import type { PutAnswer } from '../custom-resource/cloudformation-response.js';
import { customResourceHandler } from '../custom-resource/custom-resource-handler.js';
import { senderIdentity, type EmailIdentities } from './sender-identity.js';
import { sesIdentities } from './ses-identities.js';

/**
 * The custom resource that makes or confirms the sender's SES identity (docs/api.md §12), run at
 * deploys only. Its log line says what became of the identity, never the address.
 */
export function senderIdentityHandler(identities: EmailIdentities, put: PutAnswer) {
  return customResourceHandler(
    'sender identity',
    async (event) => {
      const { physicalResourceId, identity } = await senderIdentity(event, identities);
      return { physicalResourceId, logFields: { identity } };
    },
    put,
  );
}

export const handler = senderIdentityHandler(sesIdentities(), (url, init) => fetch(url, init));
