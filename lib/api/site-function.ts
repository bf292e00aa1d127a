import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { fileURLToPath } from 'node:url';
import { LOG_RETENTION } from '../log-retention.js';
import { handlerBundling, LAMBDA_RUNTIME } from './bundling.js';

const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface SiteFunctionProps {
  /** The handler's folder under lambdas/ (a name from the route table). */
  readonly handlerName: string;
  /** Exactly the settings the handler reads. */
  readonly environment: Readonly<Record<string, string>>;
  readonly memorySize: number;
  readonly timeout: Duration;
  /** Modules of the handler's folder it loads only when needed, bundled apart (lib/api/bundling.ts). */
  readonly lazyModules: readonly string[];
  /** Files the function reads from its own bundle, by their name there, from their absolute paths at synth. */
  readonly bundledFiles?: Readonly<Record<string, string>>;
}

/**
 * One handler of lambdas/<name>/handler.ts as a Lambda function, with the project's defaults in
 * one place: runtime, arm64, minified ESM bundle with a source map, its own log group with a
 * retention, and a role that may write to that log group and nothing else until granted more.
 */
export class SiteFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: SiteFunctionProps) {
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: LOG_RETENTION,
      // The stack owns its logs; the retention already bounds how long history lives.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // Not AWSLambdaBasicExecutionRole: it may create any log group and write to all of them.
    const role = new Role(scope, `${id}Role`, { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(role);

    super(scope, id, {
      description: `${props.handlerName} handler (lambdas/${props.handlerName}/handler.ts)`,
      entry: fileURLToPath(new URL(`../../lambdas/${props.handlerName}/handler.ts`, import.meta.url)),
      handler: 'handler',
      projectRoot: PROJECT_ROOT,
      depsLockFilePath: fileURLToPath(new URL('../../package-lock.json', import.meta.url)),
      runtime: LAMBDA_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize,
      timeout: props.timeout,
      role,
      logGroup,
      bundling: handlerBundling(`lambdas/${props.handlerName}`, props.lazyModules, props.bundledFiles),
      // No NODE_OPTIONS=--enable-source-maps: a logged crash's frames are mapped when it is logged
      // (lambdas/http/stack-frames.ts), not every map parsed at every cold start.
      environment: props.environment,
    });
  }
}
