import {
  AlreadyExistsException,
  CreateEmailIdentityCommand,
  DeleteEmailIdentityCommand,
  GetEmailIdentityCommand,
  NotFoundException,
  SESv2Client,
} from '@aws-sdk/client-sesv2';
import type { EmailIdentities } from './sender-identity.js';

/**
 * SES v2's identities in the function's region: the custom resource's only dependency. Its errors
 * are the SES v2 model's: NotFoundException for an identity SES does not know, AlreadyExistsException
 * for one it does (CreateEmailIdentity, GetEmailIdentity, DeleteEmailIdentity in its API reference).
 */
export function sesIdentities(client: SESv2Client = new SESv2Client({})): EmailIdentities {
  return {
    exists: async (identity) => {
      try {
        await client.send(new GetEmailIdentityCommand({ EmailIdentity: identity }));
        return true;
      } catch (error) {
        if (error instanceof NotFoundException) return false;
        throw error;
      }
    },
    create: async (address) => {
      try {
        await client.send(new CreateEmailIdentityCommand({ EmailIdentity: address }));
        return true;
      } catch (error) {
        // Made between the look and the create, by someone else: theirs, never deleted by the stack.
        if (error instanceof AlreadyExistsException) return false;
        throw error;
      }
    },
    delete: async (identity) => {
      try {
        await client.send(new DeleteEmailIdentityCommand({ EmailIdentity: identity }));
      } catch (error) {
        if (!(error instanceof NotFoundException)) throw error;
      }
    },
  };
}
