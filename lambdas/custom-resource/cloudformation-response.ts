import type { CloudFormationCustomResourceEvent } from 'aws-lambda';

/** A PUT of the answer: fetch, or a fake in tests. */
export type PutAnswer = (url: string, init: { readonly method: 'PUT'; readonly body: Uint8Array }) => Promise<{ readonly ok: boolean; readonly status: number }>;

/** What the custom resource tells CloudFormation: its physical id, and why it failed when it did. */
export type CustomResourceOutcome =
  | { readonly status: 'SUCCESS'; readonly physicalResourceId: string }
  | { readonly status: 'FAILED'; readonly physicalResourceId: string; readonly reason: string };

/**
 * Answers CloudFormation at the pre-signed URL of the event, as its custom resource protocol asks.
 * Written here rather than taken from the Provider framework of aws-cdk-lib, which would add a
 * second function, its role and its log group to the stack for one PUT. The body goes as bytes,
 * so that fetch sends no Content-Type: the URL's signature was made without one.
 */
export async function answerCloudFormation(event: CloudFormationCustomResourceEvent, outcome: CustomResourceOutcome, put: PutAnswer): Promise<void> {
  const body = JSON.stringify({
    Status: outcome.status,
    ...(outcome.status === 'FAILED' ? { Reason: outcome.reason } : {}),
    PhysicalResourceId: outcome.physicalResourceId,
    StackId: event.StackId,
    RequestId: event.RequestId,
    LogicalResourceId: event.LogicalResourceId,
  });
  const response = await put(event.ResponseURL, { method: 'PUT', body: Buffer.from(body) });
  if (!response.ok) throw new Error(`CloudFormation's response URL answered ${response.status}`);
}
