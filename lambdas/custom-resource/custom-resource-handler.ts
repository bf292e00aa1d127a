import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { errorName } from '../http/error-name.js';
import { writeEventLine } from '../http/request-log.js';
import { answerCloudFormation, type PutAnswer } from './cloudformation-response.js';

/** What a custom resource's work ends with: the physical id to answer, and what its log line says of it (names, never a value). */
export interface CustomResourceResult {
  readonly physicalResourceId: string;
  readonly logFields: Readonly<Record<string, unknown>>;
}

/**
 * A custom resource's function: it does `work` for each request CloudFormation sends, writes one
 * log line of what came of it, and answers CloudFormation SUCCESS with the physical id, or FAILED
 * with why.
 */
export function customResourceHandler(logMessage: string, work: (event: CloudFormationCustomResourceEvent) => Promise<CustomResourceResult>, put: PutAnswer) {
  return async (event: CloudFormationCustomResourceEvent): Promise<void> => {
    const fields = { requestType: event.RequestType, logicalResourceId: event.LogicalResourceId };
    try {
      const { physicalResourceId, logFields } = await work(event);
      writeEventLine(logMessage, { ...fields, outcome: 'ready', ...logFields }, null);
      await answerCloudFormation(event, { status: 'SUCCESS', physicalResourceId }, put);
    } catch (error) {
      const name = errorName(error);
      writeEventLine(logMessage, { ...fields, outcome: 'failed', errorName: name }, null);
      // A failed create still needs an id: CloudFormation deletes the resource by it, which must change nothing.
      const physicalResourceId = event.RequestType === 'Create' ? event.RequestId : event.PhysicalResourceId;
      // The message goes to CloudFormation's events, where a failed deploy shows it, never to a log line.
      const reason = `${name}: ${error instanceof Error ? error.message : String(error)}`;
      await answerCloudFormation(event, { status: 'FAILED', physicalResourceId, reason }, put);
    }
  };
}
