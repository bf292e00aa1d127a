import { afterAll, beforeEach, describe, expect, it } from '@jest/globals';
import {
  AlreadyExistsException,
  CreateEmailIdentityCommand,
  DeleteEmailIdentityCommand,
  GetEmailIdentityCommand,
  NotFoundException,
  SESv2Client,
} from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { senderIdentityHandler } from '../../../lambdas/sender-identity/handler.js';
import { sesIdentities } from '../../../lambdas/sender-identity/ses-identities.js';
import { capturedOutput } from '../../support/captured-output.js';
import { CloudFormationStandIn } from '../../support/cloudformation-stand-in.js';
import { SENDER_IDENTITY, senderIdentityProperties } from '../../support/custom-resource-events.js';

/*
 * The sender's identity (docs/api.md §12) through the real handler, as CloudFormation drives it:
 * SES v2 mocked with the errors its model names (NotFoundException, AlreadyExistsException).
 */

const SENDER = 'ada@mail.example.net';
const ses = mockClient(SESv2Client);
const output = capturedOutput();
/** The identities SES knows in the account, as GetEmailIdentity finds them. */
let known: Set<string>;

beforeEach(() => {
  ses.reset();
  known = new Set();
  ses.on(GetEmailIdentityCommand).callsFake(async ({ EmailIdentity }: { EmailIdentity: string }) => {
    if (!known.has(EmailIdentity)) throw new NotFoundException({ message: `Email identity ${EmailIdentity} does not exist.`, $metadata: {} });
    return { IdentityType: EmailIdentity.includes('@') ? 'EMAIL_ADDRESS' : 'DOMAIN', VerifiedForSendingStatus: false };
  });
  ses.on(CreateEmailIdentityCommand).callsFake(async ({ EmailIdentity }: { EmailIdentity: string }) => {
    if (known.has(EmailIdentity)) throw new AlreadyExistsException({ message: `Email identity ${EmailIdentity} already exist.`, $metadata: {} });
    known.add(EmailIdentity);
    return { IdentityType: 'EMAIL_ADDRESS', VerifiedForSendingStatus: false };
  });
  ses.on(DeleteEmailIdentityCommand).callsFake(async ({ EmailIdentity }: { EmailIdentity: string }) => {
    if (!known.delete(EmailIdentity)) throw new NotFoundException({ message: `Email identity ${EmailIdentity} does not exist.`, $metadata: {} });
    return {};
  });
});
afterAll(() => {
  ses.restore();
});

function stack(): CloudFormationStandIn {
  const cloudFormation = new CloudFormationStandIn(SENDER_IDENTITY);
  return cloudFormation.drive(senderIdentityHandler(sesIdentities(new SESv2Client({ region: 'eu-west-1' })), cloudFormation.put));
}
const created = (address: string) => ses.commandCalls(CreateEmailIdentityCommand).map((call) => call.args[0].input.EmailIdentity).filter((name) => name === address);
const deleted = () => ses.commandCalls(DeleteEmailIdentityCommand).map((call) => call.args[0].input.EmailIdentity);

describe('the sender’s identity', () => {
  it('is made when SES knows neither the address nor its domain, and deleted with the stack', async () => {
    const site = stack();

    expect(await site.create(senderIdentityProperties(SENDER))).toBe('CREATE_COMPLETE');
    expect(created(SENDER)).toHaveLength(1);
    expect(known.has(SENDER)).toBe(true);
    expect(site.physicalResourceId).toBe(`made-by-this-stack:${SENDER}`);

    expect(await site.delete()).toBe('DELETE_COMPLETE');
    expect(known.has(SENDER)).toBe(false);
  });

  it.each([
    ['the address', SENDER],
    ['its domain', 'mail.example.net'],
  ])('is confirmed, never made nor deleted, when SES knows %s already', async (_title, identity) => {
    known.add(identity);
    const site = stack();

    expect(await site.create(senderIdentityProperties(SENDER))).toBe('CREATE_COMPLETE');
    expect(site.physicalResourceId).toBe(`found-in-the-account:${SENDER}`);
    expect(ses.commandCalls(CreateEmailIdentityCommand)).toHaveLength(0);

    expect(await site.delete()).toBe('DELETE_COMPLETE');
    expect(deleted()).toEqual([]);
    expect(known.has(identity)).toBe(true);
  });

  it('is confirmed when SES answers the create AlreadyExistsException (made by someone else in between), and not deleted', async () => {
    ses.on(GetEmailIdentityCommand).rejects(new NotFoundException({ message: 'not found', $metadata: {} }));
    known.add(SENDER);
    const site = stack();

    expect(await site.create(senderIdentityProperties(SENDER))).toBe('CREATE_COMPLETE');
    expect(site.physicalResourceId).toBe(`found-in-the-account:${SENDER}`);
    expect(await site.delete()).toBe('DELETE_COMPLETE');
    expect(deleted()).toEqual([]);
  });

  it('on a new sender, makes or finds the new one’s identity and deletes the old one only if the stack made it', async () => {
    const site = stack();
    await site.create(senderIdentityProperties(SENDER));
    known.add('contact@example.org');

    expect(await site.update(senderIdentityProperties('contact@example.org'))).toBe('UPDATE_COMPLETE');
    expect(site.physicalResourceId).toBe('found-in-the-account:contact@example.org');
    expect(deleted()).toEqual([SENDER]);

    expect(await site.update(senderIdentityProperties(SENDER))).toBe('UPDATE_COMPLETE');
    expect(site.physicalResourceId).toBe(`made-by-this-stack:${SENDER}`);
    expect(known.has('contact@example.org')).toBe(true);
  });

  it('on an update that keeps the address, or its rollback, changes nothing and keeps its id', async () => {
    const site = stack();
    await site.create(senderIdentityProperties(SENDER));
    ses.resetHistory();

    expect(await site.update({ ...senderIdentityProperties(SENDER), ServiceToken: 'arn:aws:lambda:eu-west-1:123456789012:function:keeper2' }, { laterFailure: true })).toBe(
      'UPDATE_ROLLBACK_COMPLETE',
    );

    expect(site.physicalResourceId).toBe(`made-by-this-stack:${SENDER}`);
    expect(ses.calls()).toHaveLength(0);
  });

  it('rolls back a new sender that failed to the old identity, deleting nothing', async () => {
    const site = stack();
    await site.create(senderIdentityProperties(SENDER));
    ses.on(CreateEmailIdentityCommand).rejects(new Error('Maximum sending identities reached.'));

    expect(await site.update(senderIdentityProperties('contact@example.org'))).toBe('UPDATE_ROLLBACK_COMPLETE');

    expect(site.physicalResourceId).toBe(`made-by-this-stack:${SENDER}`);
    expect(known.has(SENDER)).toBe(true);
    expect(deleted()).toEqual([]);
  });

  it('on a failed create, answers FAILED with why, and deletes nothing when CloudFormation deletes what failed', async () => {
    ses.on(GetEmailIdentityCommand).rejects(Object.assign(new Error('User is not authorized to perform ses:GetEmailIdentity'), { name: 'AccessDeniedException' }));
    const site = stack();

    expect(await site.create(senderIdentityProperties(SENDER))).toBe('ROLLBACK_COMPLETE');

    expect(site.requests.map((request) => request.RequestType)).toEqual(['Create', 'Delete']);
    expect(deleted()).toEqual([]);
    expect(output.text()).toContain('"outcome":"failed","errorName":"AccessDeniedException"');
  });

  it('deletes an identity already gone without failing', async () => {
    const site = stack();
    await site.create(senderIdentityProperties(SENDER));
    known.delete(SENDER);

    expect(await site.delete()).toBe('DELETE_COMPLETE');
  });

  it('writes what became of the identity in its log line, never the address', async () => {
    await stack().create(senderIdentityProperties(SENDER));

    expect(JSON.parse(output.text())).toMatchObject({ message: 'sender identity', requestType: 'Create', outcome: 'ready', identity: 'made' });
    expect(output.text()).not.toContain('ada@');
    expect(output.text()).not.toContain('example.net');
  });
});
