import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { emailDomain } from '../email-domain.js';

/** SES's identities, as the custom resource uses them (ses-identities.ts; SES v2 mocked, or moto's, in tests). */
export interface EmailIdentities {
  /** Whether SES knows the identity (an address or a domain) in this account and region, verified or not. */
  exists(identity: string): Promise<boolean>;
  /** Makes the address's identity, which mails it a link to verify it: true, or false when SES knew it already. */
  create(address: string): Promise<boolean>;
  /** Deletes the identity; one already gone is no failure. */
  delete(identity: string): Promise<void>;
}

/** The custom resource's properties (lib/mail/sender-identity.ts), as CloudFormation passes them. */
export interface SenderIdentityProperties {
  /** The sender's address. */
  readonly EmailIdentity: string;
}

/**
 * The physical id's prefix says who made the identity: the stack, which deletes it with itself,
 * or someone else, whose identity the stack never deletes. The rest is the address.
 */
const MADE_BY_THE_STACK = 'made-by-this-stack:';
const FOUND_IN_THE_ACCOUNT = 'found-in-the-account:';

/** What a request came to: the physical id, and what became of the identity, for the log line (no address). */
export interface IdentityOutcome {
  readonly physicalResourceId: string;
  readonly identity: 'made' | 'found' | 'unchanged' | 'deleted' | 'left';
}

/**
 * The sender's SES identity (docs/api.md §12), made by the stack or confirmed where SES knows it
 * already: its address, or its domain. An identity that exists never fails the deploy, and only
 * one the stack made is deleted with it. A create or a new address makes or finds the identity;
 * an update that keeps the address (a rollback, or the function's new code) changes nothing; a
 * delete deletes an identity the stack made, whose address the physical id names.
 */
export async function senderIdentity(event: CloudFormationCustomResourceEvent, identities: EmailIdentities): Promise<IdentityOutcome> {
  const held = event.RequestType === 'Create' ? undefined : heldIdentity(event.PhysicalResourceId);
  if (event.RequestType === 'Delete') {
    if (held?.made !== true) return { physicalResourceId: event.PhysicalResourceId, identity: 'left' };
    await identities.delete(held.address);
    return { physicalResourceId: event.PhysicalResourceId, identity: 'deleted' };
  }
  const address = (event.ResourceProperties as unknown as SenderIdentityProperties).EmailIdentity;
  if (event.RequestType === 'Update' && held?.address === address) return { physicalResourceId: event.PhysicalResourceId, identity: 'unchanged' };
  const domain = emailDomain(address);
  // The address's domain verified covers the address: a second identity would only mail a link.
  if ((await identities.exists(address)) || (await identities.exists(domain)) || !(await identities.create(address))) {
    return { physicalResourceId: `${FOUND_IN_THE_ACCOUNT}${address}`, identity: 'found' };
  }
  return { physicalResourceId: `${MADE_BY_THE_STACK}${address}`, identity: 'made' };
}

/** The address a physical id names, and whether the stack made its identity; undefined for any other id (a failed create's). */
function heldIdentity(physicalResourceId: string): { readonly address: string; readonly made: boolean } | undefined {
  for (const [prefix, made] of [[MADE_BY_THE_STACK, true], [FOUND_IN_THE_ACCOUNT, false]] as const) {
    if (physicalResourceId.startsWith(prefix)) return { address: physicalResourceId.slice(prefix.length), made };
  }
  return undefined;
}
