import { expect, it } from '@jest/globals';
import { CreateEmailIdentityCommand, GetEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { senderIdentityHandler } from '../../../lambdas/sender-identity/handler.js';
import { sesIdentities } from '../../../lambdas/sender-identity/ses-identities.js';
import { capturedOutput } from '../../support/captured-output.js';
import { CloudFormationStandIn } from '../../support/cloudformation-stand-in.js';
import { SENDER_IDENTITY, senderIdentityProperties } from '../../support/custom-resource-events.js';
import { describeWithMoto, useMoto } from '../../support/moto-server.js';

/*
 * The sender's identity against moto's SES v2, which speaks its REST protocol: GetEmailIdentity's
 * NotFoundException, CreateEmailIdentity, DeleteEmailIdentity. (moto answers a second create of
 * an identity without AlreadyExistsException, which the SDK-mocked test covers.)
 */

describeWithMoto()('the sender’s identity, against moto’s SES v2', () => {
  const moto = useMoto('eu-west-1');
  capturedOutput();
  const client = () => new SESv2Client({ endpoint: moto().endpoint, region: 'eu-west-1', credentials: { accessKeyId: 'testing', secretAccessKey: 'testing' } });
  const identity = (name: string) => client().send(new GetEmailIdentityCommand({ EmailIdentity: name }));
  const stack = () => {
    const cloudFormation = new CloudFormationStandIn(SENDER_IDENTITY);
    return cloudFormation.drive(senderIdentityHandler(sesIdentities(client()), cloudFormation.put));
  };

  it('makes the address’s identity, which waits for its link, and deletes it with the stack', async () => {
    await moto().reset();
    const site = stack();

    expect(await site.create(senderIdentityProperties('ada@mail.example.net'))).toBe('CREATE_COMPLETE');
    expect(await identity('ada@mail.example.net')).toMatchObject({ IdentityType: 'EMAIL_ADDRESS', VerifiedForSendingStatus: false });

    expect(await site.delete()).toBe('DELETE_COMPLETE');
    await expect(identity('ada@mail.example.net')).rejects.toMatchObject({ name: 'NotFoundException' });
  });

  it('confirms the address SES knows already, and leaves it when the stack goes', async () => {
    await moto().reset();
    await client().send(new CreateEmailIdentityCommand({ EmailIdentity: 'ada@mail.example.net' }));
    const site = stack();

    expect(await site.create(senderIdentityProperties('ada@mail.example.net'))).toBe('CREATE_COMPLETE');
    expect(await site.delete()).toBe('DELETE_COMPLETE');

    expect(await identity('ada@mail.example.net')).toMatchObject({ IdentityType: 'EMAIL_ADDRESS' });
  });

  it('confirms a domain SES knows already, making no identity of the address, and leaves it when the stack goes', async () => {
    await moto().reset();
    await client().send(new CreateEmailIdentityCommand({ EmailIdentity: 'mail.example.net' }));
    const site = stack();

    expect(await site.create(senderIdentityProperties('ada@mail.example.net'))).toBe('CREATE_COMPLETE');
    await expect(identity('ada@mail.example.net')).rejects.toMatchObject({ name: 'NotFoundException' });
    expect(await site.delete()).toBe('DELETE_COMPLETE');

    expect(await identity('mail.example.net')).toMatchObject({ IdentityType: 'DOMAIN' });
  });
});
