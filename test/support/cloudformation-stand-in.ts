import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import type { PutAnswer } from '../../lambdas/custom-resource/cloudformation-response.js';
import { customResourceEvent, DEPLOYMENT_KEYS, type CustomResourceOfStack } from './custom-resource-events.js';

/** What the custom resource answered one request, as CloudFormation read it at the response URL. */
interface Answer {
  readonly Status: 'SUCCESS' | 'FAILED';
  readonly PhysicalResourceId: string;
  readonly Reason?: string;
}

type StackStatus = 'CREATE_COMPLETE' | 'ROLLBACK_COMPLETE' | 'UPDATE_COMPLETE' | 'UPDATE_ROLLBACK_COMPLETE' | 'UPDATE_ROLLBACK_FAILED' | 'DELETE_COMPLETE' | 'DELETE_FAILED';

/**
 * One custom resource of a stack, driven the way CloudFormation drives it (its custom resource
 * reference: the Create, Update and Delete requests; aws-cdk's docs/CLOUDFORMATION.md): an answer
 * with a new physical id is a replacement, whose old resource is deleted at the cleanup after the
 * update, or the new one at the rollback's; a failed update (an answer FAILED, or none) is rolled
 * back by a second Update with the old and new properties swapped, to the physical id the
 * resource had; a failed rollback leaves the stack UPDATE_ROLLBACK_FAILED.
 */
export class CloudFormationStandIn {
  /** The resource's physical id and properties, as the stack records them. */
  physicalResourceId: string | undefined;
  properties: Record<string, unknown> | undefined;
  /** Every request sent, in order. */
  readonly requests: CloudFormationCustomResourceEvent[] = [];
  private readonly answers = new Map<string, Answer>();
  private answerLost = false;
  private handler: ((event: CloudFormationCustomResourceEvent) => Promise<void>) | undefined;

  constructor(private readonly resource: CustomResourceOfStack = DEPLOYMENT_KEYS) {}

  /** The response URL's PUT, which the custom resource's function is given; it refuses the answer when one is to be lost. */
  readonly put: PutAnswer = async (_url, init) => {
    const answer = JSON.parse(Buffer.from(init.body).toString('utf8')) as Answer & { RequestId: string };
    if (this.answerLost) return { ok: false, status: 500 };
    this.answers.set(answer.RequestId, answer);
    return { ok: true, status: 200 };
  };

  /** The custom resource's function, made with `put`. */
  drive(handler: (event: CloudFormationCustomResourceEvent) => Promise<void>): this {
    this.handler = handler;
    return this;
  }

  async create(properties: Record<string, unknown>, { laterFailure = false } = {}): Promise<StackStatus> {
    const answer = await this.send(this.request({ type: 'Create', properties }));
    if (answer?.Status !== 'SUCCESS' || laterFailure) {
      await this.send(this.request({ type: 'Delete', physicalResourceId: answer?.PhysicalResourceId ?? 'generated-by-cloudformation', properties }));
      return 'ROLLBACK_COMPLETE';
    }
    [this.physicalResourceId, this.properties] = [answer.PhysicalResourceId, properties];
    return 'CREATE_COMPLETE';
  }

  /**
   * A deploy that changes the resource's properties. `answerLost`: the function's answer never
   * reaches CloudFormation, which fails the update when it times out; `laterFailure`: the update
   * succeeds, and another resource of the same deploy fails.
   */
  async update(properties: Record<string, unknown>, { answerLost = false, laterFailure = false } = {}): Promise<StackStatus> {
    const [physicalResourceId, old] = [this.physicalResourceId!, this.properties!];
    this.answerLost = answerLost;
    const answer = await this.send(this.request({ type: 'Update', physicalResourceId, properties, old }));
    this.answerLost = false;
    if (answer?.Status === 'SUCCESS' && !laterFailure) {
      [this.physicalResourceId, this.properties] = [answer.PhysicalResourceId, properties];
      if (answer.PhysicalResourceId !== physicalResourceId) await this.send(this.request({ type: 'Delete', physicalResourceId, properties: old }));
      return 'UPDATE_COMPLETE';
    }
    if (answer?.Status === 'SUCCESS' && answer.PhysicalResourceId !== physicalResourceId) {
      // A replacement rolled back: the old resource is the stack's again, the new one deleted at the cleanup.
      await this.send(this.request({ type: 'Delete', physicalResourceId: answer.PhysicalResourceId, properties }));
      return 'UPDATE_ROLLBACK_COMPLETE';
    }
    const rollback = await this.send(this.request({ type: 'Update', physicalResourceId, properties: old, old: properties }));
    if (rollback?.Status !== 'SUCCESS') return 'UPDATE_ROLLBACK_FAILED';
    this.physicalResourceId = rollback.PhysicalResourceId;
    if (rollback.PhysicalResourceId !== physicalResourceId) await this.send(this.request({ type: 'Delete', physicalResourceId, properties }));
    return 'UPDATE_ROLLBACK_COMPLETE';
  }

  async delete(): Promise<StackStatus> {
    const answer = await this.send(this.request({ type: 'Delete', physicalResourceId: this.physicalResourceId!, properties: this.properties! }));
    return answer?.Status === 'SUCCESS' ? 'DELETE_COMPLETE' : 'DELETE_FAILED';
  }

  /** The answer to the last request, if CloudFormation received one. */
  lastAnswer(): Answer | undefined {
    return this.answers.get(this.requests.at(-1)!.RequestId);
  }

  private request(request: Parameters<typeof customResourceEvent>[0]): CloudFormationCustomResourceEvent {
    return customResourceEvent(request, crypto.randomUUID(), this.resource);
  }

  private async send(event: CloudFormationCustomResourceEvent): Promise<Answer | undefined> {
    this.requests.push(event);
    // A function that throws answers nothing: CloudFormation waits for its ServiceTimeout, then fails the request.
    await this.handler!(event).catch(() => undefined);
    return this.answers.get(event.RequestId);
  }
}
