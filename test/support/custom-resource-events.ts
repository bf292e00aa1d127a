import type { CloudFormationCustomResourceEvent } from 'aws-lambda';

const COMMON = {
  ServiceToken: 'arn:aws:lambda:eu-west-1:123456789012:function:keeper',
  ResponseURL: 'https://cloudformation-custom-resource-response-euwest1.s3.amazonaws.com/signed?X-Amz-Signature=abc',
  StackId: 'arn:aws:cloudformation:eu-west-1:123456789012:stack/PersonalSite/0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0',
} as const;

/** A custom resource of the stack: its logical id and type. */
export interface CustomResourceOfStack {
  readonly LogicalResourceId: string;
  readonly ResourceType: string;
}

export const DEPLOYMENT_KEYS: CustomResourceOfStack = { LogicalResourceId: 'DeploymentKeysE0105110', ResourceType: 'Custom::DeploymentKeys' };
export const SENDER_IDENTITY: CustomResourceOfStack = { LogicalResourceId: 'SenderAddressIdentity1A2B3C4D', ResourceType: 'Custom::SenderIdentity' };

/** The properties lib/keys/deployment-keys.ts gives the custom resource, as CloudFormation passes them. */
export function keysProperties(secretId: string, rotations: Record<string, string> = {}, previousSeconds = '3600') {
  return {
    ServiceToken: COMMON.ServiceToken,
    SecretId: secretId,
    Rotations: { originVerify: '', counterKey: '', formTokenKey: '', ...rotations },
    PreviousOriginVerifySeconds: previousSeconds,
  };
}

/** The properties lib/mail/sender-identity.ts gives the sender's identity, as CloudFormation passes them. */
export function senderIdentityProperties(address: string) {
  return { ServiceToken: COMMON.ServiceToken, EmailIdentity: address };
}

/** A Create, Update or Delete request as CloudFormation sends it to the custom resource's function. */
export function customResourceEvent(
  request:
    | { readonly type: 'Create'; readonly properties: Record<string, unknown> }
    | { readonly type: 'Update'; readonly physicalResourceId: string; readonly properties: Record<string, unknown>; readonly old: Record<string, unknown> }
    | { readonly type: 'Delete'; readonly physicalResourceId: string; readonly properties: Record<string, unknown> },
  requestId = crypto.randomUUID(),
  resource: CustomResourceOfStack = DEPLOYMENT_KEYS,
): CloudFormationCustomResourceEvent {
  const base = { ...COMMON, ...resource, RequestId: requestId, ResourceProperties: request.properties as CloudFormationCustomResourceEvent['ResourceProperties'] };
  switch (request.type) {
    case 'Create':
      return { ...base, RequestType: 'Create' };
    case 'Update':
      return {
        ...base,
        RequestType: 'Update',
        PhysicalResourceId: request.physicalResourceId,
        OldResourceProperties: request.old as CloudFormationCustomResourceEvent['ResourceProperties'],
      };
    case 'Delete':
      return { ...base, RequestType: 'Delete', PhysicalResourceId: request.physicalResourceId };
  }
}
